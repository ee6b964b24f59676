// The rows of the sharing page (supplement 31.10): principals holding sharing roles here or
// above (unless inheritance is blocked), the virtual group of logged-in users, search matches.
import type { RootUser } from '../../auth/authenticate.ts';
import { AUTHENTICATED_GROUP, effectiveRoles, groupsOf } from '../../auth/membership.ts';
import { SHARING_ROLES } from '../../auth/roles.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { matchingPrincipals } from '../principals/principals.ts';
import { getUser } from '../users/records.ts';

export type RoleSetting = boolean | 'global' | 'acquired';

export interface SharingEntry {
  disabled: boolean;
  id: string;
  login: string | null;
  roles: Record<string, RoleSetting>;
  title: string;
  type: 'user' | 'group';
}

const SHARING_IDS = new Set(SHARING_ROLES.map((r) => r.id));

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

export function sharingEntries(
  state: SiteState,
  root: RootUser,
  node: ContentNode,
  available: string[],
  caller: string | null,
  search?: string,
): SharingEntry[] {
  const inherited = inheritedRoles(state, node);
  const holds = (roles: Iterable<string> | undefined) => [...(roles ?? [])].some((r) => SHARING_IDS.has(r));
  const ids = new Set<string>([AUTHENTICATED_GROUP]);
  for (const [id, roles] of Object.entries(node.localRoles)) if (holds(roles)) ids.add(id);
  for (const [id, roles] of inherited) if (holds(roles)) ids.add(id);
  if (search) {
    const found = matchingPrincipals(state, root, search);
    found.users.forEach((u) => ids.add(u.id));
    found.groups.forEach((g) => ids.add(g.id));
  }
  const entries = [...ids].map((id): SharingEntry => {
    const group = Object.hasOwn(state.groups, id) ? state.groups[id] : undefined;
    const user = group ? undefined : getUser(state, root, id);
    const global = new Set(group ? group.roles : user ? effectiveRoles(state, user.roles, groupsOf(state, id)) : []);
    const local = new Set(node.localRoles[id] ?? []);
    const above = inherited.get(id) ?? new Set<string>();
    const roles = Object.fromEntries(
      available.map((r): [string, RoleSetting] => [r, local.has(r) ? true : global.has(r) ? 'global' : above.has(r) ? 'acquired' : false]),
    );
    return {
      disabled: id === caller,
      id,
      login: user ? user.username : null,
      roles,
      title: id === AUTHENTICATED_GROUP ? 'Logged-in users' : (group?.title || user?.fullname || id),
      type: group ? 'group' : 'user',
    };
  });
  const rank = (e: SharingEntry) => (e.id === AUTHENTICATED_GROUP ? '0' : `1${e.type}${e.title.toLowerCase()}`);
  return entries.sort((a, b) => rank(a).localeCompare(rank(b)));
}
