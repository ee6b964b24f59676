// @history: versioning and workflow entries, old versions, revert, GET ?version=.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function page(extra: Record<string, unknown> = {}): Promise<string> {
  const id = `doc-${++n}`;
  await create(api, box, { '@type': 'Document', id, title: 'First title', ...extra });
  return `${box}/${id}`;
}

describe('GET @history', () => {
  it('lists the initial version and the creation entry, newest first', async () => {
    const p = await page();
    const r = await api.get(`${p}/@history`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    const [version, creation] = r.body;
    expect(version).toMatchObject({
      '@id': `${api.base}${p}/@history/0`,
      action: 'Edited',
      comments: 'Initial version',
      may_revert: true,
      transition_title: 'Edited',
      type: 'versioning',
      version: 0,
    });
    expect(version.actor).toEqual({ '@id': `${api.base}/@users/${api.admin.user}`, fullname: api.admin.user, id: api.admin.user, username: null });
    expect(creation).toMatchObject({ action: 'Create', comments: '', review_state: 'private', state_title: 'Private', transition_title: 'Create', type: null });
    expect(creation.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('adds a version for each edit, with the change note as comment', async () => {
    const p = await page();
    expect((await api.patch(p, { title: 'Second title', changeNote: 'Retitled' })).status).toBe(204);
    expect((await api.patch(p, { description: 'More' })).status).toBe(204);
    const r = await api.get(`${p}/@history`);
    const versions = r.body.filter((e: any) => e.type === 'versioning');
    expect(versions.map((e: any) => [e.version, e.comments])).toEqual([
      [2, ''],
      [1, 'Retitled'],
      [0, 'Initial version'],
    ]);
    expect((await api.get(p)).body.changeNote).toBe('');
  });

  it('lists workflow transitions as workflow entries', async () => {
    const p = await page();
    expect((await api.post(`${p}/@workflow/publish`, { comment: 'Go live' })).status).toBe(200);
    const r = await api.get(`${p}/@history`);
    const wf = r.body.filter((e: any) => e.type === 'workflow');
    expect(wf).toHaveLength(1);
    expect(wf[0]).toMatchObject({ action: 'publish', comments: 'Go live', review_state: 'published', state_title: 'Published', transition_title: 'Publish' });
  });

  it('keeps no versions for types without versioning or with versioning switched off', async () => {
    await create(api, box, { '@type': 'Folder', id: `folder-${++n}`, title: 'F' });
    const folder = await api.get(`${box}/folder-${n}/@history`);
    expect(folder.body.every((e: any) => e.type !== 'versioning')).toBe(true);
    const off = await page({ versioning_enabled: false });
    await api.patch(off, { title: 'x' });
    expect((await api.get(`${off}/@history`)).body.some((e: any) => e.type === 'versioning')).toBe(false);
  });

  it('is not available on the site root nor to anonymous callers', async () => {
    expect((await api.get('/@history')).status).toBe(404);
    const p = await page();
    await api.post(`${p}/@workflow/publish`);
    expect((await api.get(`${p}/@history`, { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('GET @history/<version> and GET ?version=', () => {
  it('shows an old version with version "<n>" at the current URL', async () => {
    const p = await page({ text: { data: '<p>old</p>', 'content-type': 'text/html' } });
    await api.patch(p, { title: 'New title', text: { data: '<p>new</p>', 'content-type': 'text/html' } });
    const old = await api.get(`${p}/@history/0`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ '@id': `${api.base}${p}`, title: 'First title', version: '0' });
    expect(old.body.text.data).toBe('<p>old</p>');
    const byQuery = await api.get(`${p}?version=0`);
    expect(byQuery.body.title).toBe('First title');
    expect(byQuery.body.version).toBe('0');
    const current = await api.get(p);
    expect(current.body).toMatchObject({ title: 'New title', version: 'current' });
    expect((await api.get(`${p}?version=current`)).body.title).toBe('New title');
  });

  it('answers 404 for a version that does not exist', async () => {
    const p = await page();
    expect((await api.get(`${p}/@history/7`)).status).toBe(404);
    expect((await api.get(`${p}/@history/abc`)).status).toBe(404);
    expect((await api.get(`${p}?version=9`)).status).toBe(404);
  });
});

describe('PATCH @history {version}', () => {
  it('reverts to the version and saves that as a new version', async () => {
    const p = await page();
    await api.patch(p, { title: 'Changed' });
    const r = await api.patch(`${p}/@history`, { version: 0 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'First title has been reverted to revision 0.' });
    expect((await api.get(p)).body.title).toBe('First title');
    const latest = (await api.get(`${p}/@history`)).body[0];
    expect(latest).toMatchObject({ type: 'versioning', version: 2, comments: 'Reverted to revision 0' });
  });

  it('refuses a missing or unknown version with 400 and changes nothing', async () => {
    const p = await page();
    await api.patch(p, { title: 'Kept' });
    expect((await api.patch(`${p}/@history`, {})).status).toBe(400);
    expect((await api.patch(`${p}/@history`, { version: 5 })).status).toBe(400);
    expect((await api.get(p)).body.title).toBe('Kept');
    expect((await api.get(`${p}/@history`)).body.filter((e: any) => e.type === 'versioning')).toHaveLength(2);
  });

  it('needs the revert permission (401 for anonymous)', async () => {
    const p = await page();
    await api.patch(p, { title: 'Changed' });
    expect((await api.patch(`${p}/@history`, { version: 0 }, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get(p)).body.title).toBe('Changed');
  });
});
