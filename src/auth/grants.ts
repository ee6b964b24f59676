// The one decision on changes to users and groups: whether a caller may create or change a
// principal at all, and which global roles it may hand out — directly, or through a group
// (whose roles, and the roles of every group enclosing it, come with membership). POST and
// PATCH @users (JSON), each row of the CSV import, and every @groups change call it; the
// answers keep the messages of the path that asks.
import type { SiteState } from '../state/model.ts';
import { rootOf } from '../state/select.ts';
import { ApiError, badRequest, forbidden } from '../lib/errors.ts';
import { own } from '../lib/records.ts';
import { hasPermission } from './check.ts';
import { AUTHENTICATED_GROUP, groupsOf } from './membership.ts';
import type { Principal } from './principal.ts';
import { canManageUsers, isManager } from './roles.ts';

/** Roles only a Manager may hand out (supplement 11.3, 11.5, 12). */
const MANAGER_ONLY: ReadonlySet<string> = new Set(['Manager']);

export type PrincipalAction =
  /** POST @users, or one row of the CSV import. */
  | { kind: 'create-user' }
  /** PATCH @users/<user>. */
  | { kind: 'update-user'; user: string }
  /** POST @groups. */
  | { kind: 'create-group' }
  /** PATCH (members, roles, fields) or DELETE of @groups/<group>. */
  | { kind: 'change-group'; group: string; verb: 'modify' | 'delete' };

export interface Grant {
  /** Global roles given. */
  roles?: readonly string[];
  /** Global roles taken away. */
  dropRoles?: readonly string[];
  /** Groups the principal is made a member of. */
  groups?: readonly string[];
}

/** Global roles that membership of `group` brings: its own and those of every group enclosing it. */
export function rolesThroughGroup(state: SiteState, group: string): Set<string> {
  const roles = new Set<string>();
  for (const g of [group, ...groupsOf(state, group)]) for (const r of own(state.groups, g)?.roles ?? []) roles.add(r);
  return roles;
}

const managerOnly = (roles: Iterable<string>) => [...roles].find((r) => MANAGER_ONLY.has(r));

/** Why `caller` may not make this change (the error to answer), or undefined when it may. */
export function principalChangeRefusal(state: SiteState, caller: Principal, action: PrincipalAction, grant: Grant = {}): ApiError | undefined {
  const manager = isManager(state, caller);
  const roles = [...(grant.roles ?? []), ...(grant.dropRoles ?? [])];
  const groups = grant.groups ?? [];
  switch (action.kind) {
    case 'create-user':
      if (!hasPermission(state, caller, rootOf(state), 'Add portal member')) return new ApiError(403, 'Forbidden', 'You need AddPortalMember permission.');
      if ((roles.length || groups.length) && !canManageUsers(state, caller)) {
        const field = roles.length ? 'roles' : 'groups';
        const message = `Property '${roles.length ? 'Roles' : 'Groups'}' is not allowed.`;
        return new ApiError(400, 'WrongParameterError', `Error in fields. ${message}`, 'service', { errors: [{ field, message }] });
      }
      if (!manager && managerOnly(roles)) return forbidden("You can't create a user with the 'Manager' role.");
      break;
    case 'update-user':
      // Seed C7: other users' records are changed by Managers only.
      if (!manager && caller.id !== action.user) return forbidden("You can't update the properties of this user");
      if (roles.length && !canManageUsers(state, caller)) return forbidden("You can't update roles of this user");
      if (!manager && managerOnly(roles)) return forbidden("You can't update roles of this user");
      break;
    case 'create-group':
      if (!manager && managerOnly(roles)) return badRequest("You don't have permission to create a group with the 'Manager' role");
      break;
    case 'change-group':
      if (!manager && (managerOnly(rolesThroughGroup(state, action.group)) || managerOnly(roles))) {
        return badRequest(`You don't have permission to ${action.verb} a group with the 'Manager' role`);
      }
      break;
  }
  for (const g of groups) {
    if (g === AUTHENTICATED_GROUP || !own(state.groups, g)) return badRequest(`Unknown group: ${g}`);
    const role = manager ? undefined : managerOnly(rolesThroughGroup(state, g));
    if (role) return forbidden(`You can't add a user to the group '${g}': it gives the '${role}' role.`);
  }
  return undefined;
}

/** Throw the refusal, if any. */
export function checkPrincipalChange(state: SiteState, caller: Principal, action: PrincipalAction, grant?: Grant): void {
  const refusal = principalChangeRefusal(state, caller, action, grant);
  if (refusal) throw refusal;
}
