// @login, @login-renew, @logout (seed "Authentication endpoints", supplement 29). Password
// checks, keyring rotation and token signing happen in `prepare`; handlers only answer and,
// with token storage on, record token hashes in the state.
import { principalForUser, bearerToken } from '../../auth/authenticate.ts';
import { isAnonymous } from '../../auth/principal.ts';
import { forgetToken, rememberToken } from '../../auth/token-state.ts';
import { tokenHash, toSeconds } from '../../auth/tokens.ts';
import { EXPIRED_SESSION_COOKIE, sessionCookieHeader } from '../../auth/session-cookie.ts';
import { json, noContent, type ApiRequest, type ApiResponse, type Route, type Services, type WriteOutcome } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { own } from '../../lib/records.ts';
import { loginOptionsSchema, loginSchema, logoutSchema, renewSchema } from './login.schema.ts';

type Prepared =
  | { kind: 'token'; token: string; user: string; exp: number | null }
  | { kind: 'refused' }
  | { kind: 'throttled'; retryAfter: number };

const error = (status: number, type: string, message: string, headers?: Record<string, string>): ApiResponse =>
  json({ error: { type, message } }, status, headers);

function issue(state: SiteState, req: ApiRequest, services: Services, userId: string): Prepared {
  const now = toSeconds(req.now);
  const { tokens, root } = services.auth;
  tokens.maybeRotate(now);
  const fullname = principalForUser(state, userId, root)?.fullname ?? '';
  return { kind: 'token', user: userId, ...tokens.issue(userId, fullname, now) };
}

/** Answer with the new token, recording it (and dropping `replaced`) when tokens are stored. */
function answerToken(req: ApiRequest, services: Services, p: Extract<Prepared, { kind: 'token' }>, replaced?: string, headers?: Record<string, string>): ApiResponse | WriteOutcome<void> {
  const body = { token: p.token };
  if (!services.auth.tokens.options.storeTokens) return json(body, 200, headers);
  return {
    write: (draft) => {
      if (replaced) forgetToken(draft, tokenHash(replaced));
      rememberToken(draft, tokenHash(p.token), p.user, p.exp, toSeconds(req.now));
    },
    respond: () => json(body, 200, headers),
  };
}

/**
 * @login also performs Plone's post-login, which sets the `__ac` session cookie — only when the
 * request's Content-Type is exactly application/json (otherwise Plone's JWT plugin does not
 * authenticate the request itself, and the post-login sets nothing; supplement-2 3.4).
 */
function sessionCookieFor(req: ApiRequest, services: Services, p: Prepared): Record<string, string> | undefined {
  if (p.kind !== 'token' || (req.header('content-type') ?? '').trim().toLowerCase() !== 'application/json') return undefined;
  return { 'Set-Cookie': sessionCookieHeader(services.auth.tokens.sessionTicket(p.user, toSeconds(req.now))) };
}

async function prepareLogin(state: SiteState, req: ApiRequest, services: Services): Promise<Prepared> {
  const { login, password } = req.body as { login: string; password: string };
  const check = await services.auth.checkPassword(state, login, password, req.now, req.client ?? 'local');
  if (check.ok) return issue(state, req, services, check.userId);
  if (check.retryAfter) return { kind: 'throttled', retryAfter: check.retryAfter };
  return { kind: 'refused' };
}

export const loginRoutes: Route[] = [
  {
    method: 'POST',
    endpoint: '@login',
    schema: loginSchema,
    on: 'site',
    permission: null,
    public: true,
    prepare: prepareLogin,
    handle: (_state, req, services, p: Prepared) => {
      if (p.kind === 'throttled') {
        return error(429, 'Too many failed logins', `Too many failed login attempts. Try again in ${p.retryAfter} seconds.`, {
          'Retry-After': String(p.retryAfter),
        });
      }
      if (p.kind !== 'token') return error(401, 'Invalid credentials', 'Wrong login and/or password.');
      return answerToken(req, services, p, undefined, sessionCookieFor(req, services, p));
    },
  },
  {
    method: 'GET',
    endpoint: '@login',
    schema: loginOptionsSchema,
    on: 'site',
    permission: null,
    public: true,
    handle: () => json({ options: [] }),
  },
  {
    method: 'POST',
    endpoint: '@login-renew',
    schema: renewSchema,
    on: 'site',
    permission: null,
    public: true,
    prepare: async (state, req, services) => (isAnonymous(req.principal) ? undefined : issue(state, req, services, req.principal.id!)),
    handle: (_state, req, services, p: Prepared | undefined) => {
      if (p?.kind !== 'token') {
        return error(401, 'Invalid or expired authentication token', 'The authentication token is invalid or expired.');
      }
      return answerToken(req, services, p, bearerToken(req.header('authorization')));
    },
  },
  {
    method: 'POST',
    endpoint: '@logout',
    schema: logoutSchema,
    on: 'site',
    permission: null,
    public: true,
    handle: (state, req, services) => {
      // An authenticated caller's session cookie is ended (plone.session's credentials reset).
      const expire = isAnonymous(req.principal) ? undefined : { 'Set-Cookie': EXPIRED_SESSION_COOKIE };
      const done = (): ApiResponse => ({ ...noContent(), headers: expire });
      if (!services.auth.tokens.options.storeTokens) return done();
      const token = bearerToken(req.header('authorization'));
      const hash = token ? tokenHash(token) : undefined;
      if (!hash || !own(state.auth?.tokens, hash)) return error(400, 'Logout failed', 'Unknown token', expire);
      return { write: (draft) => forgetToken(draft, hash), respond: done };
    },
  },
];

export const loginFamily: FamilyManifest = { name: 'login', routes: loginRoutes };
