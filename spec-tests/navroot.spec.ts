// @navroot: the navigation root object (the site root), without items and components.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(box, { '@type': 'Document', id: 'doc', title: 'Doc' })).status).toBe(201);
});

describe('GET @navroot', () => {
  it('answers the site root serialisation without items or @components', async () => {
    const r = await api.get(`${box}/doc/@navroot`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/doc/@navroot`);
    const root = r.body.navroot;
    expect(root['@id']).toBe(api.base);
    expect(root['@type']).toBe('Plone Site');
    expect(root.parent).toEqual({});
    expect(root.is_folderish).toBe(true);
    expect(root).not.toHaveProperty('items');
    expect(root).not.toHaveProperty('items_total');
    expect(root).not.toHaveProperty('@components');
    const site = await api.get('');
    expect(root.title).toBe(site.body.title);
    expect(root.UID).toBe(site.body.UID);
  });

  it('is the same object on the root itself', async () => {
    const r = await api.get('/@navroot');
    expect(r.body['@id']).toBe(`${api.base}/@navroot`);
    expect(r.body.navroot['@id']).toBe(api.base);
  });
});

describe('navroot component', () => {
  it('embeds the same answer with expand', async () => {
    const r = await api.get(`${box}?expand=navroot`);
    const standalone = await api.get(`${box}/@navroot`);
    expect(r.body['@components'].navroot).toEqual(standalone.body);
    expect(r.body['@components'].breadcrumbs).toEqual({ '@id': `${api.base}${box}/@breadcrumbs` });
  });
});
