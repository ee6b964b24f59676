// The isolation fingerprint sees what a run could leave behind: content, users, relations,
// content types, content rules and installed add-ons; and nothing when nothing changed.
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { fingerprint, fingerprintChanges } from './fingerprint.ts';
import { basic, Recorder } from './http.ts';

async function site() {
  const server = await createServer({ fixture: 'minimal' });
  const base = 'http://localhost:8080/Plone';
  const rec = new Recorder({
    transport: async (url, init) => server.app.request(url, init),
    base,
    admin: server.admin,
    adminAuthorization: basic(server.admin.user, server.admin.password),
    timeoutMs: 30_000,
  });
  const send = async (method: string, path: string, body?: unknown) => {
    const r = await rec.request(method, path, { body });
    expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
    return r;
  };
  return { rec, send };
}

describe('fingerprint', () => {
  it('is the same when nothing changed', async () => {
    const { rec } = await site();
    expect(fingerprintChanges(await fingerprint(rec), await fingerprint(rec))).toEqual([]);
  });

  it('names each area a change was left in', async () => {
    const { rec, send } = await site();
    const before = await fingerprint(rec);
    await send('POST', '', { '@type': 'Document', id: 'a', title: 'A' });
    const b = (await send('POST', '', { '@type': 'Document', id: 'b', title: 'B' })).body;
    await send('POST', '/@relations', { items: [{ source: '/a', target: b.UID, relation: 'left-behind' }] });
    await send('POST', '/@controlpanels/dexterity-types', { title: 'Left behind' });
    await send('POST', '/@controlpanels/content-rules', { title: 'Left behind', event: 'Object modified' });
    await send('POST', '/@addons/cms.app.caching/install');
    const changes = fingerprintChanges(before, await fingerprint(rec));
    expect(changes.map((line) => line.split(':')[0])).toEqual(['content', 'relations', 'types', 'rules', 'addons']);
    expect(changes).toContain('relations: added stats left-behind');
    expect(changes).toContain('types: added left_behind');
    expect(changes).toContain('addons: changed cms.app.caching');
  });
});
