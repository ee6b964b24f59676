// @users: list and filters, read, create, update (roles as booleans, own record, portrait),
// delete; who may do what.
import type { Account, CheckContext } from '../context.ts';
import { anyArray, anyString, containing, includes, nullable, satisfies, sameMembers, without } from '../expect.ts';
import type { Reply } from '../http.ts';
import { family, seed, supplement } from './define.ts';
import { PNG_300x200 } from './media.ts';

const USER_FIELDS = {
  '@id': anyString,
  id: anyString,
  username: nullable(anyString),
  fullname: nullable(anyString),
  email: nullable(anyString),
  description: nullable(anyString),
  home_page: nullable(anyString),
  location: nullable(anyString),
  portrait: nullable(anyString),
  roles: anyArray,
  groups: { '@id': anyString, items: anyArray, items_total: satisfies('an integer', Number.isInteger) },
};

/** The users of a list answer: the seed's plain array (or the real API's {items}). */
function usersOf(r: Reply): any[] | undefined {
  return Array.isArray(r.body) ? r.body : Array.isArray(r.body?.items) ? r.body.items : undefined;
}

const idsOf = (r: Reply) => usersOf(r)?.map((u) => u.id);

async function listAs(t: CheckContext, query: string) {
  const r = await t.get(`/@users${query ? `?${query}` : ''}`);
  t.status(r, 200);
  return r;
}

