// Login tokens end to end: expiry with the injected clock, token storage (@logout really
// invalidates), the keyring, and the secret file in the data dir.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from '../server.ts';
import { manualClock } from '../lib/clock.ts';
import { signToken, verifyToken } from './jwt.ts';
import { callJson } from '../http/json-call.ts';

const BASE = 'http://localhost:8080/Plone';

async function site(options: ServerOptions = {}) {
  const server = await createServer(options);
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const res = await callJson(server.app, method, BASE + path, body, { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) });
    return { status: res.status, body: res.body };
  };
  const login = async () => (await call('POST', '/@login', { login: 'admin', password: 'admin' })).body.token as string;
  const whoami = async (token: string) => (await call('GET', '/@users', undefined, `Bearer ${token}`)).status;
  return { server, call, login, whoami };
}

describe('jwt', () => {
  it('verifies its own signatures and nothing else', () => {
    const t = signToken({ sub: 'a', fullname: '', exp: 100 }, 'k1');
    expect(verifyToken(t, ['k1'], 50)?.sub).toBe('a');
    expect(verifyToken(t, ['k2'], 50)).toBeUndefined();
    expect(verifyToken(t, ['k2', 'k1'], 50)?.sub).toBe('a');
    expect(verifyToken(t, ['k1'], 100)).toBeUndefined();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyToken(`${none}.${t.split('.')[1]}.${t.split('.')[2]}`, ['k1'], 50)).toBeUndefined();
  });
});

describe('token lifetime', () => {
  it('expires after 12 h by default (injected clock), renewal gives a fresh 12 h', async () => {
    const clock = manualClock();
    const { login, whoami, call } = await site({ clock });
    const token = await login();
    clock.advance(11 * 3600);
    expect(await whoami(token)).toBe(200);
    const renewed = (await call('POST', '/@login-renew', undefined, `Bearer ${token}`)).body.token;
    clock.advance(3600);
    expect(await whoami(token)).toBe(401);
    expect(await whoami(renewed)).toBe(200);
    expect((await call('POST', '/@login-renew', undefined, `Bearer ${token}`)).status).toBe(401);
  });

  it('is configurable; 0 means no expiry', async () => {
    const clock = manualClock();
    const short = await site({ clock, tokens: { lifetimeSeconds: 60 } });
    const t = await short.login();
    clock.advance(61);
    expect(await short.whoami(t)).toBe(401);
    const forever = await site({ clock, tokens: { token_timeout: 0 } });
    const f = await forever.login();
    expect(JSON.parse(Buffer.from(f.split('.')[1], 'base64url').toString()).exp).toBeUndefined();
    clock.advance(10 * 365 * 86400);
    expect(await forever.whoami(f)).toBe(200);
  });
});

describe('token storage', () => {
  it('off (default): @logout answers 204 and the token stays valid', async () => {
    const { login, whoami, call } = await site();
    const token = await login();
    expect((await call('POST', '/@logout', undefined, `Bearer ${token}`)).status).toBe(204);
    expect(await whoami(token)).toBe(200);
  });

  for (const option of [{ storeTokens: true }, { store_tokens: true }, { store_tokes: true }]) {
    it(`on (${Object.keys(option)[0]}): @logout invalidates, renewal replaces, unknown tokens cannot log out`, async () => {
      const { login, whoami, call, server } = await site({ tokens: option });
      const token = await login();
      expect(await whoami(token)).toBe(200);
      const stored = JSON.stringify(server.store.current.auth);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(token.split('.')[2]);
      const renewed = (await call('POST', '/@login-renew', undefined, `Bearer ${token}`)).body.token;
      expect(await whoami(token)).toBe(401);
      expect(await whoami(renewed)).toBe(200);
      expect((await call('POST', '/@logout', undefined, `Bearer ${renewed}`)).status).toBe(204);
      expect(await whoami(renewed)).toBe(401);
      const again = await call('POST', '/@logout', undefined, `Bearer ${renewed}`);
      expect(again).toEqual({ status: 400, body: { error: { type: 'Logout failed', message: 'Unknown token' } } });
      expect(Object.keys(server.store.current.auth!.tokens)).toHaveLength(0);
    });
  }
});

describe('secrets', () => {
  it('live in <data-dir>/jwt-secret with mode 0600 and survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cms-oracle-jwt-'));
    const a = await site({ dataDir });
    const token = await a.login();
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const b = await site({ dataDir });
    expect(await b.whoami(token)).toBe(200);
    expect(a.server.services.auth.tokens.leaksInto(readFileSync(file, 'utf8'))).toBe(true);
    const c = await site();
    expect(await c.whoami(token)).toBe(401);
  });

  it('keyring: tokens survive rotations until their secret leaves the ring; without keyring one secret', async () => {
    const { login, whoami, server } = await site();
    const token = await login();
    const tokens = server.services.auth.tokens;
    for (let i = 0; i < 4; i++) tokens.rotate(i);
    expect(await whoami(token)).toBe(200);
    tokens.rotate(5);
    expect(await whoami(token)).toBe(401);
    const plain = await site({ tokens: { use_keyring: false } });
    const t = await plain.login();
    plain.server.services.auth.tokens.rotate(1);
    expect(await plain.whoami(t)).toBe(200);
  });

  it('rotates the keyring periodically when asked to', async () => {
    const clock = manualClock();
    const { login, whoami } = await site({ clock, tokens: { keyringRotationSeconds: 3600, lifetimeSeconds: 0 } });
    const first = await login();
    for (let i = 0; i < 5; i++) {
      clock.advance(3600);
      await login();
    }
    expect(await whoami(first)).toBe(401);
  });
});
