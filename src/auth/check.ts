// The one permission check: roles of a principal on a node (global + local, inherited unless
// blocked) against the roles that hold a permission there (workflow state, else acquired).
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { WORKFLOWS } from '../workflow/definitions.ts';
import { siteRolesFor } from './permissions.ts';
import type { Principal } from './principal.ts';
import { own } from '../lib/records.ts';

export function rolesAt(state: SiteState, principal: Principal, node: ContentNode): Set<string> {
  const roles = new Set<string>(['Anonymous', ...principal.roles]);
  if (principal.id === null) return roles;
  roles.add('Authenticated');
  const ids = [principal.id, ...principal.groups, 'AuthenticatedUsers'];
  let current: ContentNode | undefined = node;
  while (current) {
    for (const id of ids) for (const role of own(current.localRoles, id) ?? []) roles.add(role);
    if (current.blockLocalRoles || current.parent === null) break;
    current = getNode(state, current.parent);
  }
  return roles;
}

/** Roles holding `permission` on `node`: the workflow state's setting, else acquired from the container. */
export function permissionRoles(state: SiteState, node: ContentNode, permission: string): string[] {
  let current: ContentNode | undefined = node;
  while (current) {
    const type = own(state.types, current.type);
    const workflow = type?.workflow ? WORKFLOWS[type.workflow] : undefined;
    const setting = workflow && current.reviewState ? workflow.states[current.reviewState]?.permissions[permission] : undefined;
    if (setting) return setting;
    if (current.parent === null) break;
    current = getNode(state, current.parent);
  }
  return siteRolesFor(permission, state.registry);
}

export function hasPermission(state: SiteState, principal: Principal, node: ContentNode, permission: string): boolean {
  const roles = rolesAt(state, principal, node);
  if (roles.has('Manager')) return true;
  return permissionRoles(state, node, permission).some((r) => roles.has(r));
}

export const canView = (state: SiteState, principal: Principal, node: ContentNode) =>
  hasPermission(state, principal, node, 'View');