export default family('users', [
  {
    id: 'users.list.plain-array',
    level: 'MUST',
    source: seed('Endpoints/Users (200 JSON array of users)'),
    title: 'GET /@users answers a plain JSON array of users to a Manager',
    async run(t) {
      const alice = await t.user();
      const r = await listAs(t, '');
      t.ok(Array.isArray(r.body), 'the answer is a JSON array', r.body, 'an array');
      t.like(r.body, containing([{ id: alice.id }]), 'the list holds the new user');
    },
  },
  {
    id: 'users.list.user-fields',
    level: 'MUST',
    source: seed('Resources/User'),
    title: 'A listed user has @id, id, username, fullname, description, email, home_page, location, portrait, roles and groups',
    async run(t) {
      const alice = await t.user();
      const r = await listAs(t, `query=${alice.id}`);
      const user = usersOf(r)?.find((u) => u.id === alice.id);
      t.like(user, { ...USER_FIELDS, '@id': t.url(`/@users/${alice.id}`), id: alice.id, roles: ['Member'] }, 'the listed user');
    },
  },
  {
    id: 'users.list.query-filter',
    level: 'MUST',
    source: seed('Endpoints/Users (query: username contains)'),
    title: 'query=<text> keeps the users whose user name contains it',
    async run(t) {
      const a = await t.user();
      const b = await t.user();
      t.like(idsOf(await listAs(t, `query=${a.id.slice(-6)}`)), containing([a.id]), 'users matching the end of the first name');
      t.like(idsOf(await listAs(t, `query=${a.id}`)), without([b.id]), 'users matching the first name');
    },
  },
  {
    id: 'users.list.search-filter',
    level: 'MUST',
    source: seed('Endpoints/Users (search: id, fullname or email contains)'),
    title: 'search=<text> finds users by full name and by e-mail',
    async run(t) {
      const a = await t.user(['Member'], { fullname: `Zebediah ${t.unique('x')}` });
      const fullname = (await t.get(`/@users/${a.id}`)).body?.fullname as string;
      t.like(idsOf(await listAs(t, `search=${encodeURIComponent(fullname.split(' ')[1])}`)), [a.id], 'search by full name');
      t.like(idsOf(await listAs(t, `search=${encodeURIComponent(`${a.id}@example`)}`)), containing([a.id]), 'search by e-mail');
    },
  },
  {
    id: 'users.list.groups-filter',
    level: 'MUST',
    source: seed('Endpoints/Users (groups-filter:list)'),
    title: 'groups-filter:list keeps the members of any of the groups',
    async run(t) {
      const a = await t.user();
      const b = await t.user();
      const g = await t.group({ users: [a.id] });
      const r = await listAs(t, `groups-filter:list=${g}`);
      t.like(idsOf(r), sameMembers([a.id]), 'members of the group');
      t.like(idsOf(r), without([b.id]), 'non-members');
    },
  },
  {
    id: 'users.list.limit',
    level: 'MUST',
    source: seed('Endpoints/Users (limit); Limits'),
    title: 'limit caps the number of users returned',
    async run(t) {
      await t.user();
      await t.user();
      t.like(usersOf(await listAs(t, 'limit=1'))?.length, 1, 'users returned with limit=1');
    },
  },
  {
    id: 'users.list.default-limit-25',
    level: 'MUST',
    source: seed('Limits (users returned: 25 by default)'),
    title: 'A filtered list returns at most 25 users by default',
    async run(t) {
      const prefix = t.unique('cfl');
      for (let i = 0; i < 26; i++) await t.user(['Member'], { fullname: `${prefix} ${i}` });
      t.like(usersOf(await listAs(t, `search=${prefix}`))?.length, 25, 'users returned for 26 matches');
    },
  },
  {
    id: 'users.list.refused-with-401-null',
    level: 'MUST',
    source: seed('Errors (GET /@users by an anonymous or non-Manager caller)'),
    title: 'Anonymous callers and members get 401 with a JSON null body for the list',
    async run(t) {
      const member = await t.user();
      for (const auth of ['anonymous', member] as const) {
        const r = await t.get('/@users', { auth });
        t.status(r, 401);
        t.equal(r.text.trim(), 'null', 'the body');
      }
    },
  },
  {
    id: 'users.read.own-record',
    level: 'MUST',
    source: seed('Authentication 8 (a user may read their own record)'),
    title: 'A user reads their own record',
    async run(t) {
      const alice = await t.user();
      const r = await t.get(`/@users/${alice.id}`, { auth: alice });
      t.status(r, 200);
      t.body(r, { ...USER_FIELDS, id: alice.id });
    },
  },
  {
    id: 'users.read.others-refused-with-401-null',
    level: 'MUST',
    source: seed('Errors (reading another user’s record)'),
    title: 'Reading another user’s record answers 401 with a JSON null body to members and Anonymous',
    async run(t) {
      const alice = await t.user();
      const bob = await t.user();
      for (const auth of ['anonymous', alice] as const) {
        const r = await t.get(`/@users/${bob.id}`, { auth });
        t.status(r, 401);
        t.equal(r.text.trim(), 'null', 'the body');
      }
    },
  },
  {
    id: 'users.read.manager-reads-anyone',
    level: 'MUST',
    source: seed('Authentication 8'),
    title: 'A Manager reads any user record',
    async run(t) {
      const alice = await t.user();
      const r = await t.get(`/@users/${alice.id}`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`/@users/${alice.id}`), id: alice.id, email: `${alice.id}@example.org` });
    },
  },
  {
    id: 'users.read.unknown-answers-404',
    level: 'SHOULD',
    source: supplement('2.2; 11'),
    title: 'An unknown user id answers 404',
    async run(t) {
      t.status(await t.get(`/@users/${t.unique('nobody')}`), 404);
    },
  },
  {
    id: 'users.create.answers-201-with-location',
    level: 'MUST',
    source: seed('Endpoints/Users (POST: 201, Location, user)'),
    title: 'POST /@users answers 201 with Location and the new user',
    needs: ['username-login'],
    async run(t) {
      const name = t.unique();
      const r = await t.post('/@users', { username: name, password: `Pw-${name}`, email: `${name}@example.org`, fullname: 'New One' });
      t.forget(`/@users/${name}`);
      t.status(r, 201);
      t.header(r, 'Location', t.url(`/@users/${name}`));
      t.body(r, { id: name, username: name, fullname: 'New One', email: `${name}@example.org` });
    },
  },
  {
    id: 'users.create.default-role-member',
    level: 'MUST',
    source: seed('Endpoints/Users (without roles a new user gets role Member)'),
    title: 'A user created without roles has the role Member',
    async run(t) {
      const a = await t.user(null);
      t.body(await t.get(`/@users/${a.id}`), { roles: ['Member'] });
    },
  },
  {
    id: 'users.create.roles-given',
    level: 'MUST',
    source: seed('Endpoints/Users (roles)'),
    title: 'A user created with roles has those roles',
    async run(t) {
      const a = await t.user(['Member', 'Editor']);
      t.body(await t.get(`/@users/${a.id}`), { roles: sameMembers(['Member', 'Editor']) });
    },
  },
  {
    id: 'users.create.requires-username-and-password',
    level: 'MUST',
    source: seed('Endpoints/Users (username, password both required)'),
    title: 'A create without username or without password is refused (400) and creates nothing',
    needs: ['username-login'],
    async run(t) {
      const name = t.unique();
      t.forget(`/@users/${name}`);
      t.status(await t.post('/@users', { username: name, email: `${name}@example.org` }), 400, 'a create without password answers 400');
      t.status(await t.post('/@users', { password: `Pw-${name}-long`, email: `${name}@example.org` }), 400, 'a create without username answers 400');
      t.status(await t.get(`/@users/${name}`), 404, 'no user was created');
    },
  },
  {
    id: 'users.create.logs-in-with-the-password',
    level: 'MUST',
    source: seed('Endpoints/Users; Endpoints/Authentication'),
    title: 'A new user logs in with the password given',
    async run(t) {
      const a = await t.user();
      const r = await t.post('/@login', { login: a.user, password: a.password }, { auth: 'anonymous' });
      t.status(r, 200);
    },
  },
  {
    id: 'users.create.password-not-in-the-answer',
    level: 'SHOULD',
    source: supplement('11.5'),
    title: 'The answer to a create does not contain the password',
    needs: ['username-login'],
    async run(t) {
      const name = t.unique();
      const password = `Secret-${name}-pw`;
      const r = await t.post('/@users', { username: name, password, email: `${name}@example.org` });
      t.forget(`/@users/${name}`);
      t.status(r, [200, 201]);
      t.ok(!r.text.includes(password), 'the answer does not contain the password', r.text.slice(0, 300), 'no password');
    },
  },
  {
    id: 'users.create.refused-to-members',
    level: 'SHOULD',
    source: supplement('11.5'),
    title: 'Members and Anonymous (self-registration off) cannot create users (403)',
    needs: ['username-login'],
    async run(t) {
      const member = await t.user();
      const name = t.unique();
      t.forget(`/@users/${name}`);
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.post('/@users', { username: name, password: `Pw-${name}-long`, roles: ['Manager'] }, { auth }), 403);
      }
      t.status(await t.get(`/@users/${name}`), 404, 'no user was created');
    },
  },
  {
    id: 'users.update.manager-changes-fields',
    level: 'MUST',
    source: seed('Endpoints/Users (PATCH: 204)'),
    title: 'A Manager changes user fields (204); they are read back',
    async run(t) {
      const a = await t.user();
      t.status(await t.patch(`/@users/${a.id}`, { fullname: 'Changed Name', location: 'Harbour', home_page: 'https://example.org' }), 204);
      t.body(await t.get(`/@users/${a.id}`), { fullname: 'Changed Name', location: 'Harbour', home_page: 'https://example.org' });
    },
  },
  {
    id: 'users.update.roles-as-booleans',
    level: 'MUST',
    source: seed('Endpoints/Users (roles: object role name -> boolean)'),
    title: 'roles in a PATCH is an object: true adds a role, false removes it',
    async run(t) {
      const a = await t.user(['Member', 'Contributor']);
      t.status(await t.patch(`/@users/${a.id}`, { roles: { Contributor: false, Reviewer: true } }), [200, 204]);
      t.body(await t.get(`/@users/${a.id}`), { roles: sameMembers(['Member', 'Reviewer']) });
    },
  },
  {
    id: 'users.update.own-record',
    level: 'MUST',
    source: seed('Authentication 8 (a user may update their own record)'),
    title: 'A user updates their own record',
    async run(t) {
      const a = await t.user();
      t.status(await t.patch(`/@users/${a.id}`, { description: 'Hello there' }, { auth: a }), [200, 204]);
      t.body(await t.get(`/@users/${a.id}`), { description: 'Hello there' });
    },
  },
  {
    id: 'users.update.own-roles-unchanged',
    level: 'SHOULD',
    source: supplement('11.3'),
    title: 'A user cannot give themselves roles',
    async run(t) {
      const a = await t.user();
      await t.patch(`/@users/${a.id}`, { roles: { Manager: true } }, { auth: a });
      t.body(await t.get(`/@users/${a.id}`), { roles: ['Member'] });
    },
  },
  {
    id: 'users.update.others-refused',
    level: 'SHOULD',
    source: supplement('11.3'),
    title: 'Changing another user answers 401 to Anonymous and 403 to a member; nothing changes',
    async run(t) {
      const a = await t.user();
      const b = await t.user();
      t.status(await t.patch(`/@users/${b.id}`, { fullname: 'Hacked' }, { auth: 'anonymous' }), 401);
      t.status(await t.patch(`/@users/${b.id}`, { fullname: 'Hacked' }, { auth: a }), 403);
      t.body(await t.get(`/@users/${b.id}`), { fullname: satisfies('not "Hacked"', (v) => v !== 'Hacked') }, 'the other user');
    },
  },
  {
    id: 'users.update.password',
    level: 'SHOULD',
    source: supplement('11.3'),
    title: 'A Manager sets a new password; the user logs in with it',
    async run(t) {
      const a = await t.user();
      const fresh = `New-${a.password}`;
      t.status(await t.patch(`/@users/${a.id}`, { password: fresh }), [200, 204]);
      t.status(await t.post('/@login', { login: a.user, password: fresh }, { auth: 'anonymous' }), 200, 'login with the new password');
    },
  },
  {
    id: 'users.update.portrait',
    level: 'MUST',
    source: seed('Endpoints/Users (portrait {content-type, data, encoding, filename}); Resources/User'),
    title: 'A portrait sent as base64 is stored; the user then has a portrait',
    async run(t) {
      const a = await t.user();
      const portrait = { 'content-type': 'image/png', data: PNG_300x200, encoding: 'base64', filename: 'me.png' };
      t.status(await t.patch(`/@users/${a.id}`, { portrait }, { auth: a }), [200, 204]);
      t.body(await t.get(`/@users/${a.id}`), { portrait: satisfies('a portrait (not null)', (v) => v !== null && v !== undefined) });
    },
  },
  {
    id: 'users.update.portrait-url',
    level: 'SHOULD',
    source: supplement('30 (C17); 31.5'),
    title: 'The portrait is a URL that serves the image',
    async run(t) {
      const a = await t.user();
      const portrait = { 'content-type': 'image/png', data: PNG_300x200, encoding: 'base64', filename: 'me.png' };
      await t.patch(`/@users/${a.id}`, { portrait }, { auth: a });
      const user = await t.get(`/@users/${a.id}`);
      t.body(user, { portrait: includes(`/@portrait/${a.id}`) });
      const image = await t.get(user.body.portrait, { auth: 'anonymous' });
      t.status(image, 200);
      t.header(image, 'Content-Type', /^image\//);
    },
  },
  {
    id: 'users.delete.removes-the-user',
    level: 'SHOULD',
    source: supplement('11.6'),
    title: 'DELETE /@users/<id> answers 204; the user is gone',
    async run(t) {
      const a = await t.user();
      t.status(await t.del(`/@users/${a.id}`), 204);
      t.status(await t.get(`/@users/${a.id}`), 404, 'the user is gone');
    },
  },
  {
    id: 'users.delete.refused-to-members',
    level: 'SHOULD',
    source: supplement('11.1; 11.6'),
    title: 'Members and Anonymous cannot delete users (401); the user stays',
    async run(t) {
      const a = await t.user();
      const b = await t.user();
      for (const auth of ['anonymous', a] as const) t.status(await t.del(`/@users/${b.id}`, undefined, { auth }), 401);
      t.status(await t.get(`/@users/${b.id}`), 200, 'the user is still there');
    },
  },
  {
    id: 'users.groups.listed-on-the-user',
    level: 'MUST',
    source: seed('Resources/User (groups)'),
    title: 'A user’s groups lists the groups they are a member of as {id, title}',
    async run(t) {
      const a: Account = await t.user();
      const g = await t.group({ users: [a.id] });
      t.body(await t.get(`/@users/${a.id}`), { groups: { items: containing([{ id: g, title: anyString }]) } });
    },
  },
]);
