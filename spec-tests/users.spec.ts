// @users: list, read, create, update, delete, reset-password, portraits; who may do what.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
const PW = 'member-password-1';
const member = { user: 'mia', password: PW };
const GIF = 'R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=';

beforeAll(async () => {
  api = await connect();
  const r = await api.post('/@users', {
    username: 'mia',
    password: PW,
    email: 'mia@example.com',
    fullname: 'Mia Member',
    location: 'Oslo',
  });
  expect(r.status, r.text).toBe(201);
  expect((await api.post('/@users', { username: 'otto', password: PW, fullname: 'Otto Other', email: 'otto@example.com' })).status).toBe(201);
});

describe('GET @users', () => {
  it('lists users for a Manager as a plain array, the administrator included', async () => {
    const r = await api.get('/@users');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    const ids = r.body.map((u: { id: string }) => u.id);
    expect(ids).toContain(api.admin.user);
    expect(ids).toContain('mia');
    const mia = r.body.find((u: { id: string }) => u.id === 'mia');
    expect(mia).toEqual({
      '@id': `${api.base}/@users/mia`,
      description: null,
      email: 'mia@example.com',
      fullname: 'Mia Member',
      groups: { '@id': `${api.base}/@users`, items: [{ id: 'AuthenticatedUsers', title: 'AuthenticatedUsers' }], items_total: 1 },
      home_page: null,
      id: 'mia',
      location: 'Oslo',
      portrait: null,
      roles: ['Member'],
      username: 'mia',
    });
  });

  it('filters by query, search, groups-filter and cuts to limit', async () => {
    const ids = async (q: string) => (await api.get(`/@users?${q}`)).body.map((u: { id: string }) => u.id);
    expect(await ids('query=ott')).toEqual(['otto']);
    expect(await ids('search=mia@example')).toEqual(['mia']);
    expect(await ids('search=Member')).toEqual(['mia']);
    expect(await ids('limit=1')).toHaveLength(1);
    expect(await ids('groups-filter:list=Reviewers')).toEqual([]);
    // the virtual group of logged-in users holds every user
    const everyone = await ids('limit=1000');
    expect(await ids('groups-filter:list=AuthenticatedUsers&limit=1000')).toEqual(everyone);
    expect(await ids('groups-filter:list=Reviewers&groups-filter:list=AuthenticatedUsers&limit=1000')).toEqual(everyone);
    expect(everyone).toEqual(expect.arrayContaining(['mia', 'otto']));
  });

  it('answers 401 with a JSON null body to Anonymous and to a Member, for the list and for others', async () => {
    for (const auth of ['anonymous', member] as const) {
      for (const path of ['/@users', '/@users/otto', `/@users/${api.admin.user}`]) {
        const r = await api.get(path, { auth });
        expect(r.status, path).toBe(401);
        expect(r.text).toBe('null');
        expect(r.headers.get('content-type')).toContain('application/json');
      }
    }
  });

  it('lets a user read their own record', async () => {
    const r = await api.get('/@users/mia', { auth: member });
    expect(r.status).toBe(200);
    expect(r.body.groups['@id']).toBe(`${api.base}/@users/mia`);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await api.get('/@users/nobody-here')).status).toBe(404);
  });

  it('exports CSV', async () => {
    const r = await api.get('/@users', { headers: { Accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.text.split('\r\n')[0]).toBe('id,username,fullname,email,roles,groups');
    expect(r.text).toContain('mia,mia,Mia Member,mia@example.com,Member,AuthenticatedUsers');
  });
});

