// Creating and changing groups (seed "Groups", supplement 12). Membership may nest groups, but
// never in a cycle; the virtual group of logged-in users has no stored members.
import type { Draft } from 'immer';
import type { RootUser } from '../../auth/authenticate.ts';
import { AUTHENTICATED_GROUP, wouldCycle } from '../../auth/membership.ts';
import { isAssignableRole } from '../../auth/roles.ts';
import { badRequest, shown } from '../../lib/errors.ts';
import type { Group, SiteState } from '../../state/model.ts';
import { own } from '../../lib/records.ts';
import { MAX_PRINCIPAL_LENGTH, MAX_TITLE_LENGTH, tooLong } from '../../lib/limits.ts';

const GROUP_ID = /^[A-Za-z0-9_][A-Za-z0-9_.\-+@ ]*$/;

export const isPrincipal = (state: SiteState, root: RootUser, id: string) =>
  id === root.id || Object.hasOwn(state.users, id) || Object.hasOwn(state.groups, id);

/** Global roles from a request (`Authenticated` is implied, not stored); who may give them: auth/grants.ts. */
export function readRoles(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw badRequest("Property 'roles' must be a list of role names.");
  const roles = value.filter((r) => r !== 'Authenticated');
  const bad = roles.find((r) => !isAssignableRole(r));
  if (bad !== undefined) throw badRequest(`Unknown role: ${shown(bad)}`);
  return [...new Set(roles as string[])];
}

export function readIds(value: unknown, key: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw badRequest(`Property '${key}' must be a list of ids.`);
  return value;
}

export function checkNewGroup(state: SiteState, root: RootUser, id: unknown): string {
  if (id === undefined || id === null || id === '') throw badRequest("Property 'groupname' is required");
  if (typeof id !== 'string' || id.length > MAX_PRINCIPAL_LENGTH || !GROUP_ID.test(id) || id.trim() !== id) throw badRequest('The group name you entered is not valid.');
  if (Object.hasOwn(state.groups, id) || isPrincipal(state, root, id)) throw badRequest('The group name you entered already exists.');
  return id;
}

/** Refuses group properties of the wrong type or length (never stored as "[object Object]"). */
export function checkGroupProperties(data: Record<string, unknown>): void {
  for (const key of ['title', 'description', 'email'] as const) {
    const v = data[key];
    if (v !== undefined && v !== null && typeof v !== 'string') throw badRequest(`Property '${key}' must be a string.`);
  }
  const long = tooLong("Property 'title'", data.title, MAX_TITLE_LENGTH) ?? tooLong("Property 'email'", data.email, MAX_PRINCIPAL_LENGTH);
  if (long) throw badRequest(long);
}

export function newGroup(id: string, data: Record<string, unknown>, roles: string[]): Group {
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : '');
  return { id, title: text('title'), description: text('description'), email: text('email'), roles, members: [] };
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
