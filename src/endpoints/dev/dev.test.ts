// The ++dev++ endpoints: reset to the fixture, checkpoints; Manager only; off unless enabled.
import { describe, expect, it } from 'vitest';
import { persistentSite, tmpDataDir } from '../../compose/persistence-testing.ts';
import { parseSnapshot } from '../../persistence/snapshot.ts';
import type { SiteState } from '../../state/model.ts';
import { traverse } from '../../state/select.ts';

const BASIC = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
const ROOT = 'http://localhost:8080';

describe('++dev++ endpoints', () => {
  it('are absent unless enabled', async () => {
    const site = await persistentSite(tmpDataDir('dev'), {});
    expect((await site.call('POST', '/++dev++/reset')).status).toBe(404);
    expect((await site.call('POST', `${ROOT}/++dev++/reset`)).status).toBe(404);
  });

  it('reset, save, list, restore and delete checkpoints, instantly', async () => {
    const site = await persistentSite(tmpDataDir('dev'), { devEndpoints: true });
    const fixture = site.store.current;
    expect((await site.call('POST', '', { '@type': 'Document', id: 'one', title: 'One' })).status).toBe(201);
    const saved = await site.call('POST', '/++dev++/checkpoints/after-one');
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ '@id': `${ROOT}/Plone/++dev++/checkpoints/after-one`, name: 'after-one', objects: 2 });
    const withOne = site.store.current;
    expect((await site.call('POST', '', { '@type': 'Document', id: 'two', title: 'Two' })).status).toBe(201);

    const listed = await site.call('GET', `${ROOT}/++dev++/checkpoints`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((c: { name: string }) => c.name)).toEqual(['after-one']);

    const restored = await site.call('POST', '/++api++/++dev++/checkpoints/after-one/restore');
    expect(restored.status).toBe(200);
    expect(site.store.current).toBe(withOne);
    expect((await site.call('GET', '/two')).status).toBe(404);
    expect((await site.call('GET', '/one')).status).toBe(200);

    const reset = await site.call('POST', '/++dev++/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ reset: true, objects: 1 });
    expect(site.store.current).toBe(fixture);
    expect((await site.call('GET', '/one')).status).toBe(404);

    expect((await site.call('DELETE', '/++dev++/checkpoints/after-one')).status).toBe(204);
    expect((await site.call('POST', '/++dev++/checkpoints/after-one/restore')).status).toBe(404);
    expect((await site.call('POST', '/++dev++/checkpoints/bad%20name')).status).toBe(400);
    expect((await site.call('GET', '/++dev++/reset')).status).toBe(405);
    expect((await site.call('GET', '/++dev++/nothing')).status).toBe(404);
  });

  it('the catalog follows a reset and a restore (Store.replace notifies subscribers)', async () => {
    const site = await persistentSite(tmpDataDir('dev'), { devEndpoints: true });
    expect((await site.call('POST', '/++dev++/checkpoints/empty')).status).toBe(201);
    expect((await site.call('POST', '', { '@type': 'Document', id: 'zebra', title: 'Zebra crossing' })).status).toBe(201);
    const found = async () => (await site.call('GET', '/@search?SearchableText=zebra')).body.items_total;
    expect(await found()).toBe(1);
    expect((await site.call('POST', '/++dev++/checkpoints/zebra')).status).toBe(201);
    expect((await site.call('POST', '/++dev++/reset')).status).toBe(200);
    expect(await found()).toBe(0);
    expect((await site.call('POST', '/++dev++/checkpoints/zebra/restore')).status).toBe(200);
    expect(await found()).toBe(1);
    expect((await site.call('POST', '/++dev++/checkpoints/empty/restore')).status).toBe(200);
    expect(await found()).toBe(0);
  });

  it('are for Managers only', async () => {
    const site = await persistentSite(tmpDataDir('dev'), { devEndpoints: true });
    const user = await site.call('POST', '/@users', { username: 'ed', password: 'secret-pw-1', email: 'ed@example.org', roles: ['Editor'] });
    expect(user.status).toBe(201);
    const anonymous = await site.call('POST', '/++dev++/reset', undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.type).toBe('Unauthorized');
    const editor = await site.call('POST', '/++dev++/reset', undefined, BASIC('ed', 'secret-pw-1'));
    expect(editor.status).toBe(403);
  });

  it('the snapshot download leaves password hashes and token digests out unless asked for', async () => {
    const site = await persistentSite(tmpDataDir('dev'), { devEndpoints: true });
    const user = await site.call('POST', '/@users', { username: 'hana', password: 'secret-pw-1', email: 'hana@example.org' });
    expect(user.status).toBe(201);
    expect((await site.call('POST', '/@users/hana/reset-password')).status).toBe(200);
    const hash = site.store.current.users.hana.passwordHash;
    expect(hash).toMatch(/^scrypt\$/);
    expect(Object.keys(site.store.current.auth?.resetTokens ?? {})).toHaveLength(1);
    expect((await site.call('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' })).status).toBe(201);
    expect((await site.call('POST', '/box', { '@type': 'Document', id: 'in', title: 'In' })).status).toBe(201);
    const seed = (state: SiteState) => traverse(state, ['box'])!.children!.k;
    expect(seed(site.store.current)).toEqual(expect.any(Number));
    const plain = await site.call('GET', '/++dev++/snapshot');
    expect(plain.status).toBe(200);
    // nor the seeds of the folders' id tries: read back, the folder draws a new one
    expect(plain.text).not.toMatch(/"k":\d/);
    expect(seed(parseSnapshot('download', Buffer.from(plain.text)).state)).not.toBe(seed(site.store.current));
    expect(plain.text).not.toContain('scrypt$');
    expect(plain.text).not.toContain(hash.split('$').pop()!);
    const restored = parseSnapshot('download', Buffer.from(plain.text)).state;
    expect(restored.users.hana.passwordHash).toBe('');
    expect(restored.users.hana.email).toBe('hana@example.org');
    expect(restored.auth?.resetTokens).toEqual({});
    for (const query of ['?include-password-hashes=false', '?include-password-hashes=0', '?other=1']) {
      expect((await site.call('GET', `/++dev++/snapshot${query}`)).text, query).not.toContain('scrypt$');
    }
    // The state the server goes on with is untouched.
    expect(site.store.current.users.hana.passwordHash).toBe(hash);
    for (const query of ['?include-password-hashes=true', '?include-password-hashes']) {
      const full = await site.call('GET', `/++dev++/snapshot${query}`);
      expect(parseSnapshot('download', Buffer.from(full.text)).state.users.hana.passwordHash, query).toBe(hash);
      expect(seed(parseSnapshot('download', Buffer.from(full.text)).state), query).toBe(seed(site.store.current));
    }
  });

  it('durable mode: a reset is journaled and survives a crash', async () => {
    const dir = tmpDataDir('dev');
    const site = await persistentSite(dir, { devEndpoints: true, durable: true });
    expect((await site.call('POST', '', { '@type': 'Document', id: 'one', title: 'One' })).status).toBe(201);
    expect((await site.call('POST', '/++dev++/checkpoints/one')).status).toBe(201);
    expect((await site.call('POST', '/++dev++/reset')).status).toBe(200);
    const again = await persistentSite(dir, { devEndpoints: true, durable: true });
    expect((await again.call('GET', '/one')).status).toBe(404);
    expect(again.store.current.nodeCount).toBe(1);
    // Checkpoints live in memory only.
    expect((await again.call('GET', '/++dev++/checkpoints')).body.items).toEqual([]);
  });

  it('a Manager authenticated by the __ac cookie must send JSON to reset (no cross-site form reset)', async () => {
    const site = await persistentSite(tmpDataDir('dev'), { devEndpoints: true });
    const login = await site.app.request(`${ROOT}/Plone/@login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ login: 'admin', password: 'admin' }) });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const post = (headers: Record<string, string>, body?: string) => site.app.request(`${ROOT}/Plone/++dev++/reset`, { method: 'POST', headers: { Cookie: cookie, ...headers }, body });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1')).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/json' }, '{}')).status).toBe(200);
  });
});
