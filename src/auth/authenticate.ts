// Credentials -> Principal. Invalid credentials are not an error by themselves: the request
// runs as Anonymous (supplement 1.5). HTTP Basic (login name + password, throttled) and
// Bearer tokens from @login; the administrator given on the command line logs in like a user.
import { MAX_PASSWORD_LENGTH, MAX_PRINCIPAL_LENGTH } from '../lib/limits.ts';
import { isDraft } from 'immer';
import type { SiteState } from '../state/model.ts';
import { ANONYMOUS, type Principal } from './principal.ts';
import { hashPassword, VerifiedCache } from './passwords.ts';
import { effectiveRoles, groupsOf } from './membership.ts';
import { Outbox } from './outbox.ts';
import { securitySettings } from './settings.ts';
import type { LoginThrottle } from './throttle.ts';
import { toSeconds, type TokenService } from './tokens.ts';
import { own } from '../lib/records.ts';
import { keyedHash } from '../lib/keyed-hash.ts';
import { VerifiedCredentials } from './verified-credentials.ts';

export interface RootUser {
  id: string;
  passwordHash: string;
}

export function rootPrincipal(state: SiteState, root: RootUser): Principal {
  const groups = groupsOf(state, root.id);
  const record = own(state.users, root.id);
  return { id: root.id, fullname: record?.fullname ?? '', roles: effectiveRoles(state, ['Manager', ...(record?.roles ?? [])], groups), groups };
}

export function principalForUser(state: SiteState, userId: string, root?: RootUser): Principal | undefined {
  if (root && userId === root.id) return rootPrincipal(state, root);
  const user = own(state.users, userId);
  if (!user) return undefined;
  const groups = groupsOf(state, userId);
  return { id: user.id, fullname: user.fullname, roles: effectiveRoles(state, user.roles, groups), groups };
}

interface LoginIndex {
  byName: Map<string, string>;
  byLowerName: Map<string, string>;
  byLowerEmail: Map<string, string>;
}

/** Login look-ups, built once per users object (not per request). */
const loginIndexes = new WeakMap<SiteState['users'], LoginIndex>();

function loginIndex(users: SiteState['users']): LoginIndex {
  const cacheable = !isDraft(users);
  let index = cacheable ? loginIndexes.get(users) : undefined;
  if (!index) {
    index = { byName: new Map(), byLowerName: new Map(), byLowerEmail: new Map() };
    const first = (map: Map<string, string>, key: string, id: string) => {
      if (!map.has(key)) map.set(key, id);
    };
    for (const u of Object.values(users)) {
      first(index.byName, u.username, u.id);
      first(index.byLowerName, u.username.toLowerCase(), u.id);
      if (u.email) first(index.byLowerEmail, u.email.toLowerCase(), u.id);
    }
    if (cacheable) loginIndexes.set(users, index);
  }
  return index;
}

/** The user id a login name belongs to (login name, then user id; e-mail on e-mail-login sites). */
export function findLogin(state: SiteState, login: string, root?: RootUser): string | undefined {
  if (root && login === root.id) return root.id;
  const direct = own(state.users, login);
  if (direct && direct.username === login) return direct.id;
  const index = loginIndex(state.users);
  const emailLogin = securitySettings(state).emailLogin;
  const lower = login.toLowerCase();
  const byName = emailLogin ? index.byLowerName.get(lower) : index.byName.get(login);
  if (byName) return byName;
  if (direct) return direct.id;
  if (emailLogin) return index.byLowerEmail.get(lower);
  return undefined;
}

function decodeBasic(header: string): [string, string] | undefined {
  const text = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const at = text.indexOf(':');
  return at === -1 ? undefined : [text.slice(0, at), text.slice(at + 1)];
}

export type PasswordCheck = { ok: true; userId: string } | { ok: false; retryAfter?: number };

let dummyHash: Promise<string> | undefined;

/** Principals made at most this many per (users, groups) records (then forgotten all at once). */
const MAX_PRINCIPALS = 1024;

export class Authenticator {
  readonly outbox = new Outbox();
  /**
   * The principal of a user id, per users and groups records (both immutable: a change to either
   * is a new record): a caller's roles and groups are worked out once, not on every request.
   * Principals are frozen: every request of the same user shares one.
   */
  private readonly principals = new WeakMap<SiteState['users'], WeakMap<SiteState['groups'], Map<string, Principal | undefined>>>();
  /** Basic Authorization headers that verified, by a keyed hash of the header. */
  private readonly basic = new VerifiedCredentials();
  private readonly headerKey = keyedHash();
  constructor(
    readonly root: RootUser,
    readonly tokens: TokenService,
    readonly throttle: LoginThrottle,
    readonly cache = new VerifiedCache(),
  ) {}

  /** Login name + password, counted by the throttle. Unknown logins cost a hash too. */
  async checkPassword(state: SiteState, login: string, password: string, nowIso: string, client: string): Promise<PasswordCheck> {
    const now = toSeconds(nowIso);
    // Longer than any name or password that can be set: refused without hashing (but counted),
    // and the throttle keys at most the length of a real login.
    const overlong = login.length > MAX_PRINCIPAL_LENGTH || password.length > MAX_PASSWORD_LENGTH;
    if (overlong) login = login.slice(0, MAX_PRINCIPAL_LENGTH + 1);
    const retryAfter = this.throttle.retryAfter(client, login, now);
    if (retryAfter > 0) return { ok: false, retryAfter };
    if (overlong) {
      this.throttle.fail(client, login, now);
      return { ok: false };
    }
    const userId = findLogin(state, login, this.root);
    const stored = userId === undefined ? undefined : this.storedHash(state, userId);
    let ok = false;
    if (stored && userId !== undefined) ok = await this.cache.verify(userId, password, stored);
    else await this.cache.verify('', password, await (dummyHash ??= hashPassword('not a password')));
    if (!ok || userId === undefined) {
      this.throttle.fail(client, login, now);
      return { ok: false };
    }
    this.throttle.succeed(client, login);
    return { ok: true, userId };
  }

