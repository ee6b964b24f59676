// Group membership: nested groups resolved transitively (a member of a member group is a member),
// plus the virtual group of every logged-in user.
import { isDraft } from 'immer';
import type { SiteState } from '../state/model.ts';
import { own } from '../lib/records.ts';

export const AUTHENTICATED_GROUP = 'AuthenticatedUsers';

const parentsCache = new WeakMap<SiteState['groups'], Map<string, string[]>>();

/** principal id -> ids of the groups that list it directly as a member. */
function parentsIndex(groups: SiteState['groups']): Map<string, string[]> {
  const cacheable = !isDraft(groups);
  let index = cacheable ? parentsCache.get(groups) : undefined;
  if (!index) {
    index = new Map();
    for (const g of Object.values(groups)) {
      for (const m of g.members) {
        const list = index.get(m);
        if (list) list.push(g.id);
        else index.set(m, [g.id]);
      }
    }
    if (cacheable) parentsCache.set(groups, index);
  }
  return index;
}

/** Every group `principalId` belongs to, directly or through other groups (not the virtual one). */
export function groupsOf(state: SiteState, principalId: string): string[] {
  const index = parentsIndex(state.groups);
  const seen = new Set<string>();
  const queue = [...(index.get(principalId) ?? [])];
  while (queue.length) {
    const g = queue.shift()!;
    if (seen.has(g) || g === principalId) continue;
    seen.add(g);
    queue.push(...(index.get(g) ?? []));
  }
  return [...seen];
}

/** Would making `member` a member of `group` create a cycle? */
export const wouldCycle = (state: SiteState, group: string, member: string) =>
  member === group || groupsOf(state, group).includes(member);

/** Global roles of an authenticated principal: its own, its groups', the virtual group's. */
export function effectiveRoles(state: SiteState, direct: readonly string[], groups: readonly string[]): string[] {
  const roles = new Set(direct);
  for (const g of [...groups, AUTHENTICATED_GROUP]) for (const r of own(state.groups, g)?.roles ?? []) roles.add(r);
  return [...roles];
}
