// @sharing: local roles with inheritance and blocking, who may delegate what; private content
// stays invisible to callers without View in reads, listings, navigation and breadcrumbs.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
const PW = 'member-password-1';
const sam = { user: 'sam', password: PW };
const eve = { user: 'eve', password: PW };

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  for (const username of ['sam', 'eve']) expect((await api.post('/@users', { username, password: PW, fullname: username.toUpperCase() })).status).toBe(201);
  expect((await api.post(box, { '@type': 'Folder', id: 'club', title: 'Club' })).status).toBe(201);
  expect((await api.post(`${box}/club`, { '@type': 'Document', id: 'secret', title: 'Secret' })).status).toBe(201);
});

const ids = (items: { '@id': string }[]) => items.map((i) => i['@id'].split('/').pop());

describe('GET @sharing', () => {
  it('shows the delegable roles, the logged-in users row and the inherit flag', async () => {
    const r = await api.get(`${box}/club/@sharing`);
    expect(r.status).toBe(200);
    expect(r.body.available_roles).toEqual([
      { id: 'Contributor', title: 'Can add' },
      { id: 'Editor', title: 'Can edit' },
      { id: 'Reader', title: 'Can view' },
      { id: 'Reviewer', title: 'Can review' },
    ]);
    expect(r.body.inherit).toBe(true);
    expect(r.body.entries).toEqual([
      {
        disabled: false,
        id: 'AuthenticatedUsers',
        login: null,
        roles: { Contributor: false, Editor: false, Reader: false, Reviewer: false },
        title: 'Logged-in users',
        type: 'group',
      },
    ]);
  });

  it('adds search matches', async () => {
    const r = await api.get(`${box}/club/@sharing?search=sam`);
    expect(r.body.entries.map((e: { id: string }) => e.id)).toEqual(['AuthenticatedUsers', 'sam']);
    expect(r.body.entries[1]).toMatchObject({ login: 'sam', title: 'SAM', type: 'user' });
  });

  it('orders and shapes rows as Plone: logged-in users, groups, users; search matches after, groups first, without disabled', async () => {
    const tag = box.slice(-6);
    const [team, crew] = [`team${tag}`, `crew${tag}`];
    for (const groupname of [team, crew]) expect((await api.post('/@groups', { groupname, title: `Group ${groupname}` })).status).toBe(201);
    for (const username of [`zed${tag}`, `amy${tag}`, `bob${tag}`]) {
      expect((await api.post('/@users', { username, password: PW, fullname: `Full ${username}`, email: `${username}@example.org` })).status).toBe(201);
    }
    expect((await api.post(`${box}/@sharing`, { entries: [
      { id: `zed${tag}`, type: 'user', roles: { Reader: true } },
      { id: team, type: 'group', roles: { Editor: true } },
      { id: api.admin.user, type: 'user', roles: { Reviewer: true } },
    ] })).status).toBe(204);
    const r = await api.get(`${box}/@sharing?search=${tag}`);
    expect(r.status).toBe(200);
    const rows = r.body.entries.map((e: { id: string; type: string }) => [e.type, e.id]);
    // settings here, sorted by name within groups and users ('admin' < 'zed…'), then the search matches
    expect(rows).toEqual([
      ['group', 'AuthenticatedUsers'],
      ['group', team],
      ['user', api.admin.user],
      ['user', `zed${tag}`],
      ['group', crew],
      ['user', `amy${tag}`],
      ['user', `bob${tag}`],
    ]);
    const byId = Object.fromEntries(r.body.entries.map((e: { id: string }) => [e.id, e]));
    expect(byId[`zed${tag}`]).toEqual({
      disabled: false, id: `zed${tag}`, login: `zed${tag}`, title: `Full zed${tag}`, type: 'user',
      roles: { Contributor: false, Editor: false, Reader: true, Reviewer: false },
    });
    expect(byId[api.admin.user].disabled).toBe(true); // the caller's own row
    expect(byId[team]).toMatchObject({ disabled: false, login: null, title: `Group ${team}` });
    // search matches carry login but no disabled key
    expect(byId[`amy${tag}`]).toEqual({
      id: `amy${tag}`, login: `amy${tag}`, title: `Full amy${tag}`, type: 'user',
      roles: { Contributor: false, Editor: false, Reader: false, Reviewer: false },
    });
    expect(byId[crew]).toEqual({ id: crew, login: null, title: `Group ${crew}`, type: 'group', roles: { Contributor: false, Editor: false, Reader: false, Reviewer: false } });
  });

  it('answers 403 without a body to a Member without Delegate roles; 401 to Anonymous on private content', async () => {
    const r = await api.get(`${box}/club/@sharing`, { auth: sam });
    expect(r.status).toBe(401); // no View on the private folder
    expect((await api.get(`${box}/@sharing`, { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('POST @sharing', () => {
  it('gives local roles that take effect, are inherited, and shows them as acquired below', async () => {
    expect((await api.get(`${box}/club/secret`, { auth: sam })).status).toBe(401);
    const r = await api.post(`${box}/club/@sharing`, { entries: [{ id: 'sam', type: 'user', roles: { Reader: true } }] });
    expect(r.status).toBe(204);
    expect((await api.get(`${box}/club/secret`, { auth: sam })).status).toBe(200);
    expect(ids((await api.get(`${box}/club`, { auth: sam })).body.items)).toEqual(['secret']);
    const below = await api.get(`${box}/club/secret/@sharing?search=sam`);
    expect(below.body.entries.find((e: { id: string }) => e.id === 'sam').roles.Reader).toBe('acquired');
    const here = await api.get(`${box}/club/@sharing`);
    expect(here.body.entries.find((e: { id: string }) => e.id === 'sam').roles).toEqual({ Contributor: false, Editor: false, Reader: true, Reviewer: false });
  });

  it('blocks inheritance with inherit: false', async () => {
    expect((await api.post(`${box}/club/secret/@sharing`, { inherit: false })).status).toBe(204);
    expect((await api.get(`${box}/club/secret/@sharing`)).body.inherit).toBe(false);
    expect((await api.get(`${box}/club/secret`, { auth: sam })).status).toBe(401);
    expect((await api.post(`${box}/club/secret/@sharing`, { inherit: true })).status).toBe(204);
    expect((await api.get(`${box}/club/secret`, { auth: sam })).status).toBe(200);
  });

  it('lets an Editor delegate only what Editors may (Reader, Editor), not Reviewer or Contributor', async () => {
    await api.post(`${box}/club/@sharing`, { entries: [{ id: 'sam', type: 'user', roles: { Editor: true } }] });
    const view = await api.get(`${box}/club/@sharing`, { auth: sam });
    expect(view.status).toBe(200);
    expect(view.body.available_roles.map((r: { id: string }) => r.id)).toEqual(['Editor', 'Reader']);
    const r = await api.post(
      `${box}/club/@sharing`,
      { entries: [{ id: 'eve', type: 'user', roles: { Reader: true, Reviewer: true, Contributor: true } }], inherit: false },
      { auth: sam },
    );
    expect(r.status).toBe(204);
    const eveRoles = (await api.get(`${box}/club/@sharing?search=eve`)).body.entries.find((e: { id: string }) => e.id === 'eve').roles;
    expect(eveRoles).toEqual({ Contributor: false, Editor: false, Reader: true, Reviewer: false });
    expect((await api.get(`${box}/club/@sharing`)).body.inherit).toBe(true);
  });

  it('refuses a Member without Delegate roles (403, no body) and changes nothing', async () => {
    const r = await api.post(`${box}/club/@sharing`, { entries: [{ id: 'eve', type: 'user', roles: { Editor: true } }] }, { auth: eve });
    expect(r.status).toBe(403);
    expect(r.text).toBe('null');
    const eveRoles = (await api.get(`${box}/club/@sharing?search=eve`)).body.entries.find((e: { id: string }) => e.id === 'eve').roles;
    expect(eveRoles.Editor).toBe(false);
  });

  it('answers 400 to a malformed body', async () => {
    const r = await api.post(`${box}/club/@sharing`, { entries: 'all' });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
  });
});

describe('private content and Anonymous', () => {
  it('is hidden in GET, folder items, navigation and breadcrumbs; published content is shown', async () => {
    await api.post(box, { '@type': 'Folder', id: 'pub', title: 'Pub' });
    await api.post(`${box}/pub`, { '@type': 'Document', id: 'open', title: 'Open' });
    await api.post(`${box}/pub`, { '@type': 'Document', id: 'hidden', title: 'Hidden' });
    for (const path of [box, `${box}/pub`, `${box}/pub/open`]) {
      expect((await api.post(`${path}/@workflow/publish`)).status, path).toBe(200);
    }
    expect((await api.get(`${box}/pub/hidden`, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get(`${box}/pub/open`, { auth: 'anonymous' })).status).toBe(200);
    expect(ids((await api.get(`${box}/pub`, { auth: 'anonymous' })).body.items)).toEqual(['open']);
    expect(ids((await api.get(`${box}/pub`)).body.items)).toEqual(['open', 'hidden']);
    const nav = await api.get(`${box}/pub/@navigation?expand.navigation.depth=3`, { auth: 'anonymous' });
    expect(nav.status).toBe(200);
    expect(JSON.stringify(nav.body)).not.toContain('/hidden');
    expect(JSON.stringify(nav.body)).not.toContain('/club');
    const adminNav = await api.get(`${box}/pub/@navigation?expand.navigation.depth=3`);
    expect(JSON.stringify(adminNav.body)).toContain('/club');
    const crumbs = await api.get(`${box}/pub/open/@breadcrumbs`, { auth: 'anonymous' });
    expect(crumbs.body.items.map((i: { title: string }) => i.title)).toContain('Open');
    const hiddenCrumbs = await api.get(`${box}/pub/hidden/@breadcrumbs`, { auth: 'anonymous' });
    expect(hiddenCrumbs.status).toBe(401);
  });
});
