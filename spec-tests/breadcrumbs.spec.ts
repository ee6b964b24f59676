// @breadcrumbs: the path below the navigation root, viewable objects only, and its expansion.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(box, { '@type': 'Folder', id: 'private-folder', title: 'Private Folder' })).status).toBe(201);
  expect((await api.post(`${box}/private-folder`, { '@type': 'Document', id: 'page', title: 'The Page' })).status).toBe(201);
  expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
  expect((await api.post(`${box}/private-folder/page/@workflow/publish`)).status).toBe(200);
});

describe('GET @breadcrumbs', () => {
  it('lists each object from below the site root down to the context', async () => {
    const r = await api.get(`${box}/private-folder/page/@breadcrumbs`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/private-folder/page/@breadcrumbs`);
    expect(r.body.root).toBe(api.base);
    expect(r.body.items).toEqual([
      { '@id': `${api.base}${box}`, title: `Sandbox ${box.slice(1)}` },
      { '@id': `${api.base}${box}/private-folder`, title: 'Private Folder' },
      { '@id': `${api.base}${box}/private-folder/page`, title: 'The Page' },
    ]);
  });

  it('has no items on the site root', async () => {
    const r = await api.get('/@breadcrumbs');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ '@id': `${api.base}/@breadcrumbs`, items: [], root: api.base });
  });

  it('skips objects an anonymous caller cannot view', async () => {
    const r = await api.get(`${box}/private-folder/page/@breadcrumbs`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { '@id': string }) => i['@id'])).toEqual([`${api.base}${box}`, `${api.base}${box}/private-folder/page`]);
  });

  it('refuses a private context to anonymous callers', async () => {
    const r = await api.get(`${box}/private-folder/@breadcrumbs`, { auth: 'anonymous' });
    expect(r.status).toBe(401);
  });
});

describe('breadcrumbs component', () => {
  it('is linked from every object and embedded with expand', async () => {
    const plain = await api.get(`${box}/private-folder`);
    expect(plain.body['@components'].breadcrumbs).toEqual({ '@id': `${api.base}${box}/private-folder/@breadcrumbs` });
    const expanded = await api.get(`${box}/private-folder?expand=breadcrumbs`);
    const standalone = await api.get(`${box}/private-folder/@breadcrumbs`);
    expect(expanded.body['@components'].breadcrumbs).toEqual(standalone.body);
  });

  it('accepts the expand:list form', async () => {
    const r = await api.get(`${box}/private-folder?expand:list=breadcrumbs&expand:list=navroot`);
    expect(r.body['@components'].breadcrumbs.items).toHaveLength(2);
    expect(r.body['@components'].navroot.navroot['@id']).toBe(api.base);
  });
});
