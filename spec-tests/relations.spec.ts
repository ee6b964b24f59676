// @relations: statistics, broken relations, queries, create and delete, visibility, relation
// fields, and `isReferencing` from links in rich text and blocks.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function doc(extra: Record<string, unknown> = {}, parent = box): Promise<{ path: string; UID: string; url: string }> {
  const id = `doc-${++n}`;
  const body = await create(api, parent, { '@type': 'Document', id, title: `Doc ${n}`, ...extra });
  return { path: `${parent}/${id}`, UID: body.UID, url: `${api.base}${parent}/${id}` };
}

const query = async (q: string, auth: 'admin' | 'anonymous' = 'admin') => (await api.get(`/@relations?${q}`, { auth })).body;
const pairs = (group: any) => (group?.items ?? []).map((i: any) => [i.source.UID, i.target.UID]);

describe('POST /@relations', () => {
  it('creates field and free relations (204); field relations show in the field', async () => {
    const a = await doc();
    const b = await doc();
    const c = await doc();
    const r = await api.post('/@relations', {
      items: [
        { source: a.path, target: b.path, relation: 'comprisesComponentPart' },
        { source: a.UID, target: c.UID, relation: 'relatedItems' },
      ],
    });
    expect(r.status).toBe(204);
    expect((await api.get(a.path)).body.relatedItems.map((x: any) => x.UID)).toEqual([c.UID]);
    const bySource = await query(`source=${a.path}`);
    expect(bySource['@id']).toBe(`${api.base}/@relations?source=${a.path}`);
    expect(pairs(bySource.relations.comprisesComponentPart)).toEqual([[a.UID, b.UID]]);
    expect(pairs(bySource.relations.relatedItems)).toEqual([[a.UID, c.UID]]);
    expect(bySource.relations.relatedItems.items[0].source).toEqual({
      '@id': a.url, '@type': 'Document', UID: a.UID, description: '', review_state: 'private', title: `Doc ${n - 2}`, type_title: 'Page',
    });
  });

  it('answers 422 with the failed items and still creates the valid ones', async () => {
    const a = await doc();
    const b = await doc();
    const bad = { source: a.path, target: '/does-not-exist', relation: 'comprisesComponentPart' };
    const r = await api.post('/@relations', { items: [bad, { source: a.path, target: b.path, relation: 'comprisesComponentPart' }] });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      error: { type: 'Unprocessable Content', message: 'Failed on creating relations', failed: [[bad, 'Failed on creating a relation. Target not found.']] },
    });
    expect(pairs((await query(`source=${a.UID}`)).relations.comprisesComponentPart)).toEqual([[a.UID, b.UID]]);
  });

  it('refuses anonymous callers with 401', async () => {
    const a = await doc();
    const b = await doc();
    const r = await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: 'relatedItems' }] }, { auth: 'anonymous' });
    expect(r.status).toBe(401);
    expect(r.body.type).toBe('Unauthorized');
    expect((await query(`source=${a.UID}`)).relations).toEqual({});
  });

  it('is only available on the site root', async () => {
    const a = await doc();
    expect((await api.get(`${a.path}/@relations`)).status).toBe(404);
  });
});

describe('relation fields on content', () => {
  it('resolve summaries by @id, also with an empty UID as Volto sends them, and by UID', async () => {
    const target = await doc();
    const other = await doc();
    const viaPath = await doc({ relatedItems: [{ '@id': target.url, UID: '', title: 'Doc' }] });
    expect((await api.get(viaPath.path)).body.relatedItems.map((x: any) => x.UID)).toEqual([target.UID]);
    expect((await api.patch(viaPath.path, { relatedItems: [{ '@id': other.path, UID: '' }, { UID: target.UID }] })).status).toBe(204);
    expect((await api.get(viaPath.path)).body.relatedItems.map((x: any) => x.UID)).toEqual([other.UID, target.UID]);
    const bad = await api.patch(viaPath.path, { relatedItems: [{ '@id': `${api.base}/no/such/thing`, UID: '' }] });
    expect(bad.status).toBe(400);
  });
});