describe('POST @users', () => {
  it('creates a user with role Member by default, 201 and Location', async () => {
    const r = await api.post('/@users', { username: 'newbie', password: PW, email: 'newbie@example.com' });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${api.base}/@users/newbie`);
    expect(r.body.roles).toEqual(['Member']);
    expect(r.text).not.toContain(PW);
    expect((await api.post('/@login', { login: 'newbie', password: PW }, { auth: 'anonymous' })).status).toBe(200);
  });

  it('gives the roles sent', async () => {
    const r = await api.post('/@users', { username: 'editor1', password: PW, roles: ['Editor', 'Member'] });
    expect(r.body.roles).toEqual(['Editor', 'Member']);
  });

  it('accepts sendPasswordReset instead of a password', async () => {
    const r = await api.post('/@users', { username: 'resetme', email: 'resetme@example.com', sendPasswordReset: true });
    expect(r.status).toBe(201);
  });

  it('validates the fields (400, WrongParameterError)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PW }, "Property 'User Name' is required."],
      [{ username: 'x1' }, 'You have to either send a password or sendPasswordReset.'],
      [{ username: 'x2', password: PW, sendPasswordReset: true, email: 'a@b.cd' }, "You can't send both password and sendPasswordReset."],
    ];
    for (const [body, message] of cases) {
      const r = await api.post('/@users', body);
      expect(r.status).toBe(400);
      expect(r.body.error.type).toBe('WrongParameterError');
      expect(r.body.error.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
  });

  it('refuses a short password, a taken name and a bad e-mail (400)', async () => {
    for (const body of [
      { username: 'shorty', password: 'short' },
      { username: 'mia', password: PW },
      { username: 'bademail', password: PW, email: 'not an email' },
    ]) {
      const r = await api.post('/@users', body);
      expect(r.status).toBe(400);
      expect(r.body.error.type).toBe('MissingParameterError');
    }
    expect((await api.get('/@users/shorty')).status).toBe(404);
  });

  it('is refused to Anonymous (self-registration off) and to a Member (403), creating nothing', async () => {
    for (const auth of ['anonymous', member] as const) {
      const r = await api.post('/@users', { username: 'intruder', password: PW, roles: ['Manager'] }, { auth });
      expect(r.status).toBe(403);
      expect(r.body.type).toBe('Forbidden');
    }
    expect((await api.get('/@users/intruder')).status).toBe(404);
  });
});

describe('PATCH @users/<id>', () => {
  it('lets a Manager change fields and roles (object of booleans)', async () => {
    await api.post('/@users', { username: 'patchy', password: PW, roles: ['Member', 'Contributor'] });
    const r = await api.patch('/@users/patchy', { fullname: 'Patchy', email: 'patchy@example.com', roles: { Contributor: false, Reviewer: true } });
    expect(r.status).toBe(204);
    const u = (await api.get('/@users/patchy')).body;
    expect(u.fullname).toBe('Patchy');
    expect(u.email).toBe('patchy@example.com');
    expect(u.roles).toEqual(['Member', 'Reviewer']);
  });

  it('lets a Manager set a password', async () => {
    await api.post('/@users', { username: 'pwchange', password: PW });
    expect((await api.patch('/@users/pwchange', { password: 'another-password' })).status).toBe(204);
    expect((await api.post('/@login', { login: 'pwchange', password: 'another-password' }, { auth: 'anonymous' })).status).toBe(200);
  });

  it('lets a user change their own profile but not their roles', async () => {
    const r = await api.patch('/@users/mia', { description: 'Hello', roles: { Manager: true } }, { auth: member });
    expect(r.status).toBe(204);
    const u = (await api.get('/@users/mia')).body;
    expect(u.description).toBe('Hello');
    expect(u.roles).toEqual(['Member']);
  });

  it('refuses changes to another user: 401 for Anonymous, 403 for a Member; nothing changes', async () => {
    const before = (await api.get('/@users/otto')).body;
    const anon = await api.patch('/@users/otto', { fullname: 'Hacked' }, { auth: 'anonymous' });
    expect(anon.status).toBe(401);
    expect(anon.body.error.type).toBe('Unauthorized');
    const other = await api.patch('/@users/otto', { fullname: 'Hacked', password: 'hacked-password' }, { auth: member });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe("You can't update the properties of this user");
    expect((await api.get('/@users/otto')).body).toEqual(before);
    expect((await api.post('/@login', { login: 'otto', password: PW }, { auth: 'anonymous' })).status).toBe(200);
  });

  it('stores a portrait sent as base64 and serves it from @portrait', async () => {
    const r = await api.patch('/@users/mia', { portrait: { 'content-type': 'image/gif', data: GIF, encoding: 'base64', filename: 'me.gif' } }, { auth: member });
    expect(r.status).toBe(204);
    const u = (await api.get('/@users/mia')).body;
    expect(u.portrait).toBe(`${api.base}/@portrait/mia`);
    const img = await api.get('/@portrait/mia', { auth: 'anonymous' });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(img.bytes).toString('base64')).toBe(GIF);
    expect((await api.get('/@portrait', { auth: member })).status).toBe(200);
    expect((await api.get('/@portrait/otto')).status).toBe(404);
    expect((await api.patch('/@users/mia', { portrait: null }, { auth: member })).status).toBe(204);
    expect((await api.get('/@users/mia')).body.portrait).toBeNull();
  });
});

describe('DELETE @users/<id>', () => {
  it('deletes a user (204), then 404 with a JSON error body (issue 9: no empty error bodies)', async () => {
    await api.post('/@users', { username: 'goner', password: PW });
    expect((await api.del('/@users/goner')).status).toBe(204);
    expect((await api.get('/@users/goner')).status).toBe(404);
    const again = await api.del('/@users/goner');
    expect(again.status).toBe(404);
    expect(again.body.type).toBe('NotFound');
  });

  it('honours delete_localroles and delete_memberareas (0/1), both on by default', async () => {
    const box = await api.sandbox();
    if ((await api.get('/Members')).status === 404) expect((await api.post('', { '@type': 'Folder', id: 'Members', title: 'Users' })).status).toBe(201);
    const suffix = box.slice(-8);
    const [keep, drop] = [`keep${suffix}`, `drop${suffix}`];
    for (const id of [keep, drop]) {
      expect((await api.post('/@users', { username: id, password: PW, email: `${id}@example.com` })).status).toBe(201);
      expect((await api.post('/Members', { '@type': 'Folder', id, title: id })).status).toBe(201);
      expect((await api.post(`${box}/@sharing`, { entries: [{ id, type: 'user', roles: { Editor: true } }] })).status).toBe(204);
    }
    expect((await api.del(`/@users/${keep}?delete_localroles=0&delete_memberareas=0`)).status).toBe(204);
    expect((await api.del(`/@users/${drop}`, { delete_localroles: 1, delete_memberareas: '1' })).status).toBe(204);
    // the member area stays only where asked
    expect((await api.get(`/Members/${keep}`)).status).toBe(200);
    expect((await api.get(`/Members/${drop}`)).status).toBe(404);
    // a new account with the same id finds the kept local roles again, and only there
    for (const id of [keep, drop]) expect((await api.post('/@users', { username: id, password: PW, email: `${id}@example.com` })).status).toBe(201);
    expect((await api.get(box, { auth: { user: keep, password: PW } })).status).toBe(200);
    expect((await api.get(box, { auth: { user: drop, password: PW } })).status).toBe(401);
  });

  it('removes the deleted user\'s local roles wherever they were granted, and only theirs', async () => {
    const box = await api.sandbox();
    const suffix = box.slice(-8);
    const [gone, stays] = [`gone${suffix}`, `stays${suffix}`];
    for (const id of [gone, stays]) expect((await api.post('/@users', { username: id, password: PW, email: `${id}@example.com` })).status).toBe(201);
    const places = [box, `${box}/one`, `${box}/one/deep`, `${box}/two`];
    for (const [i, path] of places.entries()) {
      if (i) expect((await api.post(path.slice(0, path.lastIndexOf('/')), { '@type': 'Folder', id: path.split('/').pop(), title: 'f' })).status).toBe(201);
      const entries: { id: string; type: string; roles: Record<string, boolean> }[] = [{ id: gone, type: 'user', roles: { Editor: true, Contributor: i % 2 === 1 } }];
      if (i !== 2) entries.push({ id: stays, type: 'user', roles: { Reader: true, Contributor: false } });
      expect((await api.post(`${path}/@sharing`, { entries })).status).toBe(204);
    }
    const local = async (path: string, id: string) =>
      (await api.get(`${path}/@sharing?search=${id}`)).body.entries.find((e: { id: string }) => e.id === id)?.roles as Record<string, boolean | string> | undefined;
    expect((await local(`${box}/one/deep`, gone))?.Editor).toBe('acquired');
    expect((await local(`${box}/one`, gone))?.Contributor).toBe(true);
    expect((await api.del(`/@users/${gone}`)).status).toBe(204);
    expect((await api.post('/@users', { username: gone, password: PW, email: `${gone}@example.com` })).status).toBe(201);
    for (const [i, path] of places.entries()) {
      const roles = await local(path, gone);
      expect(Object.values(roles ?? {}).filter((v) => v !== false)).toEqual([]);
      if (i !== 2) expect([true, 'acquired']).toContain((await local(path, stays))?.Reader);
    }
    expect((await api.get(`${box}/one/deep`, { auth: { user: gone, password: PW } })).status).toBe(401);
    expect((await api.get(`${box}/one/deep`, { auth: { user: stays, password: PW } })).status).toBe(200);
  });

  it('is refused to a Member (401) and to Anonymous, deleting nothing', async () => {
    for (const auth of ['anonymous', member] as const) expect((await api.del('/@users/otto', undefined, { auth })).status).toBe(401);
    expect((await api.get('/@users/otto')).status).toBe(200);
  });
});

describe('POST @users/<id>/reset-password', () => {
  it('changes one’s own password with the old one', async () => {
    await api.post('/@users', { username: 'changer', password: PW });
    const auth = { user: 'changer', password: PW };
    const wrong = await api.post('/@users/changer/reset-password', { old_password: 'not-the-password', new_password: 'brand-new-password' }, { auth });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.type).toBe('Wrong password');
    const r = await api.post('/@users/changer/reset-password', { old_password: PW, new_password: 'brand-new-password' }, { auth });
    expect(r.status).toBe(200);
    expect((await api.post('/@login', { login: 'changer', password: 'brand-new-password' }, { auth: 'anonymous' })).status).toBe(200);
  });

  it('refuses to change someone else’s password (403 Wrong user)', async () => {
    const r = await api.post('/@users/otto/reset-password', { old_password: PW, new_password: 'brand-new-password' }, { auth: member });
    expect(r.status).toBe(403);
    expect(r.body.error.type).toBe('Wrong user');
  });

  it('sends a reset mail (200) and refuses unknown tokens (403)', async () => {
    expect((await api.post('/@users/otto/reset-password', undefined, { auth: 'anonymous' })).status).toBe(200);
    const r = await api.post('/@users/otto/reset-password', { reset_token: 'made-up', new_password: 'brand-new-password' }, { auth: 'anonymous' });
    expect(r.status).toBe(403);
    expect(r.body.error.type).toBe('Unknown Token');
  });

  it('answers 404 for an unknown user and 400 for odd bodies', async () => {
    expect((await api.post('/@users/nobody-here/reset-password', undefined, { auth: 'anonymous' })).status).toBe(404);
    const odd = await api.post('/@users/otto/reset-password', { foo: 1 }, { auth: 'anonymous' });
    expect(odd.status).toBe(400);
  });
});
