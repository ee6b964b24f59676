// GET /@linkintegrity?uids=...: for each object, what would break if it were deleted (31.17):
// the objects outside the deleted subtrees that relate to it or to anything inside it, and how
// many objects its deletion would take along.
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { descendants } from '../../state/select.ts';
import { all } from '../../domain/query.ts';
import { canView } from '../../auth/check.ts';
import { badRequest } from '../../lib/errors.ts';
import { summary } from '../../serialize/summary.ts';
import { urlOf } from '../../domain/urls.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { allRelations } from '../relations/graph.ts';

export function linkIntegrity(state: SiteState, req: ApiRequest): unknown[] {
  const uids = all(req.query, 'uids').flatMap((v) => v.split(',')).filter(Boolean);
  if (!uids.length) throw badRequest('Missing parameter "uids"');
  if (registryValue<boolean>(state, 'plone.enable_link_integrity_checks', true) === false) return [];
  const objects = uids.map((uid) => getNode(state, uid)).filter((n): n is ContentNode => !!n && canView(state, req.principal, n));
  const subtrees = new Map<string, Set<string>>();
  const deleted = new Set<string>();
  for (const node of objects) {
    const members = new Set([node.uid, ...[...descendants(state, node)].map((d) => d.uid)]);
    subtrees.set(node.uid, members);
    for (const m of members) deleted.add(m);
  }
  const incoming = new Map<string, string[]>();
  for (const r of allRelations(state)) {
    if (r.broken || !deleted.has(r.target) || deleted.has(r.source)) continue;
    const list = incoming.get(r.target) ?? [];
    list.push(r.source);
    incoming.set(r.target, list);
  }
  return objects.map((node) => {
    const members = subtrees.get(node.uid)!;
    const sources: string[] = [];
    for (const m of members) for (const s of incoming.get(m) ?? []) if (!sources.includes(s)) sources.push(s);
    const breaches = sources
      .map((uid) => getNode(state, uid)!)
      .filter((s) => canView(state, req.principal, s))
      .map((s) => ({ '@id': urlOf(state, s, req.url.siteUrl), title: (s.fields.title as string) ?? '', uid: s.uid }));
    return { ...summary(state, node, req), breaches, items_total: members.size - 1 };
  });
}