describe('GET /@relations', () => {
  it('counts relations per name in stats and reports broken ones', async () => {
    const before = await query('');
    const a = await doc();
    const b = await doc();
    await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: 'relatedItems' }, { source: a.path, target: b.path, relation: 'stat-test' }] });
    const mid = await query('');
    expect(mid.stats['stat-test']).toBe(1);
    expect(mid.stats.relatedItems).toBe((before.stats.relatedItems ?? 0) + 1);
    await api.del(b.path);
    const after = await api.get('/@relations');
    expect(after.body['@id']).toBe(`${api.base}/@relations`);
    expect(after.body.stats['stat-test']).toBeUndefined();
    expect(after.body.broken['stat-test']).toBe(1);
    const broken = await query('onlyBroken=true&relation=stat-test');
    expect(broken.relations['stat-test'].items).toEqual([a.url]);
  });

  it('queries by relation name with readonly and staticCatalogVocabularyQuery', async () => {
    const a = await doc();
    const b = await doc();
    await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: `named-${n}` }] });
    const r = await query(`relation=named-${n}`);
    expect(r.relations).toEqual({
      [`named-${n}`]: { items: [expect.objectContaining({})], items_total: 1, readonly: false, staticCatalogVocabularyQuery: null },
    });
    expect((await query('relation=isReferencing')).relations.isReferencing.readonly).toBe(true);
  });

  it('relation names that are JavaScript object members group, count and query like any other', async () => {
    const a = await doc();
    const b = await doc();
    const made = await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: 'hasOwnProperty' }, { source: a.path, target: b.path, relation: 'constructor' }] });
    expect(made.status).toBe(204);
    const bySource = await api.get(`/@relations?source=${a.UID}`);
    expect(bySource.status).toBe(200);
    expect(Object.keys(bySource.body.relations).sort()).toEqual(['constructor', 'hasOwnProperty']);
    expect(pairs(bySource.body.relations.hasOwnProperty)).toEqual([[a.UID, b.UID]]);
    const named = await query('relation=toString');
    expect(named.relations).toEqual({ toString: { items: [], items_total: 0, readonly: false, staticCatalogVocabularyQuery: null } });
    const stats = await query('');
    expect(Object.hasOwn(stats.stats, 'hasOwnProperty')).toBe(true);
    expect(stats.stats.constructor).toBeGreaterThanOrEqual(1);
  });

  it('queries by target; unknown source or target is 404 with a JSON error body', async () => {
    const a = await doc();
    const b = await doc();
    await api.post('/@relations', { items: [{ source: b.path, target: a.path, relation: 'relatedItems' }] });
    const r = await query(`target=${a.path}`);
    expect(Object.keys(r.relations)).toEqual(['relatedItems']);
    expect(pairs(r.relations.relatedItems)).toEqual([[b.UID, a.UID]]);
    const missing = await api.get('/@relations?source=/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('NotFound');
  });

  it('shows a relation only when the caller may view both ends', async () => {
    const a = await doc();
    const b = await doc();
    const c = await doc();
    await api.post(`${a.path}/@workflow/publish`);
    await api.post(`${b.path}/@workflow/publish`);
    await api.post(`${box}/@workflow/publish`);
    await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: `vis-${n}` }, { source: a.path, target: c.path, relation: `vis-${n}` }] });
    expect(pairs((await query(`relation=vis-${n}`)).relations[`vis-${n}`])).toEqual([[a.UID, b.UID], [a.UID, c.UID]]);
    expect(pairs((await query(`relation=vis-${n}`, 'anonymous')).relations[`vis-${n}`])).toEqual([[a.UID, b.UID]]);
  });

  it('restricts the other end with query_target and caps with max', async () => {
    const a = await doc();
    const b = await doc({ title: 'Banana split' });
    const c = await doc({ title: 'Cherry pie' });
    await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: `q-${n}` }, { source: a.path, target: c.path, relation: `q-${n}` }] });
    expect(pairs((await query(`relation=q-${n}&query_target=cherry`)).relations[`q-${n}`])).toEqual([[a.UID, c.UID]]);
    expect(pairs((await query(`relation=q-${n}&query_target=${b.path}`)).relations[`q-${n}`])).toEqual([[a.UID, b.UID]]);
    expect((await query(`relation=q-${n}&max=1`)).relations[`q-${n}`].items_total).toBe(1);
  });
});

describe('DELETE /@relations', () => {
  it('deletes listed relations, by source, and by relation name; fields follow', async () => {
    const a = await doc();
    const b = await doc();
    const c = await doc();
    await api.post('/@relations', {
      items: [
        { source: a.path, target: b.path, relation: 'relatedItems' },
        { source: a.path, target: c.path, relation: 'relatedItems' },
        { source: a.path, target: b.path, relation: `del-${n}` },
        { source: b.path, target: c.path, relation: `del-${n}` },
      ],
    });
    expect((await api.del('/@relations', { items: [{ source: a.UID, target: b.UID, relation: 'relatedItems' }] })).status).toBe(204);
    expect((await api.get(a.path)).body.relatedItems.map((x: any) => x.UID)).toEqual([c.UID]);
    expect((await api.del('/@relations', { source: a.path })).status).toBe(204);
    expect((await query(`source=${a.path}`)).relations).toEqual({});
    expect((await api.get(a.path)).body.relatedItems).toEqual([]);
    expect(pairs((await query(`relation=del-${n}`)).relations[`del-${n}`])).toEqual([[b.UID, c.UID]]);
    expect((await api.del('/@relations', { relation: `del-${n}` })).status).toBe(204);
    expect((await query(`relation=del-${n}`)).relations[`del-${n}`].items).toEqual([]);
  });

  it('answers 422 for unknown ends and 400 without any selection', async () => {
    const a = await doc();
    const r = await api.del('/@relations', { items: [{ source: a.path, target: '/nope', relation: 'relatedItems' }] });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('Failed on deleting relations');
    expect((await api.del('/@relations', {})).status).toBe(400);
  });
});

