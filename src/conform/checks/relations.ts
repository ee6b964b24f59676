// @relations (site root): statistics, queries by source, target and relation name, visibility,
// and creating and deleting relations. Relations are made between pages of the check's sandbox
// (through the relatedItems field, or POST /@relations) and go with it.
import type { CheckContext } from '../context.ts';
import { anyObject, anyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

interface Page {
  path: string;
  UID: string;
}

/** Pages in one sandbox. */
async function pages(t: CheckContext, n: number, publish = false): Promise<{ box: string; list: Page[] }> {
  const box = await t.sandbox();
  const list: Page[] = [];
  for (let i = 1; i <= n; i++) {
    const made = await t.create(box, { '@type': 'Document', id: `page-${i}`, title: `Page ${i}` });
    if (publish) await t.transition(made.path, 'publish');
    list.push({ path: made.path, UID: made.body.UID });
  }
  return { box, list };
}

/** [source UID, target UID] of each relation of a group of a query answer. */
const pairs = (group: any): unknown => (Array.isArray(group?.items) ? group.items.map((i: any) => [i?.source?.UID, i?.target?.UID]) : group);

export default family('relations', [
  {
    id: 'relations.read.statistics',
    level: 'MUST',
    source: seed('Endpoints/Relations (GET /@relations: {@id, broken, stats})'),
    title: 'GET /@relations without parameters answers {@id, broken, stats}; stats count relations per name',
    async run(t) {
      const before = await t.get('/@relations');
      t.status(before, 200);
      t.body(before, { '@id': t.url('/@relations'), broken: anyObject, stats: anyObject });
      const { list: [a, b] } = await pages(t, 2);
      t.need(await t.patch(a.path, { relatedItems: [b.UID] }), 'relating two pages through relatedItems');
      const after = await t.get('/@relations');
      t.body(after, { stats: { relatedItems: (before.body?.stats?.relatedItems ?? 0) + 1 } }, 'the statistics after one more relatedItems relation');
    },
  },
  {
    id: 'relations.query.by-source',
    level: 'MUST',
    source: seed('Endpoints/Relations (source; results grouped by relation name); Resources/Relation (summaries of both ends)'),
    title: 'GET /@relations?source=<path> groups the relations by name, each {source, target} a summary with @id, @type, UID, title…',
    async run(t) {
      const { list: [a, b, c] } = await pages(t, 3);
      t.need(await t.patch(a.path, { relatedItems: [b.UID, c.UID] }), 'relating pages through relatedItems');
      const r = await t.get(`/@relations?source=${encodeURIComponent(a.path)}`);
      t.status(r, 200);
      t.body(r, { '@id': anyString, relations: { relatedItems: { items_total: 2 } } });
      t.like(pairs(r.body?.relations?.relatedItems), [[a.UID, b.UID], [a.UID, c.UID]], 'the relatedItems relations');
      const summary = { '@id': t.url(a.path), '@type': 'Document', UID: a.UID, description: anyString, review_state: 'private', title: 'Page 1', type_title: anyString };
      t.like(r.body?.relations?.relatedItems?.items?.[0]?.source, summary, 'the source summary');
    },
  },
  {
    id: 'relations.query.by-target-and-uid',
    level: 'MUST',
    source: seed('Endpoints/Relations (target: UID or path)'),
    title: 'GET /@relations?target=<UID or path> lists the relations pointing at it',
    async run(t) {
      const { list: [a, b, c] } = await pages(t, 3);
      t.need(await t.patch(a.path, { relatedItems: [c.UID] }), 'relating page 1 to page 3');
      t.need(await t.patch(b.path, { relatedItems: [c.UID] }), 'relating page 2 to page 3');
      for (const target of [c.UID, c.path]) {
        const r = await t.get(`/@relations?target=${encodeURIComponent(target)}`);
        t.status(r, 200);
        t.like(pairs(r.body?.relations?.relatedItems), [[a.UID, c.UID], [b.UID, c.UID]], `the relations with target ${target}`);
      }
    },
  },
  {
    id: 'relations.query.by-relation-name',
    level: 'MUST',
    source: seed('Endpoints/Relations (relation; readonly optional)'),
    title: 'relation=<name> with source keeps that relation; a field relation is not readonly',
    async run(t) {
      const { list: [a, b] } = await pages(t, 2);
      t.need(await t.patch(a.path, { relatedItems: [b.UID] }), 'relating two pages');
      const r = await t.get(`/@relations?relation=relatedItems&source=${encodeURIComponent(a.UID)}`);
      t.status(r, 200);
      t.like(r.body?.relations, { relatedItems: { readonly: satisfies('false or missing', (v) => v === undefined || v === false) } }, 'the relations');
      t.like(pairs(r.body?.relations?.relatedItems), [[a.UID, b.UID]], 'the relatedItems relations');
    },
  },
  {
    id: 'relations.query.only-viewable-ends',
    level: 'MUST',
    source: seed('Endpoints/Relations (a relation is included only when the caller may view both ends)'),
    title: 'Anonymous callers see a relation between published pages, not one to a private page',
    async run(t) {
      const { box, list: [a, b, c] } = await pages(t, 3);
      for (const p of [box, a.path, b.path]) await t.transition(p, 'publish');
      t.need(await t.patch(a.path, { relatedItems: [b.UID, c.UID] }), 'relating page 1 to pages 2 and 3');
      t.like(pairs((await t.get(`/@relations?source=${encodeURIComponent(a.UID)}`)).body?.relations?.relatedItems), [[a.UID, b.UID], [a.UID, c.UID]], 'the relations the Manager sees');
      const anon = await t.get(`/@relations?source=${encodeURIComponent(a.UID)}`, { auth: 'anonymous' });
      t.status(anon, 200, 'the query by Anonymous');
      t.like(pairs(anon.body?.relations?.relatedItems), [[a.UID, b.UID]], 'the relations Anonymous sees');
    },
  },
  {
    id: 'relations.create.post-items',
    level: 'SHOULD',
    source: supplement('26 (POST /@relations {items: [{source, target, relation}]}: 204; field relations update the field)'),
    title: 'POST /@relations {items} answers 204; a relatedItems relation shows in the field, another name only in queries',
    async run(t) {
      const { list: [a, b, c] } = await pages(t, 3);
      const name = `${t.unique('conform')}-part`;
      const r = await t.post('/@relations', { items: [{ source: a.path, target: b.path, relation: name }, { source: a.UID, target: c.UID, relation: 'relatedItems' }] });
      t.status(r, 204);
      t.like((await t.get(a.path)).body?.relatedItems?.map((x: { UID?: string }) => x.UID), [c.UID], 'the relatedItems field of the source');
      const q = await t.get(`/@relations?source=${encodeURIComponent(a.path)}`);
      t.like(pairs(q.body?.relations?.[name]), [[a.UID, b.UID]], `the ${name} relations`);
      t.body(await t.get(`/@relations?relation=${encodeURIComponent(name)}`), { relations: { [name]: { readonly: false } } }, `the query by the relation name ${name}`);
    },
  },
  {
    id: 'relations.create.unresolved-ends-422',
    level: 'SHOULD',
    source: supplement('26 (unresolved source/target: 422 with the failed items; valid items still created)'),
    title: 'A relation to a missing target answers 422 "Failed on creating relations" with the failed item; the valid ones are created',
    async run(t) {
      const { box, list: [a, b] } = await pages(t, 2);
      const bad = { source: a.path, target: `${box}/does-not-exist`, relation: 'relatedItems' };
      const r = await t.post('/@relations', { items: [bad, { source: a.path, target: b.path, relation: 'relatedItems' }] });
      t.status(r, 422);
      t.body(r, { error: { type: 'Unprocessable Content', message: 'Failed on creating relations', failed: [[bad, 'Failed on creating a relation. Target not found.']] } });
      t.like(pairs((await t.get(`/@relations?source=${encodeURIComponent(a.UID)}`)).body?.relations?.relatedItems), [[a.UID, b.UID]], 'the relations afterwards');
    },
  },
  {
    id: 'relations.delete.by-items-and-by-source',
    level: 'SHOULD',
    source: supplement('26 (DELETE /@relations with items, or source/target/relation: 204; field values follow)'),
    title: 'DELETE /@relations {items} removes those relations, {source} all of its relations (204); the field follows',
    async run(t) {
      const { list: [a, b, c] } = await pages(t, 3);
      t.need(await t.patch(a.path, { relatedItems: [b.UID, c.UID] }), 'relating page 1 to pages 2 and 3');
      t.status(await t.del('/@relations', { items: [{ source: a.UID, target: b.UID, relation: 'relatedItems' }] }), 204, 'DELETE of one relation');
      t.like((await t.get(a.path)).body?.relatedItems?.map((x: { UID?: string }) => x.UID), [c.UID], 'the relatedItems field afterwards');
      t.status(await t.del('/@relations', { source: a.path }), 204, 'DELETE by source');
      t.body(await t.get(`/@relations?source=${encodeURIComponent(a.path)}`), { relations: {} }, 'the relations of the source afterwards');
      t.like((await t.get(a.path)).body?.relatedItems, [], 'the relatedItems field at the end');
    },
  },
  {
    id: 'relations.create.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('26 (POST/DELETE: Modify portal content; anonymous 401)'),
    title: 'Anonymous callers cannot create or delete relations (401); nothing changes',
    async run(t) {
      const { box, list: [a, b] } = await pages(t, 2, true);
      await t.transition(box, 'publish');
      t.status(await t.post('/@relations', { items: [{ source: a.path, target: b.path, relation: 'relatedItems' }] }, { auth: 'anonymous' }), 401, 'POST by Anonymous');
      t.body(await t.get(`/@relations?source=${encodeURIComponent(a.path)}`), { relations: {} }, 'the relations afterwards');
      t.need(await t.patch(a.path, { relatedItems: [b.UID] }), 'relating the pages as the Manager');
      t.status(await t.del('/@relations', { source: a.path }, { auth: 'anonymous' }), 401, 'DELETE by Anonymous');
      t.like((await t.get(a.path)).body?.relatedItems?.map((x: { UID?: string }) => x.UID), [b.UID], 'the relatedItems field afterwards');
    },
  },
  {
    id: 'relations.read.broken-after-deleting-the-target',
    level: 'SHOULD',
    source: supplement('26 (broken relations; onlyBroken)'),
    title: 'Deleting a relation’s target counts it in broken; onlyBroken lists its source',
    async run(t) {
      const { list: [a, b] } = await pages(t, 2);
      const name = `${t.unique('conform')}-broken`;
      t.need(await t.post('/@relations', { items: [{ source: a.path, target: b.path, relation: name }] }), 'relating two pages');
      t.need(await t.del(b.path), 'deleting the target');
      t.body(await t.get('/@relations'), { broken: { [name]: 1 } }, 'the broken relations');
      t.body(await t.get(`/@relations?onlyBroken=true&relation=${encodeURIComponent(name)}`), { relations: { [name]: { items: [t.url(a.path)] } } }, 'onlyBroken');
      t.need(await t.del('/@relations', { source: a.path }), 'deleting the broken relation');
    },
  },
  {
    id: 'relations.query.unknown-source-404',
    level: 'SHOULD',
    source: supplement('26 (unknown source/target: 404)'),
    title: 'A query by a source that does not exist answers 404',
    async run(t) {
      const box = await t.sandbox();
      t.status(await t.get(`/@relations?source=${encodeURIComponent(`${box}/nothing-here`)}`), 404);
    },
  },
  {
    id: 'relations.read.site-root-only',
    level: 'SHOULD',
    source: seed('Endpoints/Relations (site root); conventions 2'),
    title: '@relations is not offered on content (404)',
    async run(t) {
      const box = await t.sandbox();
      t.status(await t.get(`${box}/@relations`), 404);
    },
  },
]);
