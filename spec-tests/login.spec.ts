// Authentication: @login, Bearer tokens, @login-renew, @logout, failed logins and throttling.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
const PASSWORD = 'secret-password-1';

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

beforeAll(async () => {
  api = await connect();
  const r = await api.post('/@users', { username: 'loginuser', password: PASSWORD, fullname: 'Login User', email: 'login@example.com' });
  expect(r.status, r.text).toBe(201);
});

describe('POST @login', () => {
  it('answers a signed HS256 token carrying sub, fullname and a 12 h exp', async () => {
    const r = await api.post('/@login', { login: 'loginuser', password: PASSWORD }, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['token']);
    const [header] = r.body.token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const c = claims(r.body.token);
    expect(c.sub).toBe('loginuser');
    expect(c.fullname).toBe('Login User');
    expect(c.exp - c.iat).toBe(12 * 3600);
  });

  it('lets the administrator given on the command line log in', async () => {
    const r = await api.post('/@login', { login: api.admin.user, password: api.admin.password }, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(claims(r.body.token).sub).toBe(api.admin.user);
    const users = await api.get('/@users', { auth: { bearer: r.body.token } });
    expect(users.status).toBe(200);
  });

  it('refuses wrong credentials with 401 and the service error body', async () => {
    for (const body of [{ login: 'loginuser', password: 'wrong-password' }, { login: 'nobody', password: PASSWORD }]) {
      const r = await api.post('/@login', body, { auth: 'anonymous' });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: { type: 'Invalid credentials', message: 'Wrong login and/or password.' } });
    }
  });

  it('requires login and password (400)', async () => {
    const r = await api.post('/@login', { login: 'loginuser' }, { auth: 'anonymous' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { type: 'Missing credentials', message: 'Login and password must be provided in body.' } });
  });

  it('lists no external login providers', async () => {
    const r = await api.get('/@login', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ options: [] });
  });
});

describe('Bearer tokens', () => {
  it('authenticate requests as the token owner', async () => {
    const { token } = (await api.post('/@login', { login: 'loginuser', password: PASSWORD }, { auth: 'anonymous' })).body;
    const me = await api.get('/@users/loginuser', { auth: { bearer: token } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe('loginuser');
    expect(JSON.stringify(me.body)).not.toContain(PASSWORD);
  });

  it('run a request with a forged or garbled token as Anonymous', async () => {
    const { token } = (await api.post('/@login', { login: 'loginuser', password: PASSWORD }, { auth: 'anonymous' })).body;
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: api.admin.user, fullname: '' })).toString('base64url')}.${s}`;
    for (const bearer of [forged, 'garbage', token + 'x']) {
      expect((await api.get('/@users/loginuser', { auth: { bearer } })).status).toBe(401);
      expect((await api.get('', { auth: { bearer } })).status).toBe(200);
    }
  });

  it('also take Basic with a wrong password as Anonymous', async () => {
    const r = await api.get('/@users/loginuser', { auth: { user: 'loginuser', password: 'nope-nope' } });
    expect(r.status).toBe(401);
  });
});

describe('POST @login-renew and @logout', () => {
  it('renews a valid token', async () => {
    const { token } = (await api.post('/@login', { login: 'loginuser', password: PASSWORD }, { auth: 'anonymous' })).body;
    const r = await api.post('/@login-renew', undefined, { auth: { bearer: token } });
    expect(r.status).toBe(200);
    expect(claims(r.body.token).sub).toBe('loginuser');
  });

  it('refuses to renew for Anonymous (401)', async () => {
    const r = await api.post('/@login-renew', undefined, { auth: 'anonymous' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      error: { type: 'Invalid or expired authentication token', message: 'The authentication token is invalid or expired.' },
    });
  });

  it('logs out with 204 (without token storage the token stays valid until it expires)', async () => {
    const { token } = (await api.post('/@login', { login: 'loginuser', password: PASSWORD }, { auth: 'anonymous' })).body;
    const r = await api.post('/@logout', undefined, { auth: { bearer: token } });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
});

describe('failed logins from one client', () => {
  // needs a fresh server of its own (in-process only)
  it.skipIf(!!process.env.SPEC_BASE_URL)('are slowed down: 429 with Retry-After, even for the right password, other logins unaffected', async () => {
    const local = await connect();
    expect((await local.post('/@users', { username: 'victim', password: PASSWORD })).status).toBe(201);
    expect((await local.post('/@users', { username: 'bystander', password: PASSWORD })).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await local.post('/@login', { login: 'victim', password: `guess-${i}-guess` }, { auth: 'anonymous' })).status).toBe(401);
    }
    const blocked = await local.post('/@login', { login: 'victim', password: PASSWORD }, { auth: 'anonymous' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error.type).toBe('Too many failed logins');
    expect((await local.get('/@users/victim', { auth: { user: 'victim', password: PASSWORD } })).status).toBe(401);
    expect((await local.post('/@login', { login: 'bystander', password: PASSWORD }, { auth: 'anonymous' })).status).toBe(200);
  });
});
