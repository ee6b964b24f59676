// The one permission check: roles of a principal on a node (global + local, inherited unless
// blocked) against the roles that hold a permission there (workflow state, else acquired).
import { isDraft } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { WORKFLOWS } from '../workflow/definitions.ts';
import { siteRolesFor } from './permissions.ts';
import type { Principal } from './principal.ts';
import { own } from '../lib/records.ts';

/** A caller's roles on one node of one state, and the permissions asked there so far. */
interface Access {
  roles: ReadonlySet<string>;
  permissions: Map<string, boolean>;
}

/** Nodes remembered per (state, principal), at most (then forgotten all at once). */
const MAX_NODES = 4096;

/**
 * Roles and permission answers per state object, principal object and node object: all three are
 * immutable (a commit makes a new state), so an answer holds for as long as they live. A request
 * asks the same questions many times (actions, types, listings), and requests on one state ask
 * them again. Drafts are never remembered.
 */
const accessCache = new WeakMap<SiteState, WeakMap<Principal, Map<ContentNode, Access>>>();

function computeRoles(state: SiteState, principal: Principal, node: ContentNode): Set<string> {
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

function accessAt(state: SiteState, principal: Principal, node: ContentNode): Access {
  if (isDraft(state) || isDraft(node)) return { roles: computeRoles(state, principal, node), permissions: new Map() };
  let byPrincipal = accessCache.get(state);
  if (!byPrincipal) accessCache.set(state, (byPrincipal = new WeakMap()));
  let byNode = byPrincipal.get(principal);
  if (!byNode) byPrincipal.set(principal, (byNode = new Map()));
  let access = byNode.get(node);
  if (!access) {
    if (byNode.size >= MAX_NODES) byNode.clear();
    access = { roles: computeRoles(state, principal, node), permissions: new Map() };
    byNode.set(node, access);
  }
  return access;
}

/** The caller's roles on `node` (shared: copy before adding to it). */
export function rolesAt(state: SiteState, principal: Principal, node: ContentNode): ReadonlySet<string> {
  return accessAt(state, principal, node).roles;
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
  const access = accessAt(state, principal, node);
  let allowed = access.permissions.get(permission);
  if (allowed === undefined) {
    const { roles } = access;
    allowed = roles.has('Manager') || permissionRoles(state, node, permission).some((r) => roles.has(r));
    access.permissions.set(permission, allowed);
  }
  return allowed;
}

export const canView = (state: SiteState, principal: Principal, node: ContentNode) =>
  hasPermission(state, principal, node, 'View');
