// Finding user records. The administrator given on the command line is listed as a user too;
// its profile (fullname, e-mail, ...) can be stored in the state, its password never is.
import type { RootUser } from '../../auth/authenticate.ts';
import { findLogin } from '../../auth/authenticate.ts';
import type { SiteState, User } from '../../state/model.ts';
import { own } from '../../lib/records.ts';

export function emptyUser(id: string, username = id): User {
  return { id, username, fullname: '', email: '', description: '', home_page: '', location: '', passwordHash: '', roles: [] };
}

/** The administrator's record: its stored profile, or a blank one; always a Manager. */
export function rootRecord(state: SiteState, root: RootUser): User {
  const stored = own(state.users, root.id);
  const base = stored ?? emptyUser(root.id);
  return { ...base, passwordHash: '', roles: base.roles.includes('Manager') ? base.roles : ['Manager', ...base.roles] };
}

export function getUser(state: SiteState, root: RootUser, id: string): User | undefined {
  if (id === root.id) return rootRecord(state, root);
  return Object.hasOwn(state.users, id) ? own(state.users, id) : undefined;
}

/** A user named by id, login name, or e-mail address (password reset links use any of them). */
export function lookupUser(state: SiteState, root: RootUser, name: string): User | undefined {
  const byId = getUser(state, root, name);
  if (byId) return byId;
  const id = findLogin(state, name, root);
  if (id !== undefined) return getUser(state, root, id);
  const lower = name.toLowerCase();
  return Object.values(state.users).find((u) => u.email && u.email.toLowerCase() === lower);
}

export function allUsers(state: SiteState, root: RootUser): User[] {
  const users = Object.values(state.users).filter((u) => u.id !== root.id);
  return [rootRecord(state, root), ...users];
}

/** Is a login name or id free for a new user (not a user, the administrator, or a group)? */
export function nameTaken(state: SiteState, root: RootUser, name: string, except?: string): boolean {
  if (name === root.id && except !== root.id) return true;
  if (Object.hasOwn(state.groups, name)) return true;
  const lower = name.toLowerCase();
  return Object.values(state.users).some((u) => u.id !== except && (u.id === name || u.username.toLowerCase() === lower));
}