  private storedHash(state: SiteState, userId: string): string | undefined {
    return userId === this.root.id ? this.root.passwordHash : own(state.users, userId)?.passwordHash;
  }

  /**
   * The user of Basic credentials verified before, answered as checkPassword would answer them
   * now (the throttle asked, the login resolved on this state to the same user with the same
   * stored hash); undefined when they must be checked (again).
   */
  private knownBasic(state: SiteState, key: string, now: number, client: string): Principal | undefined {
    const known = this.basic.get(key);
    if (!known) return undefined;
    if (this.throttle.retryAfter(client, known.login, now) > 0) return ANONYMOUS;
    if (findLogin(state, known.login, this.root) !== known.userId || this.storedHash(state, known.userId) !== known.stored) {
      this.basic.delete(key);
      return undefined;
    }
    this.throttle.succeed(client, known.login);
    return this.user(state, known.userId) ?? ANONYMOUS;
  }

  /** Whether the login throttle currently refuses the Basic credentials of this header. */
  heldBack(authorization: string, nowIso: string, client: string): boolean {
    if (!/^basic /i.test(authorization)) return false;
    const creds = decodeBasic(authorization);
    return !!creds && this.throttle.retryAfter(client, creds[0], toSeconds(nowIso)) > 0;
  }

  /**
   * The caller of a request with this Authorization header and `__ac` session cookie value: the
   * header when it names a user, else the cookie (see viaSessionCookie).
   */
  principal(state: SiteState, authorization: string | undefined, nowIso: string, client: string, sessionCookie?: string): Principal | Promise<Principal> {
    // Only a password check waits (hashing): no credentials, a token or a cookie answer at once.
    const byHeader = this.fromHeader(state, authorization, nowIso, client);
    return byHeader instanceof Promise ? byHeader.then((p) => this.orCookie(state, p, nowIso, sessionCookie)) : this.orCookie(state, byHeader, nowIso, sessionCookie);
  }

  private orCookie(state: SiteState, byHeader: Principal, nowIso: string, sessionCookie: string | undefined): Principal {
    if (byHeader.id !== null || !sessionCookie) return byHeader;
    const userId = this.tokens.readSessionTicket(sessionCookie, toSeconds(nowIso));
    const found = userId === undefined ? undefined : this.user(state, userId);
    if (!found) return byHeader;
    // A principal of its own: the shared one must not be marked as coming from the cookie.
    const user = { ...found };
    sessionPrincipals.add(user);
    return user;
  }

  /** principalForUser, memoised per users and groups records. */
  user(state: SiteState, userId: string): Principal | undefined {
    if (isDraft(state.users) || isDraft(state.groups)) return principalForUser(state, userId, this.root);
    let byGroups = this.principals.get(state.users);
    if (!byGroups) this.principals.set(state.users, (byGroups = new WeakMap()));
    let byId = byGroups.get(state.groups);
    if (!byId) byGroups.set(state.groups, (byId = new Map()));
    if (byId.has(userId)) return byId.get(userId);
    const made = principalForUser(state, userId, this.root);
    if (made) {
      Object.freeze(made.roles);
      Object.freeze(made.groups);
      Object.freeze(made);
    }
    if (byId.size >= MAX_PRINCIPALS) byId.clear();
    byId.set(userId, made);
    return made;
  }

  /**
   * The same caller on a newer state: its roles and groups as they are there (a user removed from
   * a group meanwhile no longer has the group's roles); anonymous once the user is gone. A caller
   * of the session cookie stays marked as such.
   */
  again(state: SiteState, principal: Principal): Principal {
    if (principal.id === null) return principal;
    const found = this.user(state, principal.id);
    if (!found) return ANONYMOUS;
    if (!sessionPrincipals.has(principal)) return found;
    const user = { ...found };
    sessionPrincipals.add(user);
    return user;
  }

  private fromHeader(state: SiteState, authorization: string | undefined, nowIso: string, client: string): Principal | Promise<Principal> {
    if (!authorization) return ANONYMOUS;
    if (/^bearer /i.test(authorization)) {
      const claims = this.tokens.read(state, authorization.slice(7).trim(), toSeconds(nowIso));
      return (claims && this.user(state, claims.sub)) || ANONYMOUS;
    }
    if (!/^basic /i.test(authorization)) return ANONYMOUS;
    const key = this.headerKey(authorization);
    const known = this.knownBasic(state, key, toSeconds(nowIso), client);
    if (known) return known;
    const creds = decodeBasic(authorization);
    if (!creds) return ANONYMOUS;
    const [login] = creds;
    return this.checkPassword(state, login, creds[1], nowIso, client).then((check) => {
      if (!check.ok) return ANONYMOUS;
      this.basic.set(key, { login, userId: check.userId, stored: this.storedHash(state, check.userId)! });
      return this.user(state, check.userId) || ANONYMOUS;
    });
  }
}

const sessionPrincipals = new WeakSet<Principal>();

/** This caller was authenticated by the `__ac` session cookie (not by an Authorization header). */
export const viaSessionCookie = (principal: Principal) => sessionPrincipals.has(principal);

/** The token of a `Bearer` Authorization header, if that is what was sent. */
export const bearerToken = (authorization: string | undefined) =>
  authorization && /^bearer /i.test(authorization) ? authorization.slice(7).trim() : undefined;
