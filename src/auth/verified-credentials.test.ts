// Basic credentials are checked once, then answered from the verified-credentials cache: the
// caller is the same as a fresh check would make it, and a change of password, roles, groups, the
// login or the throttle's verdict is seen at once; no password or header is kept.
import { describe, expect, it } from 'vitest';
import { testSite } from '../compose/test-site.ts';
import { ANONYMOUS } from './principal.ts';

const NOW = '2026-01-01T00:00:00+00:00';
const basic = (login: string, password: string) => 'Basic ' + Buffer.from(`${login}:${password}`).toString('base64');

async function site() {
  const { server, call } = await testSite();
  expect((await call('POST', '/@users', { username: 'jane', email: 'jane@example.org', password: 'jane-password-1', roles: ['Member'] })).status).toBe(201);
  const auth = server.services.auth;
  const caller = (header: string, client = 'test') => auth.principal(server.store.current, header, NOW, client);
  return { server, call, auth, caller };
}

describe('verified Basic credentials', () => {
  it('answer the second request at once (no wait), as the same caller', async () => {
    const { caller } = await site();
    const first = caller(basic('jane', 'jane-password-1'));
    expect(first).toBeInstanceOf(Promise);
    const checked = await first;
    expect(checked.id).toBe('jane');
    const again = caller(basic('jane', 'jane-password-1'));
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(checked);
    // a wrong password is never remembered: it is checked (and refused) each time
    const wrong = caller(basic('jane', 'nope'));
    expect(wrong).toBeInstanceOf(Promise);
    expect(await wrong).toBe(ANONYMOUS);
    expect(await caller(basic('jane', 'nope'))).toBe(ANONYMOUS);
  });

  it('follow a change of password, roles and groups, and the removal of the user', async () => {
    const { call, caller } = await site();
    const old = basic('jane', 'jane-password-1');
    await caller(old);
    expect((await call('PATCH', '/@users/jane', { roles: { Reviewer: true } })).status).toBe(204);
    expect((await caller(old)).roles).toEqual(expect.arrayContaining(['Member', 'Reviewer']));
    expect((await call('POST', '/@groups', { groupname: 'editors', roles: ['Editor'], users: ['jane'] })).status).toBe(201);
    expect((await caller(old)).groups).toContain('editors');
    expect((await call('PATCH', '/@users/jane', { password: 'jane-password-2' })).status).toBe(204);
    expect(await caller(old)).toBe(ANONYMOUS);
    expect((await caller(basic('jane', 'jane-password-2'))).id).toBe('jane');
    expect((await call('DELETE', '/@users/jane')).status).toBe(204);
    expect(await caller(basic('jane', 'jane-password-2'))).toBe(ANONYMOUS);
  });

  it('give way to the login throttle: a client held back runs as Anonymous, others do not', async () => {
    const { auth, caller } = await site();
    const good = basic('jane', 'jane-password-1');
    expect((await caller(good, 'client-a')).id).toBe('jane');
    for (let i = 0; i < auth.throttle.options.perLogin; i++) await caller(basic('jane', `wrong-${i}`), 'client-a');
    expect(await caller(good, 'client-a')).toBe(ANONYMOUS);
    expect((await caller(good, 'client-b')).id).toBe('jane');
  });

  it('keep neither the password nor the header', async () => {
    const { auth, caller } = await site();
    const header = basic('jane', 'jane-password-1');
    await caller(header);
    const kept = JSON.stringify([...(auth as unknown as { basic: { entries: Map<string, unknown> } }).basic.entries]);
    expect(kept).toContain('jane');
    expect(kept).not.toContain('jane-password-1');
    expect(kept).not.toContain(header.slice(6));
  });
});
