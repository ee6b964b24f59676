// The derived indexes a commit touched: which catalog entries were added, removed or re-indexed
// (and in which indexes their values changed), and which aliases (redirects of old paths) came
// or went. Computed from the states before and after with the catalog's own record function,
// so the lines name the same indexes the catalog keeps.
import type { Patch } from 'immer';
import type { AliasEntry, ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { pathOf, traverse } from '../state/select.ts';
import { allowedRolesAndUsers, indexValues, recordPath, textsOf } from '../catalog/record.ts';
import { typesIndexedDiffer } from '../catalog/maintain.ts';
import { makeLine, type LineSink } from './lines.ts';
import { displayPath } from './content.ts';
import { sameValue } from './values.ts';
import { valueAt } from './sections.ts';
import { childCount } from '../state/children.ts';

const entryOf = (state: SiteState, node: ContentNode) => indexValues(state, node, allowedRolesAndUsers(state, node));

/** Names of the indexes whose values differ for one object between the two states. */
function changedIndexes(before: SiteState, b: ContentNode, after: SiteState, a: ContentNode): string[] {
  const vb = entryOf(before, b).v;
  const va = entryOf(after, a).v;
  const names = Object.keys(va).filter((k) => !sameValue(vb[k], va[k]));
  if (recordPath(before, b) !== recordPath(after, a)) names.push('path');
  if (textsOf(b).join('\u0000') !== textsOf(a).join('\u0000')) names.push('SearchableText');
  return names;
}

/** The object has children (their paths or security follow it in the catalog). */
const hasChildren = (node: ContentNode) => childCount(node) > 0;

/** What the descendants of a changed container get re-indexed in, if anything. */
function inherited(b: ContentNode, a: ContentNode, moved: boolean): string[] {
  const out: string[] = [];
  if (moved) out.push('path');
  if (moved || b.reviewState !== a.reviewState || b.localRoles !== a.localRoles || b.blockLocalRoles !== a.blockLocalRoles) out.push('allowedRolesAndUsers');
  return out;
}

export function describeCatalog(sink: LineSink, before: SiteState, after: SiteState, uids: string[]): void {
  const line = (target: string, op: 'add' | 'remove' | 'replace', detail: string, field?: string) => sink.index(makeLine('catalog', target, field, op, detail));
  const seen = new Set(uids);
  const queue = [...uids];
  for (let i = 0; i < queue.length; i++) {
    if (sink.full) {
      sink.omitted += queue.length - i;
      break;
    }
    const uid = queue[i];
    const b = getNode(before, uid);
    const a = getNode(after, uid);
    if (!b && a) line(displayPath(after, a), 'add', 'indexed');
    else if (b && !a) line(displayPath(before, b), 'remove', 'unindexed');
    if (!b || !a) continue;
    const names = changedIndexes(before, b, after, a);
    if (names.length) line(displayPath(after, a), 'replace', names.join(', '), 'reindexed');
    const moved = recordPath(before, b) !== recordPath(after, a);
    const below = inherited(b, a, moved);
    if (below.length && hasChildren(a)) line(`${recordPath(after, a)}/…`, 'replace', below.join(', '), 'descendants reindexed');
    // A new default page changes is_default_page of the old and the new one.
    if (b.fields.default_page !== a.fields.default_page) {
      for (const id of [b.fields.default_page, a.fields.default_page]) {
        const child = typeof id === 'string' ? traverse(after, [...pathOf(after, a), id])?.uid : undefined;
        if (child && !seen.has(child)) {
          seen.add(child);
          queue.push(child);
        }
      }
    }
  }
  if (before.types !== after.types && typesIndexedDiffer(before.types, after.types)) line('(every object)', 'replace', 'Type, object_provides, is_folderish, allowedRolesAndUsers', 'reindexed');
}

/** Old path of an alias and where it leads. */
function aliasTarget(state: SiteState, entry: AliasEntry): string {
  const node = getNode(state, entry.uid);
  return node ? displayPath(state, node) : entry.path;
}

/** Aliases (path ['aliases', outer, inner, oldPath]) the patches added, removed or changed. */
export function describeAliases(sink: LineSink, before: SiteState, after: SiteState, patches: readonly Patch[]): void {
  const done = new Set<string>();
  const visit = (path: (string | number)[], b: unknown, a: unknown): void => {
    if (b === a) return;
    if (path.length < 4) {
      const keys = new Set([...Object.keys((b as object) ?? {}), ...Object.keys((a as object) ?? {})]);
      for (const k of keys) visit([...path, k], valueAt(b, [k]), valueAt(a, [k]));
      return;
    }
    const old = String(path[3]);
    if (done.has(old)) return;
    done.add(old);
    const be = b as AliasEntry | undefined;
    const ae = a as AliasEntry | undefined;
    if (!be && ae) sink.index(makeLine('alias', old, undefined, 'add', `→ ${aliasTarget(after, ae)} added${ae.manual ? ' (manual)' : ''}`));
    else if (be && !ae) sink.index(makeLine('alias', old, undefined, 'remove', `→ ${aliasTarget(before, be)} removed`));
    else if (be && ae) sink.index(makeLine('alias', old, undefined, 'replace', `→ ${aliasTarget(before, be)} changed to → ${aliasTarget(after, ae)}`));
  };
  for (const p of patches) {
    if (p.path[0] !== 'aliases') continue;
    const at = p.path.slice(0, 4);
    visit(at, valueAt(before, at), valueAt(after, at));
  }
}