describe('isReferencing from links', () => {
  it('follows resolveuid links and internal paths in rich text', async () => {
    const target1 = await doc();
    const target2 = await doc();
    const html = `<p><a href="resolveuid/${target1.UID}">one</a> <a href="${target2.url}/@@images/image">two</a> <a href="https://example.org/x">out</a></p>`;
    const source = await doc({ text: { data: html, 'content-type': 'text/html' } });
    const r = await query(`source=${source.path}&relation=isReferencing`);
    expect(pairs(r.relations.isReferencing)).toEqual([[source.UID, target1.UID], [source.UID, target2.UID]]);
    await api.patch(source.path, { text: { data: '<p>no links</p>', 'content-type': 'text/html' } });
    expect((await query(`source=${source.path}`)).relations).toEqual({});
  });

  it('follows links in Volto blocks', async () => {
    const volto = await connect({ volto: true });
    const t = await volto.post('', { '@type': 'Document', id: 'target', title: 'Target' });
    const blocks = { a: { '@type': 'slate', value: [{ type: 'link', data: { url: `../resolveuid/${t.body.UID}` } }] }, b: { '@type': 'teaser', href: [{ '@id': '/target' }] } };
    const s = await volto.post('', { '@type': 'Document', id: 'source', title: 'Source', blocks, blocks_layout: { items: ['a', 'b'] } });
    expect(s.status).toBe(201);
    const r = (await volto.get('/@relations?source=/source')).body;
    expect(r.relations.isReferencing.items.map((i: any) => i.target.UID)).toEqual([t.body.UID]);
  });
});

describe('the listing of every relation', () => {
  it('finds relations of fields, of links and made through @relations, in creation order, and forgets them with their source', async () => {
    const t = await doc();
    const byField = await doc({ relatedItems: [t.UID] });
    const byLink = await doc({ text: { data: `<p><a href="resolveuid/${t.UID}">t</a></p>`, 'content-type': 'text/html' } });
    const free = await doc();
    const plain = await doc({ text: { data: '<p>no links</p>', 'content-type': 'text/html' } });
    expect((await api.post('/@relations', { items: [{ source: free.UID, target: t.UID, relation: 'comprisesComponentPart' }, { source: t.UID, target: byField.UID, relation: 'comprisesComponentPart' }] })).status).toBe(204);
    const toT = (await query(`target=${t.UID}`)).relations;
    expect(Object.keys(toT).sort()).toEqual(['comprisesComponentPart', 'isReferencing', 'relatedItems']);
    expect(pairs(toT.relatedItems)).toEqual([[byField.UID, t.UID]]);
    expect(pairs(toT.isReferencing)).toEqual([[byLink.UID, t.UID]]);
    expect(pairs(toT.comprisesComponentPart)).toEqual([[free.UID, t.UID]]);
    // all of one name, sources in creation order: t was made before free
    const all = pairs((await query('relation=comprisesComponentPart')).relations.comprisesComponentPart).filter((p: string[]) => [t.UID, free.UID].includes(p[0]));
    expect(all).toEqual([[t.UID, byField.UID], [free.UID, t.UID]]);
    expect((await query(`source=${plain.UID}`)).relations).toEqual({});
    const stats = async () => (await query('')).stats as Record<string, number>;
    const before = await stats();
    expect((await api.del(byLink.path)).status).toBe(204);
    const after = await stats();
    expect(after.isReferencing ?? 0).toBe(before.isReferencing - 1);
    expect({ ...after, isReferencing: 0 }).toEqual({ ...before, isReferencing: 0 });
    expect(Object.keys((await query(`target=${t.UID}`)).relations).sort()).toEqual(['comprisesComponentPart', 'relatedItems']);
  });
});

describe('POST /@relations/rebuild', () => {
  it('drops broken relations (Manager)', async () => {
    const a = await doc();
    const b = await doc();
    await api.post('/@relations', { items: [{ source: a.path, target: b.path, relation: `rebuild-${n}` }] });
    await api.del(b.path);
    expect((await query('')).broken[`rebuild-${n}`]).toBe(1);
    expect((await api.post('/@relations/rebuild')).status).toBe(204);
    expect((await query('')).broken[`rebuild-${n}`]).toBeUndefined();
  });
});
