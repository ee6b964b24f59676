// @linkintegrity: what deleting objects would break (content relating or linking to them or to
// what they contain), how much they contain, and the switch in the editing control panel.
import type { CheckContext } from '../context.ts';
import { family, supplement } from './define.ts';

const html = (data: string) => ({ data, 'content-type': 'text/html', encoding: 'utf-8' });

/** Content in a sandbox: {path, UID, url, title}. */
async function make(t: CheckContext, container: string, type: string, id: string, extra: Record<string, unknown> = {}) {
  const made = await t.create(container, { '@type': type, id, title: `Object ${id}`, ...extra });
  return { path: made.path, UID: made.body.UID as string, url: t.url(made.path), title: `Object ${id}` };
}

const check = (t: CheckContext, ...uids: string[]) => t.get(`/@linkintegrity?${uids.map((u) => `uids=${u}`).join('&')}`);

export default family('linkintegrity', [
  {
    id: 'linkintegrity.read.breaches',
    level: 'SHOULD',
    source: supplement('31.17'),
    title: 'GET /@linkintegrity?uids=<uid> answers, per object, its summary with breaches [{@id, title, uid}] and items_total',
    async run(t) {
      const box = await t.sandbox();
      const target = await make(t, box, 'Document', 'target');
      const source = await make(t, box, 'Document', 'source');
      t.need(await t.patch(source.path, { relatedItems: [target.UID] }), 'relating the source to the target');
      const r = await check(t, target.UID);
      t.status(r, 200);
      t.like(r.body, [{ '@id': target.url, '@type': 'Document', title: target.title, breaches: [{ '@id': source.url, title: source.title, uid: source.UID }], items_total: 0 }], 'the answer');
    },
  },
  {
    id: 'linkintegrity.read.contents-and-links-inside',
    level: 'SHOULD',
    source: supplement('31.17 (links to anything inside; not from sources deleted with it; items_total)'),
    title: 'For a container: items_total counts what it holds; links from outside to its contents are breaches, links from inside are not',
    async run(t) {
      const box = await t.sandbox();
      const folder = await make(t, box, t.folderType, 'folder');
      const inner = await make(t, folder.path, 'Document', 'inner');
      await make(t, folder.path, 'Document', 'sibling', { text: html(`<p><a href="resolveuid/${inner.UID}">inner</a></p>`) });
      const outside = await make(t, box, 'Document', 'outside', { text: html(`<p><a href="${inner.url}">inner</a></p>`) });
      const r = await check(t, folder.UID);
      t.status(r, 200);
      t.like(r.body, [{ '@id': folder.url, items_total: 2, breaches: [{ '@id': outside.url, title: outside.title, uid: outside.UID }] }], 'the answer');
    },
  },
  {
    id: 'linkintegrity.read.unreferenced-and-several',
    level: 'SHOULD',
    source: supplement('31.17 (one element per requested object)'),
    title: 'Several uids answer one element each, in order; an object nothing links to has no breaches',
    async run(t) {
      const box = await t.sandbox();
      const lonely = await make(t, box, 'Document', 'lonely');
      const target = await make(t, box, 'Document', 'target');
      const source = await make(t, box, 'Document', 'source');
      t.need(await t.patch(source.path, { relatedItems: [target.UID] }), 'relating the source to the target');
      const r = await check(t, lonely.UID, target.UID);
      t.like(r.body, [{ '@id': lonely.url, breaches: [] }, { '@id': target.url, breaches: [{ uid: source.UID }] }], 'the answer');
    },
  },
  {
    id: 'linkintegrity.read.uids-required',
    level: 'SHOULD',
    source: supplement('31.17 (400 Missing parameter "uids")'),
    title: 'GET /@linkintegrity without uids answers 400 "Missing parameter \\"uids\\""',
    async run(t) {
      const r = await t.get('/@linkintegrity');
      t.status(r, 400);
      t.body(r, { message: 'Missing parameter "uids"' });
    },
  },
  {
    id: 'linkintegrity.read.off-answers-nothing',
    level: 'SHOULD',
    source: supplement('31.17 (link-integrity checks disabled in the editing panel: [])'),
    title: 'With enable_link_integrity_checks off, the answer is []',
    async run(t) {
      const box = await t.sandbox();
      const target = await make(t, box, 'Document', 'target');
      const source = await make(t, box, 'Document', 'source');
      t.need(await t.patch(source.path, { relatedItems: [target.UID] }), 'relating the source to the target');
      await t.setPanel('editing', { enable_link_integrity_checks: false });
      const r = await check(t, target.UID);
      t.status(r, 200);
      t.equal(r.body, [], 'the answer');
    },
  },
]);
