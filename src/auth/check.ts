// The one permission check: roles of a principal on a node (global + local, inherited unless
// blocked) against the roles that hold a permission there (workflow state, else acquired).
import { isDraft } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { WORKFLOWS } from '../workflow/definitions.ts';
import { siteRolesFor } from './permissions.ts';
import type { Principal } from './principal.ts';
import { own } from '../lib/records.ts';

/** A caller's roles on one node, and the permissions asked there so far. */
interface Access {
  roles: ReadonlySet<string>;
  permissions: Map<string, boolean>;
  /**
   * What the answers read, as they were: from the node up its parents to the root, of each node
   * its local roles, their blocking, its type, review state and parent (FIELDS values a node);
   * the state's types and registry. Another state with the same gets the same answers.
   */
  path: unknown[];
  types: SiteState['types'] | undefined;
  registry: SiteState['registry'] | undefined;
}

/** Nodes remembered per (state, principal), and per principal across states, at most (then forgotten all at once). */
const MAX_NODES = 4096;

/**
 * Roles and permission answers per state object, principal object and node object: all three are
 * immutable (a commit makes a new state), so an answer holds for as long as they live. A request
 * asks the same questions many times (actions, types, listings), and requests on one state ask
 * them again. Drafts are never remembered.
 */
const accessCache = new WeakMap<SiteState, WeakMap<Principal, Map<ContentNode, Access>>>();

/**
 * The answers per principal object and node UID across states: a commit makes a new state (and a
 * new copy of a folder that gets a child), but what the answers about a node read is most often
 * the same objects and values on the next one (holds()); they are taken again, not worked out anew.
 */
const acrossStates = new WeakMap<Principal, Map<string, Access>>();

/** Values recorded of each node on the path (Access.path). */
const FIELDS = 5;

/** The node's parent in `state` (undefined at the root, or when it is missing), as computeRoles and permissionRoles go up. */
const up = (state: SiteState, node: ContentNode): ContentNode | undefined => (node.parent === null ? undefined : getNode(state, node.parent));

/** Access.path of `node` in `state`. */
function readPath(state: SiteState, node: ContentNode): unknown[] {
  const path: unknown[] = [];
  for (let n: ContentNode | undefined = node; n; n = up(state, n)) path.push(n.localRoles, n.blockLocalRoles, n.type, n.reviewState, n.parent);
  return path;
}

/** Whether `access`'s answers hold for `node` in `state`: what they read is the same there. */
function holds(access: Access, state: SiteState, node: ContentNode): boolean {
  if (access.types !== state.types || access.registry !== state.registry) return false;
  const path = access.path;
  let i = 0;
  for (let n: ContentNode | undefined = node; n; n = up(state, n), i += FIELDS) {
    if (i >= path.length) return false;
    if (path[i] !== n.localRoles || path[i + 1] !== n.blockLocalRoles || path[i + 2] !== n.type || path[i + 3] !== n.reviewState || path[i + 4] !== n.parent) return false;
  }
  return i === path.length;
}

// What computeRoles and permissionRoles read of the state is what holds() compares (Access.path,
// types, registry): a read added to either must be added there, or answers kept across states go
// stale (check.across.test.ts asks both ways after every kind of commit it knows).
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

/** The answers about `node` for `principal` in `state`, from the memo of another state when they hold there. */
function acrossAt(state: SiteState, principal: Principal, node: ContentNode): Access {
  let byUid = acrossStates.get(principal);
  if (!byUid) acrossStates.set(principal, (byUid = new Map()));
  const known = byUid.get(node.uid);
  if (known && holds(known, state, node)) return known;
  if (!known && byUid.size >= MAX_NODES) byUid.clear();
  const access: Access = { roles: computeRoles(state, principal, node), permissions: new Map(), path: readPath(state, node), types: state.types, registry: state.registry };
  byUid.set(node.uid, access);
  return access;
}

function accessAt(state: SiteState, principal: Principal, node: ContentNode): Access {
  // (not remembered: no path, types or registry read, which would draft them)
  if (isDraft(state) || isDraft(node)) return { roles: computeRoles(state, principal, node), permissions: new Map(), path: [], types: undefined, registry: undefined };
  let byPrincipal = accessCache.get(state);
  if (!byPrincipal) accessCache.set(state, (byPrincipal = new WeakMap()));
  let byNode = byPrincipal.get(principal);
  if (!byNode) byPrincipal.set(principal, (byNode = new Map()));
  let access = byNode.get(node);
  if (!access) {
    if (byNode.size >= MAX_NODES) byNode.clear();
    access = acrossAt(state, principal, node);
    byNode.set(node, access);
  }
  return access;
}

/** The caller's roles on `node` (shared: copy before adding to it). */
export function rolesAt(state: SiteState, principal: Principal, node: ContentNode): ReadonlySet<string> {
  return accessAt(state, principal, node).roles;
}

/** Roles holding `permission` on `node`: the workflow state's setting, else acquired from the container (what it reads: see holds()). */
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

/** Whether `roles` on `node` hold `permission`. */
const allows = (state: SiteState, node: ContentNode, permission: string, roles: ReadonlySet<string>): boolean =>
  roles.has('Manager') || permissionRoles(state, node, permission).some((r) => roles.has(r));

export function hasPermission(state: SiteState, principal: Principal, node: ContentNode, permission: string): boolean {
  const access = accessAt(state, principal, node);
  let allowed = access.permissions.get(permission);
  if (allowed === undefined) {
    allowed = allows(state, node, permission, access.roles);
    access.permissions.set(permission, allowed);
  }
  return allowed;
}

/** hasPermission and rolesAt worked out anew, nothing remembered (for the test that the memo answers the same). */
export function accessAnew(state: SiteState, principal: Principal, node: ContentNode, permission: string): { roles: ReadonlySet<string>; allowed: boolean } {
  const roles = computeRoles(state, principal, node);
  return { roles, allowed: allows(state, node, permission, roles) };
}

export const canView = (state: SiteState, principal: Principal, node: ContentNode) =>
  hasPermission(state, principal, node, 'View');
