// Translation groups (supplement 20): linked objects share a group id, which is always the UID of
// one of its members, so a fresh group named after an unlinked object never collides.
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { emptyRecord, own } from '../../lib/records.ts';

export const languageOf = (node: ContentNode): string => (typeof node.fields.language === 'string' ? node.fields.language : '');

/** The members of the object's group by language, the object itself included. */
export function translationsOf(state: SiteState, node: ContentNode): Map<string, ContentNode> {
  const out = new Map<string, ContentNode>();
  const groups = state.translationGroups ?? {};
  const group = own(groups, node.uid);
  if (group === undefined) {
    out.set(languageOf(node), node);
    return out;
  }
  for (const [uid, g] of Object.entries(groups)) {
    if (g !== group) continue;
    const member = getNode(state, uid);
    if (member) out.set(languageOf(member), member);
  }
  out.set(languageOf(node), node);
  return out;
}

/** Draft mutator: put `target` (and its group) into the group of `source`. */
export function linkTranslation(draft: SiteState, source: ContentNode, target: ContentNode): void {
  const groups = (draft.translationGroups ??= emptyRecord());
  const group = own(groups, source.uid) ?? source.uid;
  const moving = own(groups, target.uid);
  groups[source.uid] = group;
  if (moving === undefined) {
    groups[target.uid] = group;
    return;
  }
  for (const [uid, g] of Object.entries(groups)) if (g === moving) groups[uid] = group;
}

/** Draft mutator: take `member` out of its group (re-keying the group when it was named after it). */
export function unlinkTranslation(draft: SiteState, member: ContentNode): void {
  const groups = draft.translationGroups ?? {};
  const group = own(groups, member.uid);
  if (group === undefined) return;
  delete groups[member.uid];
  const rest = Object.keys(groups).filter((uid) => groups[uid] === group && getNode(draft, uid));
  if (rest.length < 2) {
    for (const uid of rest) delete groups[uid];
    return;
  }
  if (group === member.uid) for (const uid of rest) groups[uid] = rest[0];
}
