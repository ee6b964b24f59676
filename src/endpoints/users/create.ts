// POST /@users: check the body (seed + C6: username and password; e-mail login: email and
// password, no username; sendPasswordReset instead of a password), choose the id, add the user.
import type { Draft } from 'immer';
import type { RootUser } from '../../auth/authenticate.ts';
import type { Grant } from '../../auth/grants.ts';
import { securitySettings } from '../../auth/settings.ts';
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState, User } from '../../state/model.ts';
import { nameTaken } from './records.ts';
import { EMAIL_RE, fieldErrors, passwordProblem, registrationError, TAKEN, validUserName } from './policy.ts';
import { MAX_PRINCIPAL_LENGTH } from '../../lib/limits.ts';
import type { NewUser } from './users.schema.ts';

export interface UserPlan {
  id: string;
  username: string;
  profile: Pick<User, 'fullname' | 'email' | 'description' | 'home_page' | 'location'>;
  roles: string[];
  /** The password to hash (absent: a random one is set and a reset mail sent). */
  password?: string;
  sendReset: boolean;
}

const PROFILE = ['fullname', 'email', 'description', 'home_page', 'location'] as const;
const str = (v: string | null | undefined) => v ?? '';

/** Lower-case words joined by dashes ("Noam Avram Chomsky" -> "noam-avram-chomsky"). */
const normalizeId = (s: string) =>
  s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * Validate a new user's data. `manager`: the caller manages users (may choose either a password
 * or sendPasswordReset); otherwise this is self-registration. Who may create a user with which
 * roles and groups is decided before, by auth/grants.ts (`grantOf`). The types of the members (and
 * the role names) were checked by the route's schema (`newUserBody`).
 */
export function planUser(state: SiteState, root: RootUser, req: ApiRequest, body: NewUser, manager: boolean): UserPlan {
  const settings = securitySettings(state);
  const errors: { field: string; message: string }[] = [];
  const username = body.username;
  const email = str(body.email).trim();
  const sendReset = body.sendPasswordReset === true;
  const password = body.password || undefined;
  const hasPassword = password !== undefined;

  if (settings.emailLogin) {
    if (!email) errors.push({ field: 'email', message: "Property 'Email' is required." });
    if (username !== undefined) errors.push({ field: 'username', message: "Property 'User Name' is not allowed." });
  } else if (!username) {
    errors.push({ field: 'username', message: "Property 'User Name' is required." });
  }
  if (manager || settings.passwordChoice) {
    if (hasPassword && sendReset) errors.push({ field: 'password', message: "You can't send both password and sendPasswordReset." });
    if (!hasPassword && !sendReset) errors.push({ field: 'password', message: 'You have to either send a password or sendPasswordReset.' });
  } else if (hasPassword) {
    errors.push({ field: 'password', message: "Property 'Password' is not allowed." });
  }
  if ((sendReset || (!manager && !settings.passwordChoice)) && !email) {
    errors.push({ field: 'email', message: "Property 'Email' is required." });
  }
  if (errors.length) throw fieldErrors(errors);

  if (email && !EMAIL_RE.test(email)) throw registrationError('You must enter a valid email address.');
  if (password !== undefined) {
    const problem = passwordProblem(password);
    if (problem) throw registrationError(problem);
  }
  const roleList = [...new Set(body.roles ?? ['Member'])];

  const login = settings.emailLogin ? email : username!;
  if ((!settings.emailLogin && !validUserName(login)) || login.length > MAX_PRINCIPAL_LENGTH) throw registrationError(TAKEN);
  if (nameTaken(state, root, login)) throw registrationError(TAKEN);
  let id = login;
  if (settings.uuidUserIds) id = req.newUid();
  else if (settings.emailLogin) {
    const fromName = normalizeId(str(body.fullname));
    id = fromName && !nameTaken(state, root, fromName) ? fromName : email;
  }
  if (id !== login && nameTaken(state, root, id)) throw registrationError(TAKEN);

  const profile = Object.fromEntries(PROFILE.map((k) => [k, str(body[k])])) as UserPlan['profile'];
  profile.email = email;
  return {
    id,
    username: login,
    profile,
    roles: roleList,
    password,
    sendReset: sendReset || !hasPassword,
  };
}

/** Roles and groups a body asks to give (what auth/grants.ts judges). */
export function grantOf(body: NewUser, groups: string[] = []): Grant {
  return { roles: body.roles ?? [], groups };
}

/** The plan is still possible against `state` (another request may have taken the name). */
export function stillFree(state: SiteState, root: RootUser, plan: UserPlan): void {
  if (nameTaken(state, root, plan.username) || (plan.id !== plan.username && nameTaken(state, root, plan.id))) throw registrationError(TAKEN);
}

export function insertUser(draft: Draft<SiteState>, plan: UserPlan, passwordHash: string): void {
  draft.users[plan.id] = { id: plan.id, username: plan.username, ...plan.profile, passwordHash, roles: plan.roles };
}
