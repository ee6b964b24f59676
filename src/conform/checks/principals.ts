// @principals (users and groups found by a search) and @roles (the roles that can be given).
import { absent, sameMembers } from '../expect.ts';
import { family, supplement } from './define.ts';

const ROLES = ['Contributor', 'Editor', 'Member', 'Reader', 'Reviewer', 'Site Administrator', 'Manager'];

export default family('principals', [
  {
    id: 'principals.search.users-and-groups',
    level: 'SHOULD',
    source: supplement('31.6 (users by login, fullname or email; groups by id or title; summaries)'),
    title: 'GET /@principals?search=<s> answers {users, groups} that match, users without groups and groups without members',
    async run(t) {
      const u = await t.user();
      const g = await t.group({ groupname: `${u.id}-team`, title: 'Team of a conformance check' });
      const r = await t.get(`/@principals?search=${encodeURIComponent(u.id)}`);
      t.status(r, 200);
      t.like(r.body?.users, [{ id: u.id, '@id': t.url(`/@users/${u.id}`), groups: absent }], 'the users found');
      t.like(r.body?.groups, [{ id: g, '@id': t.url(`/@groups/${g}`), members: absent }], 'the groups found');
    },
  },
  {
    id: 'principals.search.requires-search',
    level: 'SHOULD',
    source: supplement('31.6 (400 \'Required "search" parameter is missing.\')'),
    title: 'GET /@principals without search answers 400 \'Required "search" parameter is missing.\'',
    async run(t) {
      const r = await t.get('/@principals');
      t.status(r, 400);
      t.body(r, { message: 'Required "search" parameter is missing.' });
    },
  },
  {
    id: 'principals.roles.list',
    level: 'SHOULD',
    source: supplement('31.9'),
    title: 'GET /@roles answers [{@id, @type: role, id, title}] for the roles that can be given (Owner excluded)',
    async run(t) {
      const r = await t.get('/@roles');
      t.status(r, 200);
      t.like(r.body?.map?.((x: { id: string }) => x.id), sameMembers(ROLES), 'the role ids');
      t.like(r.body?.find?.((x: { id: string }) => x.id === 'Editor'), { '@id': t.url('/@roles/Editor'), '@type': 'role', id: 'Editor', title: 'Editor' }, 'the Editor role');
    },
  },
  {
    id: 'principals.access.managers-only',
    level: 'SHOULD',
    source: supplement('31.6 (Manage portal); 31.9 (Plone Site Setup: Users and Groups)'),
    title: 'Members and Anonymous get 401 from @principals and @roles',
    async run(t) {
      const member = await t.token(await t.user());
      for (const auth of [member, 'anonymous'] as const) {
        t.status(await t.get(`/@principals?search=${encodeURIComponent(member.who)}`, { auth }), 401, 'GET @principals');
        t.status(await t.get('/@roles', { auth }), 401, 'GET @roles');
      }
    },
  },
]);
