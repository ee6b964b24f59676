// @querystring (the query builder registry), @querystring-search (POST and GET) and Collection
// items, which run the same queries.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
let boxUid: string;
const OP = 'plone.app.querystring.operation.';
const CMS = 'cms.app.querystring.operation.';

async function create(path: string, body: Record<string, unknown>) {
  const r = await api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r.body;
}

const ids = (r: { body: any }) => r.body.items.map((i: any) => i['@id'].slice(api.base.length));
const inBox = (v = '') => ({ i: 'path', o: `${OP}string.absolutePath`, v: `${box}${v}` });
const qs = (path: string, body: unknown, auth?: 'anonymous') => api.post(`${path}/@querystring-search`, body, auth ? { auth } : {});

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  boxUid = (await api.get(box)).body.UID;
  await create(box, { '@type': 'Folder', id: 'sub', title: 'Sub folder' });
  await create(box, { '@type': 'Document', id: 'alpha', title: 'Alpha page', subjects: ['a', 'b'] });
  await create(box, { '@type': 'Document', id: 'beta', title: 'Beta page', subjects: ['b'] });
  await create(`${box}/sub`, { '@type': 'News Item', id: 'gamma', title: 'Gamma news', text: { data: 'zebra crossing', 'content-type': 'text/plain' } });
});

