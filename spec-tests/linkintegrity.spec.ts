// @linkintegrity: what would break if objects were deleted.
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

async function make(type: string, extra: Record<string, unknown> = {}, parent = box) {
  const id = `obj-${++n}`;
  const body = await create(api, parent, { '@type': type, id, title: `Object ${n}`, ...extra });
  return { path: `${parent}/${id}`, UID: body.UID as string, url: `${api.base}${parent}/${id}`, title: `Object ${n}` };
}

describe('GET @linkintegrity', () => {
  it('lists the objects relating to the target as breaches', async () => {
    const source = await make('Document');
    const target = await make('Document');
    await api.patch(source.path, { relatedItems: [target.UID] });
    const r = await api.get(`/@linkintegrity?uids=${target.UID}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        '@id': target.url, '@type': 'Document', description: '', review_state: 'private', title: target.title, type_title: 'Page',
        breaches: [{ '@id': source.url, title: source.title, uid: source.UID }],
        items_total: 0,
      },
    ]);
  });

  it('counts contained objects and links to anything inside, but not links from inside the deletion', async () => {
    const folder = await make('Folder');
    const inner = await make('Document', {}, folder.path);
    const sibling = await make('Document', { text: { data: `<a href="resolveuid/${inner.UID}">x</a>`, 'content-type': 'text/html' } }, folder.path);
    const outside = await make('Document', { text: { data: `<a href="${inner.url}">x</a>`, 'content-type': 'text/html' } });
    const r = await api.get(`/@linkintegrity?uids=${folder.UID}`);
    expect(r.body[0].items_total).toBe(2);
    expect(r.body[0].breaches).toEqual([{ '@id': outside.url, title: outside.title, uid: outside.UID }]);
    const both = await api.get(`/@linkintegrity?uids=${inner.UID}&uids=${outside.UID}`);
    expect(both.body.map((x: any) => x.breaches.map((b: any) => b.uid))).toEqual([[sibling.UID], []]);
  });

  it('answers an empty breach list for unreferenced objects and 400 without uids', async () => {
    const lonely = await make('Document');
    expect((await api.get(`/@linkintegrity?uids=${lonely.UID}`)).body[0].breaches).toEqual([]);
    const missing = await api.get('/@linkintegrity');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing parameter "uids"');
  });

  it('deleting anyway leaves a broken relation', async () => {
    const source = await make('Document');
    const target = await make('Document');
    await api.post('/@relations', { items: [{ source: source.path, target: target.path, relation: `li-${n}` }] });
    expect((await api.get(`/@linkintegrity?uids=${target.UID}`)).body[0].breaches).toHaveLength(1);
    expect((await api.del(target.path)).status).toBe(204);
    expect((await api.get('/@relations')).body.broken[`li-${n}`]).toBe(1);
  });
});
