// @navigation: the Home tab plus the root's children, nested to expand.navigation.depth.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

type Node = { '@id': string; title: string; items: Node[]; [k: string]: unknown };
const find = (items: Node[], id: string) => items.find((i) => i['@id'] === id);

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const add = async (path: string, body: Record<string, unknown>) => expect((await api.post(path, body)).status).toBe(201);
  await add(box, { '@type': 'Document', id: 'public-page', title: 'Public Page', description: 'Shown' });
  await add(box, { '@type': 'Document', id: 'private-page', title: 'Private Page' });
  await add(box, { '@type': 'Document', id: 'hidden-page', title: 'Hidden Page', exclude_from_nav: true });
  await add(box, { '@type': 'Folder', id: 'sub', title: 'Sub' });
  await add(`${box}/sub`, { '@type': 'Document', id: 'deep', title: 'Deep' });
  for (const p of [box, `${box}/public-page`, `${box}/hidden-page`]) expect((await api.post(`${p}/@workflow/publish`)).status).toBe(200);
});

describe('GET @navigation', () => {
  it('starts with Home and lists the sandbox at the first level without nesting by default', async () => {
    const r = await api.get(`${box}/@navigation`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/@navigation`);
    expect(r.body.items[0]).toEqual({ '@id': api.base, description: '', items: [], review_state: null, title: 'Home' });
    const tab = find(r.body.items, `${api.base}${box}`)!;
    expect(tab).toEqual({ '@id': `${api.base}${box}`, description: '', items: [], review_state: 'published', title: `Sandbox ${box.slice(1)}` });
  });

  it('nests children to the requested depth, with use_view_action_in_listings below the first level', async () => {
    const r = await api.get(`${box}/@navigation?expand.navigation.depth=2`);
    const tab = find(r.body.items, `${api.base}${box}`)!;
    expect(tab.items.map((i) => i.title)).toEqual(['Public Page', 'Private Page', 'Sub']);
    expect(find(tab.items, `${api.base}${box}/public-page`)).toEqual({
      '@id': `${api.base}${box}/public-page`,
      description: 'Shown',
      items: [],
      review_state: 'published',
      title: 'Public Page',
      use_view_action_in_listings: false,
    });
    expect(find(tab.items, `${api.base}${box}/sub`)!.items).toEqual([]);
    const deeper = await api.get(`${box}/@navigation?expand.navigation.depth=3`);
    const sub = find(find(deeper.body.items, `${api.base}${box}`)!.items, `${api.base}${box}/sub`)!;
    expect(sub.items.map((i) => i.title)).toEqual(['Deep']);
  });

  it('hides private content and excluded items from anonymous callers', async () => {
    const r = await api.get(`${box}/@navigation?expand.navigation.depth=2`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    const tab = find(r.body.items, `${api.base}${box}`)!;
    expect(tab.items.map((i) => i.title)).toEqual(['Public Page']);
  });

  it('is the same list from any context', async () => {
    const a = await api.get(`${box}/sub/@navigation`);
    const b = await api.get('/@navigation');
    expect(a.body.items).toEqual(b.body.items);
  });
});

describe('navigation component', () => {
  it('is embedded with expand and honours expand.navigation.depth', async () => {
    const r = await api.get(`${box}?expand=navigation,breadcrumbs&expand.navigation.depth=2`);
    expect(r.status).toBe(200);
    const nav = r.body['@components'].navigation;
    expect(nav['@id']).toBe(`${api.base}${box}/@navigation`);
    expect(find(nav.items, `${api.base}${box}`)!.items.length).toBe(3);
    expect(r.body['@components'].breadcrumbs.items).toHaveLength(1);
  });
});
