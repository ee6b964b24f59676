// Role names (supplement 6.2) and the site-level questions the user/group endpoints ask.
import type { SiteState } from '../state/model.ts';
import { rootOf } from '../state/select.ts';
import { hasPermission, rolesAt } from './check.ts';
import type { Principal } from './principal.ts';

/** Portal roles that can be given globally (the `@roles` list, in its order). */
export const ASSIGNABLE_ROLES = ['Contributor', 'Editor', 'Member', 'Reader', 'Reviewer', 'Site Administrator', 'Manager'] as const;

/** Roles given on the sharing page, with their titles and the permission that delegates each. */
export const SHARING_ROLES: { id: string; title: string; permission: string }[] = [
  { id: 'Contributor', title: 'Can add', permission: 'Sharing page: Delegate Contributor role' },
  { id: 'Editor', title: 'Can edit', permission: 'Sharing page: Delegate Editor role' },
  { id: 'Reader', title: 'Can view', permission: 'Sharing page: Delegate Reader role' },
  { id: 'Reviewer', title: 'Can review', permission: 'Sharing page: Delegate Reviewer role' },
];

/** Automatic roles never stored or listed as global roles. */
export const AUTOMATIC_ROLES = new Set(['Anonymous', 'Authenticated', 'Owner']);

export const isAssignableRole = (r: unknown): r is string => typeof r === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(r);

/** The caller holds the Manager role on the site root. */
export const isManager = (state: SiteState, p: Principal) => rolesAt(state, p, rootOf(state)).has('Manager');

/** "Plone Site Setup: Users and Groups" on the site root (Manager, Site Administrator). */
export const canManageUsers = (state: SiteState, p: Principal) =>
  hasPermission(state, p, rootOf(state), 'Plone Site Setup: Users and Groups');
