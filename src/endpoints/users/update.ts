// PATCH /@users/<id> (seed, supplement 11.3): a Manager changes anything of anyone (the seed
// gives reading and updating other users' records to the Manager role, C7); users change their
// own profile and portrait, and their password when the site lets users choose one.
import type { Draft } from 'immer';
import type { RootUser } from '../../auth/authenticate.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isAnonymous } from '../../auth/principal.ts';
import { checkPrincipalChange } from '../../auth/grants.ts';
import { canManageUsers, isAssignableRole, isManager } from '../../auth/roles.ts';
import { securitySettings } from '../../auth/settings.ts';
import type { ApiRequest, Services } from '../../http/types.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { BlobRef, SiteState, User } from '../../state/model.ts';
import { EMAIL_RE, passwordProblem, serviceError, TAKEN, validUserName } from './policy.ts';
import { preparePortrait } from './portrait.ts';
import { getUser, nameTaken, rootRecord } from './records.ts';
import { own } from '../../lib/records.ts';
import type { UserChangesBody } from './users.schema.ts';

const PROFILE = ['fullname', 'email', 'description', 'home_page', 'location'] as const;

export interface UserChanges {
  id: string;
  profile: Partial<Pick<User, (typeof PROFILE)[number]>>;
  username?: string;
  roles?: Record<string, boolean>;
  passwordHash?: string;
  portrait?: BlobRef | null;
}

/** Who may do what, and the checks that need no I/O. Returns the plan without hashing. */
function plan(state: SiteState, root: RootUser, req: ApiRequest): { c: UserChanges; password?: string; portrait?: unknown } {
  const id = req.url.params[0];
  if (isAnonymous(req.principal)) throw serviceError(401, 'Unauthorized', 'You are not authorized to access this resource.');
  const manager = isManager(state, req.principal);
  const self = req.principal.id === id;
  checkPrincipalChange(state, req.principal, { kind: 'update-user', user: id });
  const user = getUser(state, root, id);
  if (!user) throw notFound();
  const data = req.body as UserChangesBody; // its types checked by the route's schema
  const c: UserChanges = { id, profile: {} };

  for (const key of PROFILE) if (Object.hasOwn(data, key)) c.profile[key] = data[key] ?? '';
  if (c.profile.email !== undefined && c.profile.email !== user.email) {
    if (c.profile.email && !EMAIL_RE.test(c.profile.email)) throw badRequest('You must enter a valid email address.', 'service');
    if (securitySettings(state).emailLogin && id !== root.id) {
      if (!c.profile.email || nameTaken(state, root, c.profile.email, id)) throw badRequest(`Cannot update login name of user to '${c.profile.email}'.`);
      c.username = c.profile.email;
    }
  }
  if (manager && data.username !== undefined && data.username !== user.username && id !== root.id) {
    if (!validUserName(data.username) || nameTaken(state, root, data.username, id)) throw badRequest(TAKEN, 'service');
    c.username = data.username;
  }
  // Roles are read from user managers only (others' `roles` is ignored, as in Plone); which
  // roles they may give or take is auth/grants.ts's decision.
  if (canManageUsers(state, req.principal) && data.roles) {
    const roles = new Map(Object.entries(data.roles));
    for (const role of roles.keys()) if (!isAssignableRole(role)) throw badRequest(`Invalid role setting: ${role}`, 'service');
    const given = [...roles].filter(([, on]) => on).map(([r]) => r);
    const taken = [...roles].filter(([, on]) => !on).map(([r]) => r);
    checkPrincipalChange(state, req.principal, { kind: 'update-user', user: id }, { roles: given, dropRoles: taken });
    c.roles = Object.fromEntries(roles);
  }
  let password: string | undefined;
  if (data.password !== undefined && data.password !== null) {
    const allowed = manager || (self && securitySettings(state).passwordChoice);
    if (allowed) {
      if (id === root.id) throw badRequest('The password of the administrator is set when the server starts.', 'service');
      const problem = passwordProblem(data.password);
      if (problem) throw serviceError(400, 'Invalid password', problem);
      password = data.password;
    }
  }
  return { c, password, portrait: data.portrait };
}

export async function prepareUpdate(state: SiteState, req: ApiRequest, services: Services): Promise<UserChanges> {
  const { c, password, portrait } = plan(state, services.auth.root, req);
  if (password !== undefined) c.passwordHash = await hashPassword(password);
  const ref = await preparePortrait(services.blobs, portrait);
  if (ref !== undefined) c.portrait = ref;
  return c;
}

export function applyUpdate(draft: Draft<SiteState>, root: RootUser, c: UserChanges): void {
  const state = draft as SiteState;
  if (c.id === root.id && !own(state.users, c.id)) draft.users[c.id] = { ...rootRecord(state, root) };
  const user = own(draft.users, c.id);
  if (!user) throw notFound();
  if (c.username !== undefined && nameTaken(state, root, c.username, c.id)) throw badRequest(TAKEN, 'service');
  Object.assign(user, c.profile);
  if (c.username !== undefined) user.username = c.username;
  if (c.passwordHash !== undefined) user.passwordHash = c.passwordHash;
  if (c.portrait === null) delete user.portrait;
  else if (c.portrait) user.portrait = c.portrait;
  if (c.roles) {
    const roles = new Set(user.roles);
    for (const [role, on] of Object.entries(c.roles)) on ? roles.add(role) : roles.delete(role);
    if (c.id === root.id) roles.add('Manager');
    user.roles = [...roles];
  }
}