describe('GET @querystring', () => {
  it('lists indexes with operations and operators, and the sortable ones', async () => {
    const r = await api.get('/@querystring');
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@querystring`);
    expect(Object.keys(r.body.indexes)).toEqual(expect.arrayContaining(['Creator', 'SearchableText', 'Subject', 'path', 'portal_type', 'review_state', 'isFolderish', 'show_inactive']));
    expect(Object.keys(r.body.sortable_indexes).sort()).toEqual(
      ['Creator', 'created', 'effective', 'end', 'expires', 'getId', 'getObjPositionInParent', 'modified', 'review_state', 'sortable_title', 'start'].sort(),
    );
    const pt = r.body.indexes.portal_type;
    expect(pt).toMatchObject({ title: 'Type', group: 'Metadata', enabled: true, sortable: false, fetch_vocabulary: true, vocabulary: 'cms.app.vocabularies.ReallyUserFriendlyTypes' });
    // Plone's operation names, not renamed (supplement 31.7, Appendix C); the recorded exchange
    // shows them with cms., a renaming the supplement rules out for these names
    expect(pt.operations).toEqual([`${OP}selection.any`, `${OP}selection.none`]);
    expect(pt.operators[`${OP}selection.any`]).toEqual({
      title: 'Matches any of', description: 'Tip: you can use * to autocomplete.', operation: 'plone.app.querystring.queryparser._contains', widget: 'MultipleSelectionWidget',
    });
    expect(JSON.stringify(r.body)).not.toContain('cms.app.querystring');
    expect(pt.values.Document).toEqual({ title: 'Page' });
    expect(pt.values['Plone Site']).toBeUndefined();
    expect(r.body.indexes.review_state.values.published).toEqual({ title: 'Published [published]' });
    expect(r.body.indexes.Subject.values.a).toEqual({ title: 'a' });
  });
});

describe('POST @querystring-search', () => {
  it('selects by portal_type (plone. and cms. operation names)', async () => {
    for (const prefix of [OP, CMS]) {
      const r = await qs(box, { query: [{ i: 'portal_type', o: `${prefix}selection.any`, v: ['Document'] }, inBox()] });
      expect(r.status, r.text).toBe(200);
      expect(r.body['@id']).toBe(`${api.base}${box}/@querystring-search`);
      expect(ids(r)).toEqual([`${box}/alpha`, `${box}/beta`]);
      expect(r.body.items_total).toBe(2);
    }
  });

  it('excludes the context object itself', async () => {
    const r = await qs(box, { query: [inBox()], sort_on: 'getId' });
    expect(ids(r)).toEqual([`${box}/alpha`, `${box}/beta`, `${box}/sub/gamma`, `${box}/sub`]);
  });

  it('sorts; only "descending" reverses', async () => {
    const query = [{ i: 'portal_type', o: `${OP}selection.any`, v: ['Document'] }, inBox()];
    expect(ids(await qs(box, { query, sort_on: 'sortable_title', sort_order: 'descending' }))).toEqual([`${box}/beta`, `${box}/alpha`]);
    expect(ids(await qs(box, { query, sort_on: 'sortable_title', sort_order: 'reverse' }))).toEqual([`${box}/alpha`, `${box}/beta`]);
  });

  it('selection.all and selection.none on Subject', async () => {
    expect(ids(await qs(box, { query: [{ i: 'Subject', o: `${OP}selection.all`, v: ['a', 'b'] }, inBox()] }))).toEqual([`${box}/alpha`]);
    expect(ids(await qs(box, { query: [{ i: 'Subject', o: `${OP}selection.none`, v: ['a'] }, inBox()] }))).toEqual([`${box}/beta`]);
  });

  it('string.is / isNot on getId, contains on SearchableText', async () => {
    expect(ids(await qs(box, { query: [{ i: 'getId', o: `${OP}string.is`, v: 'beta' }] }))).toEqual([`${box}/beta`]);
    expect(ids(await qs(box, { query: [{ i: 'getId', o: `${OP}string.isNot`, v: 'beta' }, inBox()], sort_on: 'getId' }))).toEqual([`${box}/alpha`, `${box}/sub/gamma`, `${box}/sub`]);
    expect(ids(await qs(box, { query: [{ i: 'SearchableText', o: `${OP}string.contains`, v: 'zebra' }] }))).toEqual([`${box}/sub/gamma`]);
  });

  it('boolean isTrue on isFolderish', async () => {
    expect(ids(await qs(box, { query: [{ i: 'isFolderish', o: `${OP}boolean.isTrue` }, inBox()] }))).toEqual([`${box}/sub`]);
  });

  it('absolutePath with a depth, by UID, relativePath and navigation path', async () => {
    expect(ids(await qs(box, { query: [inBox('::1')], sort_on: 'getId' }))).toEqual([`${box}/alpha`, `${box}/beta`, `${box}/sub`]);
    expect(ids(await qs('', { query: [{ i: 'path', o: `${OP}string.absolutePath`, v: `${boxUid}::1` }], sort_on: 'getId' }))).toEqual([`${box}/alpha`, `${box}/beta`, `${box}/sub`]);
    expect(ids(await qs(`${box}/sub`, { query: [{ i: 'path', o: `${OP}string.relativePath`, v: '..::1' }], sort_on: 'getId' }))).toEqual([`${box}/alpha`, `${box}/beta`]);
    expect(ids(await qs('', { query: [{ i: 'path', o: `${OP}string.path`, v: `${box}/sub` }] }))).toEqual([`${box}/sub`, `${box}/sub/gamma`]);
  });

  it('dates: created today, within the last days, not before today', async () => {
    const today = await qs(box, { query: [{ i: 'created', o: `${OP}date.today` }, inBox()] });
    const last = await qs(box, { query: [{ i: 'created', o: `${OP}date.largerThanRelativeDate`, v: '3' }, inBox()] });
    const before = await qs(box, { query: [{ i: 'created', o: `${OP}date.beforeToday` }, inBox()] });
    const between = await qs(box, { query: [{ i: 'created', o: `${OP}date.between`, v: ['2000-01-01', '2999-01-01'] }, inBox()] });
    expect(today.body.items_total).toBe(4);
    expect(last.body.items_total).toBe(4);
    expect(before.body.items_total).toBe(0);
    expect(between.body.items_total).toBe(4);
  });

  it('limit caps, b_size/b_start from the body batch', async () => {
    expect((await qs(box, { query: [inBox()], limit: 2 })).body.items_total).toBe(2);
    const r = await qs(box, { query: [inBox()], sort_on: 'getId', b_size: 2, b_start: 2 });
    expect(r.body.items_total).toBe(4);
    expect(ids(r)).toEqual([`${box}/sub/gamma`, `${box}/sub`]);
    expect(r.body.batching.prev).toBeDefined();
    expect(r.body.batching.next).toBeUndefined();
  });

  it('metadata_fields and fullobjects', async () => {
    const meta = await qs(box, { query: [{ i: 'getId', o: `${OP}string.is`, v: 'alpha' }], metadata_fields: '_all' });
    expect(meta.body.items[0].Subject).toEqual(['a', 'b']);
    expect(meta.body.items[0].getURL).toBe(`${api.base}${box}/alpha`);
    const full = await qs(box, { query: [{ i: 'getId', o: `${OP}string.is`, v: 'alpha' }], fullobjects: 1 });
    expect(full.body.items[0]['@components']).toBeDefined();
    expect(full.body.items[0].subjects).toEqual(['a', 'b']);
    const off = await qs(box, { query: [{ i: 'getId', o: `${OP}string.is`, v: 'alpha' }], fullobjects: 'false' });
    expect(off.body.items[0]['@components']).toBeUndefined();
  });

  it('only returns what the caller may view', async () => {
    const r = await qs(box, { query: [inBox()] }, 'anonymous');
    expect(r.status).toBe(401); // the private sandbox itself may not be viewed
    const root = await qs('', { query: [inBox()] }, 'anonymous');
    expect(root.status).toBe(200);
    expect(root.body.items_total).toBe(0);
  });
});

describe('errors', () => {
  it('no query, an empty query, an unknown operation, a bad fullobjects', async () => {
    const cases: [unknown, string][] = [
      [{}, 'No query supplied'],
      [{ query: [] }, 'No query supplied'],
      [{ query: [{ i: 'portal_type', o: 'nonsense.op', v: 'x' }] }, 'Invalid query.'],
      [{ query: [{ i: 'portal_type', o: `${OP}selection.nope`, v: 'x' }] }, 'Invalid query.'],
    ];
    for (const [body, message] of cases) {
      const r = await qs(box, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const bad = await qs(box, { query: [inBox()], fullobjects: 'perhaps' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Could not parse value 'perhaps' as boolean");
  });

  it('invalid JSON body', async () => {
    const r = await api.request('POST', `${box}/@querystring-search`, { raw: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
  });
});

describe('GET @querystring-search', () => {
  const body = () => ({ query: [{ i: 'portal_type', o: `${OP}selection.any`, v: ['Document'] }, inBox()], sort_on: 'getId', b_size: 1 });

  it('reads the JSON-encoded query parameter (single and double encoding)', async () => {
    const once = await api.get(`${box}/@querystring-search?query=${encodeURIComponent(JSON.stringify(body()))}`);
    expect(once.status, once.text).toBe(200);
    expect(ids(once)).toEqual([`${box}/alpha`]);
    expect(once.body.items_total).toBe(2);
    const twice = await api.get(`${box}/@querystring-search?query=${encodeURIComponent(encodeURIComponent(JSON.stringify(body())))}`);
    expect(ids(twice)).toEqual([`${box}/alpha`]);
  });

  it('without a query parameter is a 400', async () => {
    const r = await api.get(`${box}/@querystring-search`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('No query supplied');
  });

  it('checks the object in the query parameter as POST checks its body', async () => {
    const get = (object: unknown) => api.get(`${box}/@querystring-search?query=${encodeURIComponent(JSON.stringify(object))}`);
    const rows = [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }];
    for (const object of [{ query: 'portal_type' }, { query: [] }]) {
      const r = await get(object);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('No query supplied');
      const post = await api.post(`${box}/@querystring-search`, object);
      expect([post.status, post.body.message]).toEqual([400, 'No query supplied']);
    }
    const badSize = await get({ query: rows, b_size: 'many' });
    expect(badSize.status).toBe(400);
    expect(badSize.body.type).toBe('BadRequest');
    expect(badSize.body.message).toContain('b_size');
    expect((await api.post(`${box}/@querystring-search`, { query: rows, b_size: 'many' })).body.message).toBe(badSize.body.message);
    expect((await get({ query: rows, b_size: '1' })).status).toBe(200);
  });
});

describe('Collection items', () => {
  it('lists the results of the stored query, sorted, the collection itself included when it matches', async () => {
    const c = await create(box, {
      '@type': 'Collection', id: 'coll', title: 'All pages',
      query: [{ i: 'portal_type', o: `${OP}selection.any`, v: ['Document', 'Collection'] }, inBox()],
      sort_on: 'getId', sort_reversed: true,
    });
    expect(c.items_total).toBe(3);
    const r = await api.get(`${box}/coll`);
    expect(ids(r)).toEqual([`${box}/coll`, `${box}/beta`, `${box}/alpha`]);
    await create(box, { '@type': 'Document', id: 'delta', title: 'Delta page' });
    const after = await api.get(`${box}/coll?b_size=2`);
    expect(after.body.items_total).toBe(4);
    expect(after.body.items).toHaveLength(2);
    expect(after.body.batching).toBeDefined();
  });

  it('relativePath ".." means the collection\'s container; limit caps', async () => {
    await create(`${box}/sub`, {
      '@type': 'Collection', id: 'siblings', title: 'Siblings',
      query: [{ i: 'path', o: `${OP}string.relativePath`, v: '..::1' }], sort_on: 'getId', limit: 1,
    });
    const r = await api.get(`${box}/sub/siblings`);
    expect(r.body.items_total).toBe(1);
    expect(ids(r)).toEqual([`${box}/sub/gamma`]);
  });
});
