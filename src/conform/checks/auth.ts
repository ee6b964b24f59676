// Authentication: @login tokens, Bearer, @login-renew, @logout (and revocation with token
// storage), Basic, the __ac session cookie, credentials that do not work.
import { anyArray, nonEmptyString, satisfies } from '../expect.ts';
import { family, seed, supplement, supplement2 } from './define.ts';

function claims(token: string): any {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  } catch {
    return undefined;
  }
}

function header(token: string): any {
  try {
    return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
  } catch {
    return undefined;
  }
}

const AC = /(?:^|,\s*)__ac=([^;]*)/;

export default family('auth', [
  {
    id: 'auth.login.answers-a-token',
    level: 'MUST',
    source: seed('Endpoints/Authentication (POST /@login: 200 {token})'),
    title: 'POST /@login with login and password answers 200 {token}',
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user, password: a.password }, { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { token: nonEmptyString });
    },
  },
  {
    id: 'auth.login.token-authenticates',
    level: 'MUST',
    source: seed('Authentication 3 (Authorization: Bearer)'),
    title: 'A token sent as Authorization: Bearer authenticates as its user',
    async run(t) {
      const a = await t.user();
      const bearer = await t.token(a);
      const r = await t.get(`/@users/${a.id}`, { auth: bearer });
      t.status(r, 200);
      t.body(r, { id: a.id });
    },
  },
  {
    id: 'auth.login.token-is-a-jwt',
    level: 'SHOULD',
    source: supplement('29.2; seed Limits (12 hours)'),
    title: 'The token is an HS256 JWT with sub = user id and exp 12 hours ahead',
    async run(t) {
      const a = await t.user();
      const { bearer } = await t.token(a);
      t.like(header(bearer), { alg: 'HS256', typ: 'JWT' }, 'the token header');
      const now = Date.now() / 1000;
      t.like(claims(bearer), { sub: a.id, exp: satisfies('about 12 hours from now', (e) => Math.abs(e - now - 43200) < 300) }, 'the token claims');
    },
  },
  {
    id: 'auth.login.wrong-password-answers-401',
    level: 'SHOULD',
    source: supplement('29.1'),
    title: 'A wrong password answers 401 {error: {type: "Invalid credentials"}}',
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user, password: `${a.password}-wrong` }, { auth: 'anonymous' });
      t.status(r, 401);
      t.body(r, { error: { type: 'Invalid credentials', message: 'Wrong login and/or password.' } });
    },
  },
  {
    id: 'auth.login.missing-password-answers-400',
    level: 'SHOULD',
    source: supplement('29.1'),
    title: 'A login without password answers 400 {error: {type: "Missing credentials"}}',
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user }, { auth: 'anonymous' });
      t.status(r, 400);
      t.body(r, { error: { type: 'Missing credentials' } });
    },
  },
  {
    id: 'auth.login.external-providers',
    level: 'SHOULD',
    source: supplement('29.5'),
    title: 'GET /@login answers {options: [...]} (external login providers)',
    async run(t) {
      const r = await t.get('/@login', { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { options: anyArray });
    },
  },
  {
    id: 'auth.renew.answers-a-new-token',
    level: 'MUST',
    source: seed('Endpoints/Authentication (POST /@login-renew)'),
    title: 'POST /@login-renew with a token answers 200 {token}; the new token works',
    async run(t) {
      const a = await t.user();
      const bearer = await t.token(a);
      const r = await t.post('/@login-renew', undefined, { auth: bearer });
      t.status(r, 200);
      t.body(r, { token: nonEmptyString });
      t.status(await t.get(`/@users/${a.id}`, { auth: { bearer: r.body.token, who: a.id } }), 200, 'a request with the new token');
    },
  },
  {
    id: 'auth.renew.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('29.3'),
    title: 'POST /@login-renew without a token answers 401',
    async run(t) {
      const r = await t.post('/@login-renew', undefined, { auth: 'anonymous' });
      t.status(r, 401);
      t.body(r, { error: { type: 'Invalid or expired authentication token' } });
    },
  },
  {
    id: 'auth.logout.answers-204',
    level: 'MUST',
    source: seed('Endpoints/Authentication (POST /@logout: 204)'),
    title: 'POST /@logout with the token answers 204 with no body',
    async run(t) {
      const bearer = await t.token(await t.user());
      const r = await t.post('/@logout', undefined, { auth: bearer });
      t.status(r, 204);
      t.equal(r.text, '', 'the body');
    },
  },
  {
    id: 'auth.logout.revokes-with-token-storage',
    level: 'MUST',
    source: seed('Authentication 5 (@logout invalidates a token when token storage is enabled)'),
    title: 'With token storage, a token no longer works after @logout',
    needs: ['token-storage'],
    async run(t) {
      const a = await t.user();
      const bearer = await t.token(a);
      t.status(await t.post('/@logout', undefined, { auth: bearer }), [200, 204]);
      t.status(await t.get(`/@users/${a.id}`, { auth: bearer }), 401, 'a request with the ended token');
    },
  },
  {
    id: 'auth.basic.authenticates',
    level: 'MUST',
    source: seed('Authentication 2 (HTTP basic)'),
    title: 'Authorization: Basic with the user’s password authenticates',
    needs: ['basic-auth'],
    async run(t) {
      const a = await t.user();
      const r = await t.get(`/@users/${a.id}`, { auth: a });
      t.status(r, 200);
      t.body(r, { id: a.id });
    },
  },
  {
    id: 'auth.credentials.wrong-basic-runs-as-anonymous',
    level: 'SHOULD',
    source: supplement('1.5'),
    title: 'Wrong Basic credentials are not rejected by themselves: the request runs as Anonymous',
    needs: ['basic-auth'],
    async run(t) {
      const a = await t.user();
      const wrong = { user: a.user, password: `${a.password}-wrong` };
      t.status(await t.get('', { auth: wrong }), 200, 'the site root, public');
      t.status(await t.get(`/@users/${a.id}`, { auth: wrong }), 401, 'the user record, not public');
    },
  },
  {
    id: 'auth.credentials.bad-token-runs-as-anonymous',
    level: 'SHOULD',
    source: supplement('1.5'),
    title: 'A forged or garbled Bearer token runs the request as Anonymous',
    async run(t) {
      const a = await t.user();
      const { bearer } = await t.token(a);
      const [h, , s] = bearer.split('.');
      const forged = `${h}.${Buffer.from(JSON.stringify({ sub: t.admin.user, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.${s}`;
      for (const token of [forged, 'garbage', `${bearer}x`]) {
        const who = { bearer: token, who: 'a forged token' };
        t.status(await t.get('', { auth: who }), 200, 'the site root, public');
        t.status(await t.get('/@users', { auth: who }), 401, 'the user list, Manager only');
      }
    },
  },
  {
    id: 'auth.cookie.login-sets-ac',
    level: 'SHOULD',
    source: supplement2('3.3; 3.4'),
    title: '@login sets the __ac cookie: Path=/, HttpOnly, SameSite=Lax',
    needs: ['cookie-sessions'],
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user, password: a.password }, { auth: 'anonymous' });
      t.status(r, 200);
      t.header(r, 'Set-Cookie', AC);
      const cookie = r.headers.get('set-cookie') ?? '';
      for (const attribute of [/Path=\//i, /HttpOnly/i, /SameSite=Lax/i]) t.like(cookie, attribute, 'the __ac cookie attributes');
    },
  },
  {
    id: 'auth.cookie.authenticates',
    level: 'SHOULD',
    source: supplement2('3.4'),
    title: 'The __ac cookie alone authenticates REST requests, writes included',
    needs: ['cookie-sessions'],
    async run(t) {
      const a = await t.user();
      const login = await t.post('/@login', { login: a.user, password: a.password }, { auth: 'anonymous' });
      const value = login.headers.get('set-cookie')?.match(AC)?.[1] ?? '';
      const who = { cookie: `__ac=${value}`, who: a.id };
      t.status(await t.get(`/@users/${a.id}`, { auth: who }), 200, 'a read with the cookie');
      t.status(await t.patch(`/@users/${a.id}`, { description: 'Set with a cookie' }, { auth: who }), [200, 204], 'a PATCH with the cookie');
      t.body(await t.get(`/@users/${a.id}`), { description: 'Set with a cookie' }, 'the user after the PATCH');
    },
  },
  {
    id: 'auth.cookie.logout-clears-ac',
    level: 'SHOULD',
    source: supplement2('3.5'),
    title: '@logout (with the session’s cookie and token) expires the __ac cookie',
    needs: ['cookie-sessions'],
    async run(t) {
      const a = await t.user();
      const login = await t.post('/@login', { login: a.user, password: a.password }, { auth: 'anonymous' });
      const value = login.headers.get('set-cookie')?.match(AC)?.[1] ?? '';
      const r = await t.post('/@logout', {}, { auth: { cookie: `__ac=${value}`, bearer: login.body?.token, who: a.id } });
      t.status(r, [200, 204]);
      t.header(r, 'Set-Cookie', /__ac=[^;]*;.*(Max-Age=0|Expires=Wed, 31 Dec 1997)/i);
    },
  },
  {
    id: 'auth.permission.wrong-password-never-grants',
    level: 'MUST',
    source: seed('Authentication 8'),
    title: 'A login with the wrong password gives no token',
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user, password: `${a.password}-nope` }, { auth: 'anonymous' });
      t.ok(r.status >= 400, 'the login is refused', r.status, 'a 4xx status');
      t.like(r.text, satisfies('no token', (text) => !/"token"\s*:\s*"/.test(text)), 'the answer');
    },
  },
]);
