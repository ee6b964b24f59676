// export-fixture's conversion: users leave without password hashes unless the operator asks.
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { fixtureFromState } from './export.ts';

async function siteWithUser() {
  const server = await createServer({ admin: { user: 'admin', password: 'admin' } } as Parameters<typeof createServer>[0]);
  const res = await server.app.request('http://localhost:8080/Plone/@users', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') },
    body: JSON.stringify({ username: 'kai', password: 'secret-pw-1', email: 'kai@example.org', roles: ['Editor'] }),
  });
  expect(res.status).toBe(201);
  return server.store.current;
}

describe('fixtureFromState', () => {
  it('writes users without any password by default, and says so', async () => {
    const state = await siteWithUser();
    const fixture = fixtureFromState(state);
    const text = JSON.stringify(fixture);
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(state.users.kai.passwordHash);
    const kai = (fixture.site.users as Record<string, unknown>[]).find((u) => u.id === 'kai')!;
    expect(kai).toMatchObject({ id: 'kai', email: 'kai@example.org', roles: ['Editor'] });
    expect(kai).not.toHaveProperty('passwordHash');
    expect(kai).not.toHaveProperty('password');
    expect(fixture.warnings.join('\n')).toContain('--include-password-hashes');
  });

  it('writes the stored hashes with includePasswordHashes', async () => {
    const state = await siteWithUser();
    const fixture = fixtureFromState(state, { includePasswordHashes: true });
    const kai = (fixture.site.users as Record<string, unknown>[]).find((u) => u.id === 'kai')!;
    expect(kai.passwordHash).toBe(state.users.kai.passwordHash);
    expect(kai).not.toHaveProperty('password');
  });
});
