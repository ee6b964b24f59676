// @registry: one record's value, the batched record list, PATCH of several records at once;
// Manage portal only.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { createMember } from './member.helpers.ts';

let api: Api;
let member: { user: string; password: string };

beforeAll(async () => {
  api = await connect();
  member = await createMember(api, 'reg-member');
});

describe('GET @registry', () => {
  it('answers the bare value of a record', async () => {
    const r = await api.get('/@registry/plone.navigation_depth');
    expect(r.status).toBe(200);
    expect(r.body).toBe(3);
    expect((await api.get('/@registry/plone.displayed_types')).body).toEqual(['Link', 'News Item', 'Folder', 'Document', 'Event', 'Collection']);
    expect((await api.get('/@registry/plone.app.querystring.field.path.title')).body).toBe('Location');
  });

  it('answers 404 for an unknown record', async () => {
    expect((await api.get('/@registry/plone.no_such_record')).status).toBe(404);
  });

  it('lists records in name order, batched by 25', async () => {
    const r = await api.get('/@registry');
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@registry`);
    expect(r.body.items).toHaveLength(25);
    expect(r.body.items_total).toBeGreaterThan(25);
    expect(r.body.batching.next).toBe(`${api.base}/@registry?b_start=25`);
    const names = r.body.items.map((i: { name: string }) => i.name);
    expect([...names].sort()).toEqual(names);
    const all = await api.get(`/@registry?b_size=1000`);
    const record = all.body.items.find((i: { name: string }) => i.name === 'plone.ext_editor');
    expect(record).toEqual({
      name: 'plone.ext_editor',
      schema: { properties: expect.objectContaining({ factory: 'Yes/No', type: 'boolean', title: 'Enable External Editor feature', default: false }) },
      value: false,
    });
  });

  it('filters by name prefix with q', async () => {
    const r = await api.get('/@registry?q=plone.smtp_');
    expect(r.body.items.map((i: { name: string }) => i.name)).toEqual(['plone.smtp_host', 'plone.smtp_pass', 'plone.smtp_port', 'plone.smtp_userid']);
  });

  it('refuses anonymous callers and members', async () => {
    expect((await api.get('/@registry', { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get('/@registry/plone.navigation_depth', { auth: member })).status).toBe(401);
  });
});

describe('PATCH @registry', () => {
  it('changes records (204); panels and readers see the new values', async () => {
    const r = await api.patch('/@registry/', { 'plone.navigation_depth': 5, 'plone.many_users': true });
    expect(r.status).toBe(204);
    expect((await api.get('/@registry/plone.navigation_depth')).body).toBe(5);
    expect((await api.get('/@controlpanels/usergroup')).body.data.many_users).toBe(true);
  });

  it('sets the site title', async () => {
    expect((await api.patch('/@registry', { 'plone.site_title': 'Renamed site' })).status).toBe(204);
    expect((await api.get('/@registry/plone.site_title')).body).toBe('Renamed site');
    expect((await api.get('/@site')).body['plone.site_title']).toBe('Renamed site');
  });

  it('refuses an unknown name or a wrong type with 400, changing nothing', async () => {
    const unknown = await api.patch('/@registry', { 'plone.navigation_depth': 7, 'plone.nope': 1 });
    expect(unknown.status).toBe(400);
    const wrong = await api.patch('/@registry', { 'plone.navigation_depth': 7, 'plone.many_users': 'yes' });
    expect(wrong.status).toBe(400);
    expect((await api.get('/@registry/plone.navigation_depth')).body).toBe(5);
    expect((await api.get('/@registry/plone.many_users')).body).toBe(true);
  });

  it('refuses anonymous callers and members, changing nothing', async () => {
    expect((await api.patch('/@registry', { 'plone.many_groups': true }, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.patch('/@registry', { 'plone.many_groups': true }, { auth: member })).status).toBe(401);
    expect((await api.get('/@registry/plone.many_groups')).body).toBe(false);
  });
});
