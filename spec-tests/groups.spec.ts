// @groups: built-in groups, create, read, update (users as booleans), nested groups, delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
const PW = 'member-password-1';
const member = { user: 'gina', password: PW };

beforeAll(async () => {
  api = await connect();
  expect((await api.post('/@users', { username: 'gina', password: PW })).status).toBe(201);
});

describe('GET @groups', () => {
  it('lists the built-in groups with Authenticated in their roles, the virtual group last', async () => {
    const r = await api.get('/@groups');
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.body.map((g: { id: string }) => [g.id, g]));
    expect(byId.Administrators.roles).toEqual(['Manager', 'Authenticated']);
    expect(byId.Reviewers.roles).toEqual(['Reviewer', 'Authenticated']);
    expect(byId['Site Administrators'].roles).toEqual(['Site Administrator', 'Authenticated']);
    expect(byId.AuthenticatedUsers).toMatchObject({ roles: [], title: 'Authenticated Users (Virtual Group)', groupname: 'AuthenticatedUsers' });
    expect(r.body.at(-1).id).toBe('AuthenticatedUsers');
    expect(byId.Administrators.members).toEqual({ '@id': `${api.base}/@groups`, items: [], items_total: 0 });
  });

  it('filters by query (summaries without members) and refuses other parameters', async () => {
    const r = await api.get('/@groups?query=Rev');
    expect(r.body.map((g: { id: string }) => g.id)).toEqual(['Reviewers']);
    expect(r.body[0].members).toBeUndefined();
    const bad = await api.get('/@groups?foo=bar');
    expect(bad.status).toBe(400);
  });

  it('lets any logged-in user read groups; Anonymous gets 401', async () => {
    expect((await api.get('/@groups', { auth: member })).status).toBe(200);
    expect((await api.get('/@groups/Reviewers', { auth: member })).status).toBe(200);
    expect((await api.get('/@groups', { auth: 'anonymous' })).status).toBe(401);
  });

  it('answers 404 with a JSON null body for an unknown group', async () => {
    const r = await api.get('/@groups/nope');
    expect(r.status).toBe(404);
    expect(r.text).toBe('null');
  });
});

describe('POST/PATCH/DELETE @groups', () => {
  it('creates a group with roles, member groups and users', async () => {
    const r = await api.post('/@groups', {
      groupname: 'team',
      title: 'Team',
      description: 'A team',
      email: 'team@example.com',
      roles: ['Editor'],
      groups: ['Reviewers'],
      users: ['gina', api.admin.user],
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${api.base}/@groups/team`);
    expect(r.body).toMatchObject({ id: 'team', groupname: 'team', title: 'Team', roles: ['Editor', 'Authenticated'] });
    expect(r.body.members.items).toEqual(['Reviewers', api.admin.user, 'gina'].sort());
    const gina = (await api.get('/@users/gina')).body;
    expect(gina.roles).toEqual(['Editor', 'Member']);
    expect(gina.groups.items.map((g: { id: string }) => g.id)).toContain('team');
  });

  it('refuses bad group names (400)', async () => {
    expect((await api.post('/@groups', { title: 'x' })).body.message).toBe("Property 'groupname' is required");
    expect((await api.post('/@groups', { groupname: 'Reviewers' })).body.message).toBe('The group name you entered already exists.');
    expect((await api.post('/@groups', { groupname: 'a/b' })).body.message).toBe('The group name you entered is not valid.');
  });

  it('updates fields, roles and members (users as booleans); nested membership gives roles', async () => {
    await api.post('/@groups', { groupname: 'outer', roles: ['Reviewer'] });
    await api.post('/@groups', { groupname: 'inner', users: ['gina'] });
    const r = await api.patch('/@groups/outer', { title: 'Outer', groups: ['inner'], users: { [api.admin.user]: true } });
    expect(r.status).toBe(204);
    const outer = (await api.get('/@groups/outer')).body;
    expect(outer.title).toBe('Outer');
    expect(outer.members.items).toEqual(['admin', 'inner'].map((m) => (m === 'admin' ? api.admin.user : m)).sort());
    expect((await api.get('/@users/gina')).body.roles).toContain('Reviewer');
    expect((await api.patch('/@groups/outer', { users: { [api.admin.user]: false } })).status).toBe(204);
    expect((await api.get('/@groups/outer')).body.members.items).toEqual(['inner']);
    const cycle = await api.patch('/@groups/inner', { groups: ['outer'] });
    expect(cycle.status).toBe(400);
  });

  it('answers 400 for an update of an unknown group', async () => {
    const r = await api.patch('/@groups/ghost', { title: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Trying to update a non-existing group.');
  });

  it('deletes a group (204); deleting it again is 404', async () => {
    await api.post('/@groups', { groupname: 'temp', users: ['gina'] });
    expect((await api.del('/@groups/temp')).status).toBe(204);
    expect((await api.get('/@groups/temp')).status).toBe(404);
    expect((await api.del('/@groups/temp')).status).toBe(404);
    expect((await api.get('/@users/gina')).body.groups.items.map((g: { id: string }) => g.id)).not.toContain('temp');
  });

  it('refuses writes to Members and Anonymous (401) and changes nothing', async () => {
    for (const auth of ['anonymous', member] as const) {
      expect((await api.post('/@groups', { groupname: 'sneaky', roles: ['Manager'], users: ['gina'] }, { auth })).status).toBe(401);
      expect((await api.patch('/@groups/Administrators', { users: { gina: true } }, { auth })).status).toBe(401);
      expect((await api.del('/@groups/Reviewers', undefined, { auth })).status).toBe(401);
    }
    expect((await api.get('/@groups/sneaky')).status).toBe(404);
    expect((await api.get('/@groups/Administrators')).body.members.items).toEqual([]);
    expect((await api.get('/@groups/Reviewers')).status).toBe(200);
    expect((await api.get('/@users/gina')).body.roles).not.toContain('Manager');
  });
});
