// @actions: per-category actions that depend on the caller's permissions and the context.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

const ids = (list: { id: string }[]) => list.map((a) => a.id);

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(box, { '@type': 'Document', id: 'doc', title: 'Doc' })).status).toBe(201);
  expect((await api.post(`${box}/doc/@workflow/publish`)).status).toBe(200);
});

describe('GET @actions', () => {
  it('gives the administrator the object, object_buttons and user categories on the root', async () => {
    const r = await api.get('/@actions');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['object', 'object_buttons', 'user']);
    expect(r.body.object).toEqual([
      { icon: '', id: 'view', title: 'View' },
      { icon: '', id: 'edit', title: 'Edit' },
      { icon: '', id: 'folderContents', title: 'Contents' },
      { icon: '', id: 'history', title: 'History' },
      { icon: '', id: 'local_roles', title: 'Sharing' },
    ]);
    expect(ids(r.body.object_buttons)).toEqual(['cut', 'copy', 'delete', 'rename']);
    expect(ids(r.body.user)).toEqual(['preferences', 'plone_setup', 'logout']);
  });

  it('offers Contents only on folderish objects', async () => {
    const folder = await api.get(`${box}/@actions`);
    expect(ids(folder.body.object)).toContain('folderContents');
    const doc = await api.get(`${box}/doc/@actions`);
    expect(ids(doc.body.object)).not.toContain('folderContents');
    expect(ids(doc.body.object)).toContain('edit');
    expect(ids(doc.body.object_buttons)).toContain('redirection');
  });

  it('gives an anonymous caller only view and login', async () => {
    const r = await api.get(`${box}/doc/@actions`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(ids(r.body.object)).toEqual(['view']);
    expect(r.body.object_buttons).toEqual([]);
    expect(r.body.user).toEqual([{ icon: '', id: 'login', title: 'Log in' }]);
  });

  it('filters by categories:list', async () => {
    const r = await api.get('/@actions?categories:list=user&categories:list=portal_tabs');
    expect(Object.keys(r.body).sort()).toEqual(['portal_tabs', 'user']);
    expect(r.body.portal_tabs).toEqual([{ icon: '', id: 'index_html', title: 'Home' }]);
    const site = await api.get('/@actions?categories:list=site_actions&categories:list=document_actions');
    expect(ids(site.body.site_actions)).toEqual(['sitemap', 'accessibility', 'contact']);
    expect(site.body.document_actions).toEqual([]);
  });
});

describe('actions component', () => {
  it('embeds the same answer with expand', async () => {
    const r = await api.get(`${box}/doc?expand=actions`);
    const standalone = await api.get(`${box}/doc/@actions`);
    expect(r.body['@components'].actions).toEqual(standalone.body);
    const link = await api.get(`${box}/doc`);
    expect(link.body['@components'].actions).toEqual({ '@id': `${api.base}${box}/doc/@actions` });
  });
});
