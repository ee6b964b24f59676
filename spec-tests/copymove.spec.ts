// @copy and @move: sources as URL, path, UID or intid; copy_of_ only when the id is taken;
// new UIDs for copies; a move keeps UID and history and leaves an alias; permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create, makeUser } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function folder(parent = box): Promise<string> {
  const id = `folder-${++n}`;
  await create(api, parent, { '@type': 'Folder', id, title: `Folder ${n}` });
  return `${parent}/${id}`;
}

async function doc(parent: string, id = `doc-${++n}`): Promise<any> {
  return create(api, parent, { '@type': 'Document', id, title: `Doc ${id}` });
}

const idsIn = async (path: string) => (await api.get(path)).body.items.map((i: any) => i['@id'].split('/').pop());

describe('POST @copy', () => {
  it('copies into the same folder with copy_of_, copy2_of_ ids and new UIDs', async () => {
    const f = await folder();
    const original = await doc(f, 'front-page');
    const r = await api.post(`${f}/@copy`, { source: `${api.base}${f}/front-page` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ source: `${api.base}${f}/front-page`, target: `${api.base}${f}/copy_of_front-page` }]);
    const again = await api.post(`${f}/@copy`, { source: `${f}/front-page` });
    expect(again.body[0].target).toBe(`${api.base}${f}/copy2_of_front-page`);
    const copy = (await api.get(`${f}/copy_of_front-page`)).body;
    expect(copy.UID).not.toBe(original.UID);
    expect(copy.title).toBe(original.title);
    expect(await idsIn(f)).toEqual(['front-page', 'copy_of_front-page', 'copy2_of_front-page']);
  });

  it('keeps the id when it is free in another folder, and copies whole subtrees', async () => {
    const from = await folder();
    const to = await folder();
    await doc(from, 'inner');
    const r = await api.post(`${to}/@copy`, { source: from });
    const copied = `${to}/${from.split('/').pop()}`;
    expect(r.body).toEqual([{ source: `${api.base}${from}`, target: `${api.base}${copied}` }]);
    const inner = await api.get(`${copied}/inner`);
    expect(inner.status).toBe(200);
    expect(inner.body.UID).not.toBe((await api.get(`${from}/inner`)).body.UID);
    expect((await api.get(`${from}/inner`)).status).toBe(200);
  });

  it('accepts UIDs, paths and lists, skipping what does not resolve', async () => {
    const from = await folder();
    const to = await folder();
    const a = await doc(from);
    const b = await doc(from);
    const r = await api.post(`${to}/@copy`, { source: [a.UID, `${from}/${b.id}`, '/does/not/exist', 'f'.repeat(32)] });
    expect(r.body.map((x: any) => x.target)).toEqual([`${api.base}${to}/${a.id}`, `${api.base}${to}/${b.id}`]);
    expect(await idsIn(to)).toEqual([a.id, b.id]);
    const nothing = await api.post(`${to}/@copy`, { source: '/missing' });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual([]);
  });

  it('resets the workflow state and the lock of the copy', async () => {
    const from = await folder();
    const d = await doc(from);
    await api.post(`${from}/${d.id}/@workflow/publish`);
    await api.post(`${from}/${d.id}/@lock`);
    await api.post(`${from}/@copy`, { source: `${from}/${d.id}` });
    const copy = (await api.get(`${from}/copy_of_${d.id}`)).body;
    expect(copy.review_state).toBe('private');
    expect(copy.lock).toEqual({ locked: false, stealable: true });
    const history = (await api.get(`${from}/copy_of_${d.id}/@history`)).body;
    expect(history.filter((e: any) => e.type === 'versioning')).toHaveLength(1);
  });

  it('requires source (400)', async () => {
    const f = await folder();
    const r = await api.post(`${f}/@copy`, {});
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Property 'source' is required");
  });

  it('refuses anonymous callers with 401 and a null body', async () => {
    const f = await folder();
    const d = await doc(f);
    await api.post(`${f}/@workflow/publish`);
    const r = await api.post(`${f}/@copy`, { source: `${f}/${d.id}` }, { auth: 'anonymous' });
    expect(r.status).toBe(401);
    expect(r.body).toBeNull();
    expect(await idsIn(f)).toEqual([d.id]);
  });

  it('refuses authenticated callers without Add permission with 403', async (ctx) => {
    const member = await makeUser(api, ['Member']);
    if (!member) return ctx.skip();
    const f = await folder();
    const d = await doc(f);
    await api.post(`${f}/@workflow/publish`);
    await api.post(`${f}/${d.id}/@workflow/publish`);
    const r = await api.post(`${f}/@copy`, { source: `${f}/${d.id}` }, { auth: member });
    expect(r.status).toBe(403);
    expect(await idsIn(f)).toEqual([d.id]);
  });

  it('is not offered on non-folderish objects (404)', async () => {
    const f = await folder();
    const d = await doc(f);
    expect((await api.post(`${f}/${d.id}/@copy`, { source: `${f}/${d.id}` })).status).toBe(404);
  });
});

describe('POST @move', () => {
  it('moves keeping UID and history, and leaves an alias at the old path', async () => {
    const from = await folder();
    const to = await folder();
    const d = await doc(from);
    await api.patch(`${from}/${d.id}`, { title: 'Edited', changeNote: 'before move' });
    const r = await api.post(`${to}/@move`, { source: `${api.base}${from}/${d.id}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ source: `${api.base}${from}/${d.id}`, target: `${api.base}${to}/${d.id}` }]);
    const moved = await api.get(`${to}/${d.id}`);
    expect(moved.body.UID).toBe(d.UID);
    expect((await api.get(`${to}/${d.id}/@history`)).body.some((e: any) => e.comments === 'before move')).toBe(true);
    expect(await idsIn(from)).toEqual([]);
    const old = await api.get(`${from}/${d.id}`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`${api.base}${to}/${d.id}`);
  });

  it('moves folders with their contents and renames on conflicts', async () => {
    const from = await folder();
    const to = await folder();
    const inner = await doc(from);
    await doc(to, from.split('/').pop());
    const r = await api.post(`${to}/@move`, { source: [from] });
    const id = from.split('/').pop();
    expect(r.body[0].target).toBe(`${api.base}${to}/copy_of_${id}`);
    const moved = await api.get(`${to}/copy_of_${id}/${inner.id}`);
    expect(moved.body.UID).toBe(inner.UID);
  });

  it('cannot move a folder into itself or below itself (400), nothing changes', async () => {
    const outer = await folder();
    const inner = await folder(outer);
    expect((await api.post(`${outer}/@move`, { source: outer })).status).toBe(400);
    expect((await api.post(`${inner}/@move`, { source: outer })).status).toBe(400);
    expect((await api.get(inner)).status).toBe(200);
  });

  it('a move into the same folder changes nothing', async () => {
    const f = await folder();
    const a = await doc(f);
    const b = await doc(f);
    const r = await api.post(`${f}/@move`, { source: `${f}/${a.id}` });
    expect(r.body).toEqual([{ source: `${api.base}${f}/${a.id}`, target: `${api.base}${f}/${a.id}` }]);
    expect(await idsIn(f)).toEqual([a.id, b.id]);
  });

  it('refuses anonymous callers with 401', async () => {
    const from = await folder();
    const to = await folder();
    const d = await doc(from);
    const r = await api.post(`${to}/@move`, { source: `${from}/${d.id}` }, { auth: 'anonymous' });
    expect(r.status).toBe(401);
    expect((await api.get(`${from}/${d.id}`)).status).toBe(200);
  });
});
