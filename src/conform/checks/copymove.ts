// @copy and @move: answers, source forms, ids of copies, UIDs, aliases and redirects after a
// move, refusals.
import type { CheckContext } from '../context.ts';
import { containing, nonEmptyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

/** A sandbox with folders `from` (holding `doc`) and `to`. */
async function twoFolders(t: CheckContext) {
  const box = await t.sandbox();
  const from = (await t.folder(box, 'from', 'From')).path;
  const to = (await t.folder(box, 'to', 'To')).path;
  const doc = await t.create(from, { '@type': 'Document', id: 'doc', title: 'Travelling doc' });
  return { box, from, to, doc };
}

const childIds = async (t: CheckContext, path: string) => ((await t.get(path)).body?.items ?? []).map((i: { '@id': string }) => i['@id'].split('/').pop());

export default family('copymove', [
  {
    id: 'copymove.copy.answers-source-and-target',
    level: 'MUST',
    source: seed('Endpoints/Copy and move (200 array {source, target})'),
    title: 'POST <destination>/@copy {source} answers 200 [{source, target}]; the copy exists',
    async run(t) {
      const { from, to } = await twoFolders(t);
      const r = await t.post(`${to}/@copy`, { source: t.url(`${from}/doc`) });
      t.status(r, 200);
      t.body(r, [{ source: t.url(`${from}/doc`), target: t.url(`${to}/doc`) }]);
      t.body(await t.get(`${to}/doc`), { title: 'Travelling doc' }, 'the copy');
      t.status(await t.get(`${from}/doc`), 200, 'the original is still there');
    },
  },
  {
    id: 'copymove.copy.copy-of-prefix-when-taken',
    level: 'MUST',
    source: seed('Endpoints/Copy and move (copy_of_ prefix); supplement 30 (C14)'),
    title: 'A copy into the same folder gets the id copy_of_<id>',
    async run(t) {
      const { from } = await twoFolders(t);
      const r = await t.post(`${from}/@copy`, { source: t.url(`${from}/doc`) });
      t.status(r, 200);
      t.body(r, [{ source: t.url(`${from}/doc`), target: t.url(`${from}/copy_of_doc`) }]);
    },
  },
  {
    id: 'copymove.copy.keeps-a-free-id',
    level: 'SHOULD',
    source: supplement('25; 30 (C14)'),
    title: 'A copy into another folder keeps its id when it is free',
    async run(t) {
      const { from, to } = await twoFolders(t);
      t.body(await t.post(`${to}/@copy`, { source: `${from}/doc` }), [{ target: t.url(`${to}/doc`) }]);
    },
  },
  {
    id: 'copymove.copy.source-forms',
    level: 'MUST',
    source: seed('Endpoints/Copy and move (source: URL, path, UID; string or array)'),
    title: 'source may be a URL, a site path or a UID, alone or in an array',
    async run(t) {
      const { box, from, to, doc } = await twoFolders(t);
      const second = await t.create(from, { '@type': 'Document', id: 'second', title: 'Second' });
      const third = await t.folder(box, 'third', 'Third');
      const r = await t.post(`${to}/@copy`, { source: [doc.body.UID, `${from}/second`] });
      t.body(r, [{ target: t.url(`${to}/doc`) }, { target: t.url(`${to}/second`) }], 'copy by UID and by path');
      const url = await t.post(`${third.path}/@copy`, { source: t.url(second.path) });
      t.body(url, [{ target: t.url(`${third.path}/second`) }], 'copy by URL');
    },
  },
  {
    id: 'copymove.copy.new-uid',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'A copy has a new UID',
    async run(t) {
      const { from, to, doc } = await twoFolders(t);
      await t.post(`${to}/@copy`, { source: `${from}/doc` });
      t.body(await t.get(`${to}/doc`), { UID: satisfies(`a UID other than ${doc.body.UID}`, (u) => typeof u === 'string' && u !== doc.body.UID) });
    },
  },
  {
    id: 'copymove.copy.subtree',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'Copying a folder copies its contents',
    async run(t) {
      const { from, to } = await twoFolders(t);
      await t.post(`${to}/@copy`, { source: from });
      t.body(await t.get(`${to}/from/doc`), { title: 'Travelling doc' }, 'the copied child');
    },
  },
  {
    id: 'copymove.copy.requires-source',
    level: 'SHOULD',
    source: supplement('2.2'),
    title: "@copy without source answers 400 \"Property 'source' is required\"",
    async run(t) {
      const { to } = await twoFolders(t);
      const r = await t.post(`${to}/@copy`, {});
      t.status(r, 400);
      t.like(r.body?.error?.message ?? r.body?.message, "Property 'source' is required", 'the error message');
    },
  },
  {
    id: 'copymove.copy.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'Anonymous callers cannot copy (401) and nothing is copied',
    async run(t) {
      const { from, to } = await twoFolders(t);
      await t.transition(to, 'publish');
      await t.transition(`${from}/doc`, 'publish');
      await t.transition(from, 'publish');
      t.status(await t.post(`${to}/@copy`, { source: `${from}/doc` }, { auth: 'anonymous' }), 401);
      t.like(await childIds(t, to), [], 'the destination');
    },
  },
  {
    id: 'copymove.copy.refused-without-add-permission',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'A member without Add permission on the destination gets 403 and nothing is copied',
    async run(t) {
      const { from, to } = await twoFolders(t);
      for (const p of [to, from, `${from}/doc`]) await t.transition(p, 'publish');
      const member = await t.user();
      t.status(await t.post(`${to}/@copy`, { source: `${from}/doc` }, { auth: member }), 403);
      t.like(await childIds(t, to), [], 'the destination');
    },
  },
  {
    id: 'copymove.move.answers-source-and-target',
    level: 'MUST',
    source: seed('Endpoints/Copy and move (@move: 200 array {source, target})'),
    title: 'POST <destination>/@move {source} answers 200 [{source, target}]; the object moved',
    async run(t) {
      const { from, to } = await twoFolders(t);
      const r = await t.post(`${to}/@move`, { source: t.url(`${from}/doc`) });
      t.status(r, 200);
      t.body(r, [{ source: t.url(`${from}/doc`), target: t.url(`${to}/doc`) }]);
      t.body(await t.get(`${to}/doc`), { title: 'Travelling doc' }, 'the moved object');
      t.like(await childIds(t, from), [], 'the old folder');
    },
  },
  {
    id: 'copymove.move.keeps-the-uid',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'A moved object keeps its UID',
    async run(t) {
      const { from, to, doc } = await twoFolders(t);
      await t.post(`${to}/@move`, { source: `${from}/doc` });
      t.body(await t.get(`${to}/doc`), { UID: doc.body.UID });
    },
  },
  {
    id: 'copymove.move.records-an-alias',
    level: 'MUST',
    source: seed('Endpoints/Aliases (an alias for the old path is created when an object is moved)'),
    title: 'A move records an alias for the old path on the moved object',
    async run(t) {
      const { from, to } = await twoFolders(t);
      await t.post(`${to}/@move`, { source: `${from}/doc` });
      const r = await t.get(`${to}/doc/@aliases`);
      t.status(r, [200, 201]);
      t.body(r, { items: containing([{ path: `${from}/doc` }]) });
    },
  },
  {
    id: 'copymove.move.old-path-redirects',
    level: 'SHOULD',
    source: supplement('1.4'),
    title: 'A GET of the old path of a moved object answers 302 to the new URL',
    async run(t) {
      const { from, to } = await twoFolders(t);
      await t.post(`${to}/@move`, { source: `${from}/doc` });
      const r = await t.get(`${from}/doc`);
      t.status(r, 302);
      t.header(r, 'Location', t.url(`${to}/doc`));
    },
  },
  {
    id: 'copymove.move.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'Anonymous callers cannot move (401); the object stays',
    async run(t) {
      const { from, to } = await twoFolders(t);
      t.status(await t.post(`${to}/@move`, { source: `${from}/doc` }, { auth: 'anonymous' }), 401);
      t.status(await t.get(`${from}/doc`), 200, 'the object is still in place');
    },
  },
  {
    id: 'copymove.copy.unresolved-sources-skipped',
    level: 'SHOULD',
    source: supplement('25'),
    title: 'Sources that do not resolve are skipped; nothing resolved answers []',
    async run(t) {
      const { to } = await twoFolders(t);
      const r = await t.post(`${to}/@copy`, { source: '/does/not/exist' });
      t.status(r, 200);
      t.equal(r.body, [], 'the answer');
    },
  },
  {
    id: 'copymove.copy.copy-is-a-new-object',
    level: 'MUST',
    source: seed('Endpoints/Copy and move'),
    title: 'Changing the copy leaves the original unchanged',
    async run(t) {
      const { from, to } = await twoFolders(t);
      await t.post(`${to}/@copy`, { source: `${from}/doc` });
      await t.patch(`${to}/doc`, { title: 'Changed copy' });
      t.body(await t.get(`${from}/doc`), { title: 'Travelling doc', UID: nonEmptyString }, 'the original');
    },
  },
]);
