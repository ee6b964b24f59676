// The rows of the sharing page (supplement 31.10): principals holding sharing roles here or
// above (unless inheritance is blocked), the virtual group of logged-in users, search matches.
import type { RootUser } from '../../auth/authenticate.ts';
import { AUTHENTICATED_GROUP, effectiveRoles, groupsOf } from '../../auth/membership.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { matchingPrincipals } from '../principals/principals.ts';
import { getUser } from '../users/records.ts';
import { own } from '../../lib/records.ts';

export type RoleSetting = boolean | 'global' | 'acquired';

/** One row of the sharing page; `disabled` only on rows of principals that already have settings. */
export interface SharingEntry {
  disabled?: boolean;
  id: string;
  login: string | null;
  roles: Record<string, RoleSetting>;
  title: string;
  type: 'user' | 'group';
}


/** principal id -> local roles inherited from the ancestors of `node` (none when blocked). */
export function inheritedRoles(state: SiteState, node: ContentNode): Map<string, Set<string>> {
  const inherited = new Map<string, Set<string>>();
  if (node.blockLocalRoles) return inherited;
  let current = node.parent === null ? undefined : getNode(state, node.parent);
  while (current) {
    for (const [id, roles] of Object.entries(current.localRoles)) {
      const set = inherited.get(id) ?? new Set<string>();
      roles.forEach((r) => set.add(r));
      inherited.set(id, set);
    }
    if (current.blockLocalRoles || current.parent === null) break;
    current = getNode(state, current.parent);
  }
  return inherited;
}

/** Code-point order, as Python compares strings. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rows as plone.app.workflow's sharing view builds them: first the principals with settings
 * here (local or acquired sharing roles; the logged-in users group always), sorted with that group
 * first, then groups, then users, by name; then the search matches not already listed, groups
 * before users, with global roles only and without `disabled`. A role shows "global" before
 * "acquired" before a local `true`. The caller's own row is disabled.
 */
export function sharingEntries(
  state: SiteState,
  root: RootUser,
  node: ContentNode,
  available: string[],
  caller: string | null,
  search?: string,
): SharingEntry[] {
  const inherited = inheritedRoles(state, node);
  const ids = new Set<string>([AUTHENTICATED_GROUP, ...inherited.keys(), ...Object.keys(node.localRoles)]);
  const existing: { key: [number, string, string]; entry: SharingEntry }[] = [];
  for (const id of ids) {
    const group = id === AUTHENTICATED_GROUP ? undefined : own(state.groups, id);
    const user = group || id === AUTHENTICATED_GROUP ? undefined : getUser(state, root, id);
    const type = user ? 'user' : 'group';
    const global = new Set(group ? group.roles : user ? effectiveRoles(state, user.roles, groupsOf(state, id)) : []);
    const local = new Set(own(node.localRoles, id) ?? []);
    const above = inherited.get(id) ?? new Set<string>();
    let shown = id === AUTHENTICATED_GROUP;
    const roles: Record<string, RoleSetting> = {};
    for (const r of available) {
      if (global.has(r)) roles[r] = 'global';
      else if (above.has(r)) roles[r] = 'acquired';
      else if (local.has(r)) roles[r] = true;
      else roles[r] = false;
      if (roles[r] === 'acquired' || roles[r] === true) shown = true;
    }
    if (!shown) continue;
    const name = user ? user.username : id;
    const title = id === AUTHENTICATED_GROUP ? 'Logged-in users' : group ? group.title || id : user ? user.fullname || user.username || id : id;
    existing.push({
      key: [id === AUTHENTICATED_GROUP ? 0 : 1, type, name],
      entry: { disabled: id === caller, id, login: user ? user.username : null, roles, title, type },
    });
  }
  existing.sort((a, b) => a.key[0] - b.key[0] || byCodePoint(a.key[1], b.key[1]) || byCodePoint(a.key[2], b.key[2]));
  const out = existing.map((e) => e.entry);
  if (!search) return out;
  const listed = new Set(out.map((e) => `${e.type}:${e.id}`));
  const found = matchingPrincipals(state, root, search);
  const globalOnly = (roles: Iterable<string>) => {
    const held = new Set(roles);
    return Object.fromEntries(available.map((r): [string, RoleSetting] => [r, held.has(r) ? 'global' : false]));
  };
  for (const g of found.groups) {
    if (listed.has(`group:${g.id}`)) continue;
    out.push({ id: g.id, login: null, roles: globalOnly(g.roles), title: g.title || g.id, type: 'group' });
  }
  for (const u of found.users) {
    if (listed.has(`user:${u.id}`)) continue;
    out.push({ id: u.id, login: u.username, roles: globalOnly(effectiveRoles(state, u.roles, groupsOf(state, u.id))), title: u.fullname || u.id, type: 'user' });
  }
  return out;
}
