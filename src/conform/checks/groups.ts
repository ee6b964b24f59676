// @groups: built-in groups, list and filters, create with members, read, update (users as
// booleans), delete; who may read and write.
import type { CheckContext } from '../context.ts';
import { absent, anyArray, anyString, containing, includes, sameMembers, satisfies, without } from '../expect.ts';
import type { Reply } from '../http.ts';
import { family, seed, supplement } from './define.ts';

const GROUP_FIELDS = {
  '@id': anyString,
  id: anyString,
  groupname: anyString,
  title: anyString,
  description: anyString,
  email: anyString,
  roles: anyArray,
};

const groupsOf = (r: Reply): any[] | undefined => (Array.isArray(r.body) ? r.body : undefined);

async function read(t: CheckContext, id: string) {
  const r = await t.get(`/@groups/${encodeURIComponent(id)}`);
  t.status(r, 200);
  return r;
}

export default family('groups', [
  {
    id: 'groups.list.plain-array',
    level: 'MUST',
    source: seed('Endpoints/Groups (200 JSON array of groups)'),
    title: 'GET /@groups answers a plain JSON array of groups with their fields and members',
    async run(t) {
      const g = await t.group();
      const r = await t.get('/@groups');
      t.status(r, 200);
      t.ok(Array.isArray(r.body), 'the answer is a JSON array', r.body, 'an array');
      const group = groupsOf(r)?.find((x) => x.id === g);
      t.like(group, { ...GROUP_FIELDS, '@id': t.url(`/@groups/${g}`), id: g, groupname: g, members: { '@id': anyString, items: anyArray, items_total: 0 } }, 'the new group in the list');
    },
  },
  {
    id: 'groups.list.built-in-groups',
    level: 'MUST',
    source: seed('Resources/Group (built-in groups, AuthenticatedUsers)'),
    title: 'Administrators, Reviewers and Site Administrators have their roles plus Authenticated; AuthenticatedUsers has none',
    async run(t) {
      const r = await t.get('/@groups');
      t.status(r, 200);
      t.like(r.body, containing([
        { id: 'Administrators', roles: sameMembers(['Manager', 'Authenticated']) },
        { id: 'Reviewers', roles: sameMembers(['Reviewer', 'Authenticated']) },
        { id: 'Site Administrators', roles: sameMembers(['Site Administrator', 'Authenticated']) },
        { id: 'AuthenticatedUsers', roles: [] },
      ]), 'the built-in groups');
    },
  },
  {
    id: 'groups.list.query-filter',
    level: 'MUST',
    source: seed('Endpoints/Groups (query: groupname starts with)'),
    title: 'query=<prefix> keeps the groups whose name starts with it, without members',
    async run(t) {
      const g = await t.group();
      const r = await t.get(`/@groups?query=${encodeURIComponent(g)}`);
      t.status(r, 200);
      t.like(r.body, [{ id: g, members: absent }], 'groups starting with the new name');
      t.like((await t.get(`/@groups?query=${encodeURIComponent(g.slice(1))}`)).body, without([{ id: g }]), 'a query that is not a prefix');
    },
  },
  {
    id: 'groups.list.limit',
    level: 'MUST',
    source: seed('Endpoints/Groups (limit); Limits'),
    title: 'limit caps the number of groups returned',
    async run(t) {
      const prefix = t.unique('cfg');
      await t.group({ groupname: `${prefix}-a` });
      await t.group({ groupname: `${prefix}-b` });
      t.like(groupsOf(await t.get(`/@groups?query=${prefix}&limit=1`))?.length, 1, 'groups returned with limit=1');
    },
  },
  {
    id: 'groups.list.any-authenticated-caller',
    level: 'MUST',
    source: seed('Endpoints/Groups (authenticated); Authentication 8'),
    title: 'Any logged-in user may list and read groups; Anonymous is refused',
    async run(t) {
      const member = await t.user();
      t.status(await t.get('/@groups', { auth: member }), 200, 'a member lists groups');
      t.status(await t.get('/@groups/Reviewers', { auth: member }), 200, 'a member reads a group');
      t.status(await t.get('/@groups', { auth: 'anonymous' }), [401, 403], 'Anonymous lists groups');
    },
  },
  {
    id: 'groups.create.answers-201-with-location',
    level: 'MUST',
    source: seed('Endpoints/Groups (POST: 201, Location, group)'),
    title: 'POST /@groups answers 201 with Location and the new group',
    async run(t) {
      const id = t.unique();
      t.forget(`/@groups/${id}`);
      const r = await t.post('/@groups', { groupname: id, title: 'A team', description: 'Of people', email: 'team@example.org', roles: ['Editor'] });
      t.status(r, 201);
      t.header(r, 'Location', t.url(`/@groups/${id}`));
      t.body(r, { id, groupname: id, title: 'A team', description: 'Of people', email: 'team@example.org', roles: containing(['Editor']) });
    },
  },
  {
    id: 'groups.create.members-listed',
    level: 'MUST',
    source: seed('Endpoints/Groups (members lists included groups and users)'),
    title: 'A group created with users and groups lists them as members',
    async run(t) {
      const a = await t.user();
      const inner = await t.group();
      const g = await t.group({ users: [a.id], groups: [inner] });
      t.body(await read(t, g), { members: { items: sameMembers([a.id, inner]), items_total: 2 } });
    },
  },
  {
    id: 'groups.create.requires-groupname',
    level: 'SHOULD',
    source: supplement('12'),
    title: "A create without groupname answers 400 \"Property 'groupname' is required\"",
    async run(t) {
      const r = await t.post('/@groups', { title: 'No name' });
      t.status(r, 400);
      t.like(r.text, includes("Property 'groupname' is required"), 'the error');
    },
  },
  {
    id: 'groups.create.refuses-a-taken-name',
    level: 'SHOULD',
    source: supplement('12'),
    title: 'A create with an existing group name answers 400',
    async run(t) {
      const r = await t.post('/@groups', { groupname: 'Reviewers' });
      t.status(r, 400);
      t.like(r.text, includes('already exists'), 'the error');
    },
  },
  {
    id: 'groups.read.group',
    level: 'MUST',
    source: seed('Endpoints/Groups (GET /@groups/<group_id>); Resources/Group'),
    title: 'GET /@groups/<id> answers the group with its members',
    async run(t) {
      const a = await t.user();
      const g = await t.group({ title: 'Readers', users: [a.id] });
      t.body(await read(t, g), { ...GROUP_FIELDS, '@id': t.url(`/@groups/${g}`), id: g, title: 'Readers', members: { '@id': anyString, items: [a.id], items_total: 1 } });
    },
  },
  {
    id: 'groups.read.unknown-answers-404',
    level: 'SHOULD',
    source: supplement('12; 2.2'),
    title: 'An unknown group answers 404',
    async run(t) {
      t.status(await t.get(`/@groups/${t.unique('nogroup')}`), 404);
    },
  },
  {
    id: 'groups.update.fields',
    level: 'MUST',
    source: seed('Endpoints/Groups (PATCH: 204)'),
    title: 'PATCH changes title, description and email (204)',
    async run(t) {
      const g = await t.group();
      t.status(await t.patch(`/@groups/${g}`, { title: 'Renamed', description: 'Changed', email: 'new@example.org' }), 204);
      t.body(await read(t, g), { title: 'Renamed', description: 'Changed', email: 'new@example.org' });
    },
  },
  {
    id: 'groups.update.users-as-booleans',
    level: 'MUST',
    source: seed('Endpoints/Groups (users: object user id -> boolean)'),
    title: 'users in a PATCH adds (true) and removes (false) members',
    async run(t) {
      const a = await t.user();
      const b = await t.user();
      const g = await t.group({ users: [a.id] });
      t.status(await t.patch(`/@groups/${g}`, { users: { [a.id]: false, [b.id]: true } }), [200, 204]);
      t.body(await read(t, g), { members: { items: [b.id] } });
    },
  },
  {
    id: 'groups.update.roles',
    level: 'MUST',
    source: seed('Endpoints/Groups (PATCH roles)'),
    title: 'roles in a PATCH set the group’s roles',
    async run(t) {
      const g = await t.group();
      t.status(await t.patch(`/@groups/${g}`, { roles: ['Reviewer'] }), [200, 204]);
      t.body(await read(t, g), { roles: containing(['Reviewer']) });
    },
  },
  {
    id: 'groups.roles.reach-members',
    level: 'SHOULD',
    source: supplement('6.2; 11.2'),
    title: 'A member of a group with a role has that role',
    async run(t) {
      const a = await t.user();
      await t.group({ roles: ['Editor'], users: [a.id] });
      t.body(await t.get(`/@users/${a.id}`), { roles: containing(['Editor']) });
    },
  },
  {
    id: 'groups.delete.removes-the-group',
    level: 'MUST',
    source: seed('Endpoints/Groups (DELETE: 204)'),
    title: 'DELETE /@groups/<id> answers 204; the group is gone and no longer listed on its members',
    async run(t) {
      const a = await t.user();
      const g = await t.group({ users: [a.id] });
      t.status(await t.del(`/@groups/${g}`), 204);
      t.status(await t.get(`/@groups/${g}`), 404, 'the group is gone');
      t.body(await t.get(`/@users/${a.id}`), { groups: { items: without([{ id: g }]) } }, 'the former member');
    },
  },
  {
    id: 'groups.write.refused-to-members',
    level: 'SHOULD',
    source: supplement('12 (Plone Site Setup: Users and Groups)'),
    title: 'Members and Anonymous cannot create, change or delete groups (401); nothing changes',
    async run(t) {
      const member = await t.user();
      const name = t.unique();
      t.forget(`/@groups/${name}`);
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.post('/@groups', { groupname: name, roles: ['Manager'] }, { auth }), 401, 'a create');
        t.status(await t.patch('/@groups/Administrators', { users: { [member.id]: true } }, { auth }), 401, 'an update');
        t.status(await t.del('/@groups/Reviewers', undefined, { auth }), 401, 'a delete');
      }
      t.status(await t.get(`/@groups/${name}`), 404, 'no group was created');
      t.body(await t.get(`/@users/${member.id}`), { roles: satisfies('no Manager role', (r) => Array.isArray(r) && !r.includes('Manager')) }, 'the member');
    },
  },
]);
