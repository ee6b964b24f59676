// Creating and changing groups (seed "Groups", supplement 12). Membership may nest groups, but
// never in a cycle; the virtual group of logged-in users has no stored members.
import type { Draft } from 'immer';
import type { RootUser } from '../../auth/authenticate.ts';
import { AUTHENTICATED_GROUP, wouldCycle } from '../../auth/membership.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Group, SiteState } from '../../state/model.ts';
import { own } from '../../lib/records.ts';
import { MAX_PRINCIPAL_LENGTH, MAX_TITLE_LENGTH, tooLong } from '../../lib/limits.ts';
import type { NewGroup } from './groups.schema.ts';

const GROUP_ID = /^[A-Za-z0-9_][A-Za-z0-9_.\-+@ ]*$/;

export const isPrincipal = (state: SiteState, root: RootUser, id: string) =>
  id === root.id || Object.hasOwn(state.users, id) || Object.hasOwn(state.groups, id);

/** The global roles to store (`Authenticated` is implied, not stored); names checked by the route's schema. */
export const storedRoles = (roles: readonly string[]): string[] => [...new Set(roles.filter((r) => r !== 'Authenticated'))];

export function checkNewGroup(state: SiteState, root: RootUser, id: string): string {
  if (id === '') throw badRequest("Property 'groupname' is required");
  if (id.length > MAX_PRINCIPAL_LENGTH || !GROUP_ID.test(id) || id.trim() !== id) throw badRequest('The group name you entered is not valid.');
  if (Object.hasOwn(state.groups, id) || isPrincipal(state, root, id)) throw badRequest('The group name you entered already exists.');
  return id;
}

/** Refuses group properties too long to keep (their types were checked by the route's schema). */
export function checkGroupProperties(data: { title?: string | null; email?: string | null }): void {
  const long = tooLong("Property 'title'", data.title, MAX_TITLE_LENGTH) ?? tooLong("Property 'email'", data.email, MAX_PRINCIPAL_LENGTH);
  if (long) throw badRequest(long);
}

export function newGroup(id: string, data: NewGroup, roles: string[]): Group {
  return { id, title: data.title ?? '', description: data.description ?? '', email: data.email ?? '', roles, members: [] };
}

/** Draft mutator: add (or remove) a principal to a group; unknown principals are skipped. */
export function setMember(draft: Draft<SiteState>, root: RootUser, groupId: string, member: string, on: boolean): void {
  const state = draft as SiteState;
  const group = own(draft.groups, groupId);
  if (!group || groupId === AUTHENTICATED_GROUP) return;
  if (!on) {
    group.members = group.members.filter((m) => m !== member);
    return;
  }
  if (!isPrincipal(state, root, member) || group.members.includes(member)) return;
  if (Object.hasOwn(state.groups, member) && wouldCycle(state, groupId, member)) {
    throw badRequest(`Group '${member}' cannot be a member of '${groupId}': groups may not contain themselves.`);
  }
  group.members.push(member);
}
