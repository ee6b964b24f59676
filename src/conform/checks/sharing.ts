// @sharing: local roles (read, search, grant, inherit, block) and who may delegate.
import type { Account, CheckContext } from '../context.ts';
import { anyArray, anyBoolean, containing } from '../expect.ts';
import { family, supplement } from './define.ts';

const entryOf = (body: any, id: string) => (Array.isArray(body?.entries) ? body.entries.find((e: { id: string }) => e.id === id) : undefined);

/** A sandbox with a private folder `club` holding a private page `secret`. */
async function club(t: CheckContext) {
  const box = await t.sandbox();
  await t.folder(box, 'club', 'Club');
  await t.create(`${box}/club`, { '@type': 'Document', id: 'secret', title: 'Secret' });
  return `${box}/club`;
}

async function grant(t: CheckContext, path: string, who: Account, roles: Record<string, boolean>) {
  const r = await t.post(`${path}/@sharing`, { entries: [{ id: who.id, type: 'user', roles }] });
  t.status(r, [200, 204], `POST ${path}/@sharing`);
}

export default family('sharing', [
  {
    id: 'sharing.read.roles-entries-inherit',
    level: 'SHOULD',
    source: supplement('31.10'),
    title: 'GET @sharing answers available_roles, entries (with the logged-in users row) and inherit',
    async run(t) {
      const c = await club(t);
      const r = await t.get(`${c}/@sharing`);
      t.status(r, 200);
      t.body(r, {
        available_roles: containing([{ id: 'Contributor' }, { id: 'Editor' }, { id: 'Reader' }, { id: 'Reviewer' }]),
        entries: containing([{ id: 'AuthenticatedUsers', type: 'group', roles: { Reader: anyBoolean } }]),
        inherit: true,
      });
    },
  },
  {
    id: 'sharing.read.search-adds-matches',
    level: 'SHOULD',
    source: supplement('31.10'),
    title: '?search=<text> adds matching users to the entries',
    async run(t) {
      const c = await club(t);
      const a = await t.user();
      const r = await t.get(`${c}/@sharing?search=${encodeURIComponent(a.id)}`);
      t.body(r, { entries: containing([{ id: a.id, type: 'user', roles: { Reader: false } }]) });
    },
  },
  {
    id: 'sharing.write.grants-a-local-role',
    level: 'SHOULD',
    source: supplement('31.10; 6.2'),
    title: 'A local Reader role lets the user view the folder and, inherited, its contents',
    async run(t) {
      const c = await club(t);
      const a = await t.user();
      t.status(await t.get(`${c}/secret`, { auth: a }), 401, 'the page before the grant');
      await grant(t, c, a, { Reader: true });
      t.status(await t.get(`${c}/secret`, { auth: a }), 200, 'the page after the grant');
      t.like(entryOf((await t.get(`${c}/@sharing`)).body, a.id)?.roles, { Reader: true }, 'the entry of the user');
    },
  },
  {
    id: 'sharing.read.acquired-roles',
    level: 'SHOULD',
    source: supplement('31.10'),
    title: 'Below the grant, the role shows as "acquired"',
    async run(t) {
      const c = await club(t);
      const a = await t.user();
      await grant(t, c, a, { Reader: true });
      t.like(entryOf((await t.get(`${c}/secret/@sharing?search=${encodeURIComponent(a.id)}`)).body, a.id)?.roles, { Reader: 'acquired' }, 'the entry below');
    },
  },
  {
    id: 'sharing.write.blocks-inheritance',
    level: 'SHOULD',
    source: supplement('31.10'),
    title: 'inherit: false stops local roles from above; inherit: true restores them',
    async run(t) {
      const c = await club(t);
      const a = await t.user();
      await grant(t, c, a, { Reader: true });
      t.status(await t.post(`${c}/secret/@sharing`, { inherit: false }), [200, 204]);
      t.body(await t.get(`${c}/secret/@sharing`), { inherit: false }, 'GET @sharing of the page');
      t.status(await t.get(`${c}/secret`, { auth: a }), 401, 'the page with inheritance blocked');
      await t.post(`${c}/secret/@sharing`, { inherit: true });
      t.status(await t.get(`${c}/secret`, { auth: a }), 200, 'the page with inheritance restored');
    },
  },
  {
    id: 'sharing.write.refused-without-delegate-roles',
    level: 'SHOULD',
    source: supplement('2.2; 6.2'),
    title: 'A member who may view but not delegate gets 403; nothing changes',
    async run(t) {
      const c = await club(t);
      const a = await t.user();
      const b = await t.user();
      await t.transition(c, 'publish');
      const r = await t.post(`${c}/@sharing`, { entries: [{ id: b.id, type: 'user', roles: { Editor: true } }] }, { auth: a });
      t.status(r, 403);
      t.like(entryOf((await t.get(`${c}/@sharing?search=${encodeURIComponent(b.id)}`)).body, b.id)?.roles, { Editor: false }, 'the other user’s entry');
    },
  },
  {
    id: 'sharing.write.delegates-only-what-the-role-may',
    level: 'SHOULD',
    source: supplement('6.2'),
    title: 'A local Editor may give Reader and Editor, not Reviewer or Contributor',
    async run(t) {
      const c = await club(t);
      const editor = await t.user();
      const other = await t.user();
      await grant(t, c, editor, { Editor: true });
      t.like((await t.get(`${c}/@sharing`, { auth: editor })).body?.available_roles?.map((r: { id: string }) => r.id)?.sort(), ['Editor', 'Reader'], 'roles the editor may give');
      await t.post(`${c}/@sharing`, { entries: [{ id: other.id, type: 'user', roles: { Reader: true, Reviewer: true, Contributor: true } }] }, { auth: editor });
      t.like(entryOf((await t.get(`${c}/@sharing?search=${encodeURIComponent(other.id)}`)).body, other.id)?.roles, { Reader: true, Reviewer: false, Contributor: false }, 'what the other user got');
    },
  },
  {
    id: 'sharing.read.entries-are-listed',
    level: 'SHOULD',
    source: supplement('31.10'),
    title: 'entries is a list of {id, type, title, roles}',
    async run(t) {
      const c = await club(t);
      t.body(await t.get(`${c}/@sharing`), { entries: anyArray });
    },
  },
]);
