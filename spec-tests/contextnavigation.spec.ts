// @contextnavigation: the navigation portlet tree around the context and its options.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

type Node = { '@id': string; title: string; items: Node[]; [k: string]: unknown };

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const add = async (path: string, body: Record<string, unknown>) => expect((await api.post(path, body)).status).toBe(201);
  await add(box, { '@type': 'Folder', id: 'sub1', title: 'Sub 1' });
  await add(`${box}/sub1`, { '@type': 'Folder', id: 'third', title: 'Third' });
  await add(`${box}/sub1/third`, { '@type': 'Document', id: 'leaf', title: 'Leaf' });
  await add(box, { '@type': 'Document', id: 'doc', title: 'A document' });
});

describe('GET @contextnavigation', () => {
  it('lists the tree below the first-level folder of the context', async () => {
    const r = await api.get(`${box}/sub1/@contextnavigation`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/sub1/@contextnavigation`);
    expect(r.body.title).toBe('Navigation');
    expect(r.body.has_custom_name).toBe(false);
    expect(r.body.available).toBe(true);
    expect(r.body.url).toBe(`${api.base}/sitemap`);
    expect(r.body.items.map((i: Node) => i.title)).toEqual(['Sub 1', 'A document']);
    const sub1 = r.body.items[0];
    expect(sub1).toMatchObject({
      '@id': `${api.base}${box}/sub1`,
      href: `${api.base}${box}/sub1`,
      description: '',
      icon: '',
      thumb: '',
      is_current: true,
      is_in_path: false,
      is_folderish: true,
      normalized_id: 'sub1',
      review_state: 'private',
      type: 'folder',
    });
    expect(sub1.items[0].title).toBe('Third');
    expect(sub1.items[0].items[0]).toMatchObject({ title: 'Leaf', type: 'document', is_folderish: false, items: [] });
  });

  it('marks the ancestors of the context as in path', async () => {
    const r = await api.get(`${box}/sub1/third/leaf/@contextnavigation`);
    const sub1 = r.body.items[0];
    expect(sub1.is_in_path).toBe(true);
    expect(sub1.items[0].is_in_path).toBe(true);
    expect(sub1.items[0].items[0].is_current).toBe(true);
  });

  it('honours name, bottomLevel, includeTop and currentFolderOnly', async () => {
    const q = 'expand.contextnavigation.name=Mine&expand.contextnavigation.bottomLevel=1&expand.contextnavigation.includeTop=true';
    const r = await api.get(`${box}/sub1/@contextnavigation?${q}`);
    expect(r.body.title).toBe('Mine');
    expect(r.body.has_custom_name).toBe(true);
    expect(r.body.items.map((i: Node) => i.title)).toEqual([`Sandbox ${box.slice(1)}`, 'Sub 1', 'A document']);
    expect(r.body.items[1].items).toEqual([]);
    const only = await api.get(`${box}/sub1/@contextnavigation?expand.contextnavigation.currentFolderOnly=true`);
    expect(only.body.items.map((i: Node) => i.title)).toEqual(['Third']);
    expect(only.body.items[0].items).toEqual([]);
  });

  it('has nothing to show at the site root with the default top level', async () => {
    const r = await api.get('/@contextnavigation');
    expect(r.status).toBe(200);
    expect(r.body.available).toBe(false);
    expect(r.body.items).toEqual([]);
  });

  it('hides private objects from anonymous callers', async () => {
    expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
    expect((await api.post(`${box}/doc/@workflow/publish`)).status).toBe(200);
    const r = await api.get(`${box}/doc/@contextnavigation`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: Node) => i.title)).toEqual(['A document']);
  });
});

describe('contextnavigation component', () => {
  it('embeds the same answer with expand', async () => {
    const expanded = await api.get(`${box}/sub1?expand=contextnavigation`);
    const standalone = await api.get(`${box}/sub1/@contextnavigation`);
    expect(expanded.body['@components'].contextnavigation).toEqual(standalone.body);
  });
});
