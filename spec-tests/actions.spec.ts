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
  it('gives every category Plone has, with the toolbar icons, on the root', async () => {
    // The recorded exchange (an older Plone) lists only object, object_buttons and user, without
    // icons; Plone 6 answers all six categories and names each toolbar action's icon.
    const r = await api.get('/@actions');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['document_actions', 'object', 'object_buttons', 'portal_tabs', 'site_actions', 'user']);
    expect(r.body.object).toEqual([
      { icon: 'toolbar-action/view', id: 'view', title: 'View' },
      { icon: 'toolbar-action/edit', id: 'edit', title: 'Edit' },
      { icon: 'toolbar-action/folderContents', id: 'folderContents', title: 'Contents' },
      { icon: 'toolbar-action/history', id: 'history', title: 'History' },
      { icon: 'toolbar-action/local_roles', id: 'local_roles', title: 'Sharing' },
    ]);
    expect(r.body.object_buttons).toEqual(['cut', 'copy', 'delete', 'rename'].map((id) => expect.objectContaining({ id, icon: `toolbar-action/${id}` })));
    expect(ids(r.body.user)).toEqual(['preferences', 'plone_setup', 'logout']);
    expect(r.body.user[2]).toEqual({ icon: 'toolbar-action/logout', id: 'logout', title: 'Log out' });
    expect(r.body.portal_tabs).toEqual([{ icon: '', id: 'index_html', title: 'Home' }]);
    expect(ids(r.body.site_actions)).toEqual(['sitemap', 'accessibility', 'contact']);
    expect(r.body.document_actions).toEqual([]);
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
    expect(r.body.user).toEqual([{ icon: 'toolbar-action/login', id: 'login', title: 'Log in' }]);
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
    expect(Object.keys(r.body['@components'].actions)).toHaveLength(6);
    const link = await api.get(`${box}/doc`);
    expect(link.body['@components'].actions).toEqual({ '@id': `${api.base}${box}/doc/@actions` });
  });
});
