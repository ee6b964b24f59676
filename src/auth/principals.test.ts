// Principals are made once per (users, groups) records: a change of roles or groups is seen at
// once, and a principal from the session cookie is never the one a header request shares.
import { describe, expect, it } from 'vitest';
import { testSite } from '../compose/test-site.ts';
import { viaSessionCookie } from './authenticate.ts';
import { toSeconds } from './tokens.ts';

const NOW = '2026-01-01T00:00:00+00:00';

describe('principals of users', () => {
  it('are shared while users and groups are unchanged, and follow a change of roles or groups', async () => {
    const { server, call } = await testSite();
    expect((await call('POST', '/@users', { username: 'jane', email: 'jane@example.org', password: 'jane-password-1', roles: ['Member'] })).status).toBe(201);
    const auth = server.services.auth;
    const first = auth.user(server.store.current, 'jane')!;
    expect(first.roles).toEqual(['Member']);
    expect(auth.user(server.store.current, 'jane')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.roles)).toBe(true);
    expect((await call('PATCH', '/@users/jane', { roles: { Reviewer: true } })).status).toBe(204);
    expect(auth.user(server.store.current, 'jane')!.roles).toEqual(expect.arrayContaining(['Member', 'Reviewer']));
    expect((await call('POST', '/@groups', { groupname: 'editors', roles: ['Editor'], users: ['jane'] })).status).toBe(201);
    const grouped = auth.user(server.store.current, 'jane')!;
    expect(grouped.groups).toContain('editors');
    expect(grouped.roles).toContain('Editor');
    expect(auth.user(server.store.current, 'nobody')).toBeUndefined();
  });

  it('from the session cookie are marked as such, the same user by a header is not', async () => {
    const { server } = await testSite();
    const auth = server.services.auth;
    const state = server.store.current;
    const ticket = auth.tokens.sessionTicket('admin', toSeconds(NOW));
    const byCookie = await auth.principal(state, undefined, NOW, 'test', ticket);
    expect(byCookie.id).toBe('admin');
    expect(viaSessionCookie(byCookie)).toBe(true);
    const basic = 'Basic ' + Buffer.from('admin:admin').toString('base64');
    const byHeader = await auth.principal(state, basic, NOW, 'test');
    expect(byHeader.id).toBe('admin');
    expect(viaSessionCookie(byHeader)).toBe(false);
    expect(byHeader).toBe(auth.user(state, 'admin'));
  });
});
