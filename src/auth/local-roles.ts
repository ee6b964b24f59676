// Draft mutators for local roles (node.localRoles / node.blockLocalRoles), shared by @sharing and
// the deletion of users and groups.
import type { Draft } from 'immer';
import type { SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { own } from '../lib/records.ts';

/** Set the local roles of one principal on one node (empty list: remove the entry). */
export function setLocalRoles(draft: Draft<SiteState>, uid: string, principal: string, roles: string[]): void {
  const node = getNode(draft as SiteState, uid);
  if (!node) return;
  if (roles.length) node.localRoles[principal] = roles;
  else delete node.localRoles[principal];
}

/**
 * Remove every local role of a principal in the whole site, given the objects that grant it some
 * (`holders`: the catalog's grants index, catalog/catalog.ts `grantHolders`), so the cost follows
 * the principal's grants, not the site.
 */
export function dropLocalRolesOf(draft: Draft<SiteState>, holders: Iterable<string>, principal: string): void {
  for (const uid of holders) setLocalRoles(draft, uid, principal, []);
}

/** Remove a principal from every group's member list. */
export function dropMemberships(draft: Draft<SiteState>, principal: string): void {
  for (const group of Object.values(draft.groups)) {
    if (group.members.includes(principal)) group.members = group.members.filter((m) => m !== principal);
  }
}
