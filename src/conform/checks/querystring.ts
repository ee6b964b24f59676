// @querystring (the query builder's indexes and operations), @querystring-search (POST and GET)
// and Collections, which run the same queries. Queries are sent with the operation names real
// clients send (plone.app.querystring.operation.*) and kept inside the check's sandbox.
import type { CheckContext } from '../context.ts';
import type { Reply } from '../http.ts';
import { anyArray, anyBoolean, anyObject, anyString, containing, sameMembers, satisfies } from '../expect.ts';
import { family, supplement } from './define.ts';

const OP = 'plone.app.querystring.operation.';
const INDEXES = ['Creator', 'Description', 'SearchableText', 'Subject', 'Title', 'created', 'effective', 'effectiveRange', 'end', 'expires', 'getId', 'getObjPositionInParent', 'getRawRelatedItems', 'isDefaultPage', 'isFolderish', 'modified', 'path', 'portal_type', 'review_state', 'show_inactive', 'sortable_title', 'start'];
const SORTABLE = ['Creator', 'created', 'effective', 'end', 'expires', 'getId', 'getObjPositionInParent', 'modified', 'review_state', 'sortable_title', 'start'];

interface Site {
  box: string;
  boxUid: string;
  /** Path of the sandbox child `id`. */
  at(id: string): string;
  /** The path criterion that keeps results inside the sandbox (with an optional suffix, e.g. `::1`). */
  inBox(suffix?: string): { i: string; o: string; v: string };
}

/**
 * A sandbox with alpha (Document, subjects a and b), beta (Document, subject b), sub (a
 * container) and sub/gamma (News Item whose text says "zebra").
 */
async function site(t: CheckContext): Promise<Site> {
  const box = await t.sandbox();
  await t.create(box, { '@type': 'Document', id: 'alpha', title: 'Alpha page', subjects: ['a', 'b'] });
  await t.create(box, { '@type': 'Document', id: 'beta', title: 'Beta page', subjects: ['b'] });
  await t.folder(box, 'sub', 'Sub folder');
  await t.create(`${box}/sub`, { '@type': 'News Item', id: 'gamma', title: 'Gamma news', text: { data: 'zebra crossing', 'content-type': 'text/plain', encoding: 'utf-8' } });
  const boxUid = (await t.get(box)).body?.UID;
  return {
    box,
    boxUid,
    at: (id) => `${box}/${id}`,
    inBox: (suffix = '') => ({ i: 'path', o: `${OP}string.absolutePath`, v: `${box}${suffix}` }),
  };
}

const search = (t: CheckContext, path: string, body: unknown, auth?: 'anonymous') => t.post(`${path}/@querystring-search`, body, auth ? { auth } : {});

/** The site-relative paths of the result items. */
const paths = (t: CheckContext, r: Reply): unknown => (Array.isArray(r.body?.items) ? r.body.items.map((i: { '@id': string }) => t.pathOf(i['@id'])) : r.body);

/** An operation name in either spelling the interface may answer (plone.… or cms.…). */
const operation = (name: string) => satisfies(`the operation ${name} (plone.app.querystring.operation.${name})`, (op) => typeof op === 'string' && /^(plone|cms)\.app\.querystring\.operation\./.test(op) && op.endsWith(`.operation.${name}`));

export default family('querystring', [
  {
    id: 'querystring.read.indexes',
    level: 'SHOULD',
    source: supplement('31.7 (indexes and sortable indexes offered by default)'),
    title: 'GET @querystring answers {@id, indexes, sortable_indexes} with the default indexes, each with title, group, operations, operators and values',
    async run(t) {
      const r = await t.get('/@querystring');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@querystring'), indexes: anyObject, sortable_indexes: anyObject });
      t.like(Object.keys(r.body?.indexes ?? {}), containing(INDEXES), 'the names of the indexes');
      t.like(Object.keys(r.body?.sortable_indexes ?? {}).sort(), [...SORTABLE].sort(), 'the names of the sortable indexes');
      t.like(r.body?.indexes?.portal_type, { title: anyString, group: 'Metadata', enabled: true, sortable: false, fetch_vocabulary: anyBoolean, operations: anyArray, operators: anyObject, values: anyObject }, 'the portal_type index');
    },
  },
  {
    id: 'querystring.read.operations-per-index',
    level: 'SHOULD',
    source: supplement('31.7 (operations per index)'),
    title: 'portal_type offers selection.any and selection.none, isFolderish the boolean operations, path absolutePath, path and relativePath',
    async run(t) {
      const indexes = (await t.get('/@querystring')).body?.indexes;
      t.like(indexes?.portal_type?.operations, [operation('selection.any'), operation('selection.none')], 'the operations of portal_type');
      t.like(indexes?.isFolderish?.operations, [operation('boolean.isTrue'), operation('boolean.isFalse')], 'the operations of isFolderish');
      t.like(indexes?.path?.operations, containing([operation('string.absolutePath'), operation('string.path'), operation('string.relativePath')]), 'the operations of path');
      t.like(indexes?.review_state?.values, { private: { title: anyString }, published: { title: anyString } }, 'the values of review_state');
    },
  },
  {
    id: 'querystring.search.selection-any',
    level: 'SHOULD',
    source: supplement('31.8 (POST {query}: 200 {@id, items, items_total})'),
    title: 'POST @querystring-search with Subject selection.any answers {@id, items, items_total} with the matching content',
    async run(t) {
      const s = await site(t);
      const r = await search(t, s.box, { query: [{ i: 'Subject', o: `${OP}selection.any`, v: ['b'] }, s.inBox()], sort_on: 'getId' });
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${s.box}/@querystring-search`), items_total: 2 });
      t.like(paths(t, r), [s.at('alpha'), s.at('beta')], 'the results');
    },
  },
  {
    id: 'querystring.search.excludes-the-context',
    level: 'SHOULD',
    source: supplement('31.8 (the context object itself is excluded)'),
    title: 'A search on a content object does not return that object',
    async run(t) {
      const s = await site(t);
      t.like(paths(t, await search(t, s.box, { query: [s.inBox()], sort_on: 'getId' })), [s.at('alpha'), s.at('beta'), s.at('sub/gamma'), s.at('sub')], 'the results');
    },
  },
  {
    id: 'querystring.search.sort-order',
    level: 'SHOULD',
    source: supplement('31.8 (only the exact value "descending" reverses)'),
    title: 'sort_order "descending" reverses the sort; any other value (even "reverse") sorts ascending',
    async run(t) {
      const s = await site(t);
      const query = [{ i: 'Subject', o: `${OP}selection.any`, v: ['b'] }, s.inBox()];
      t.like(paths(t, await search(t, s.box, { query, sort_on: 'sortable_title', sort_order: 'descending' })), [s.at('beta'), s.at('alpha')], 'descending');
      t.like(paths(t, await search(t, s.box, { query, sort_on: 'sortable_title', sort_order: 'reverse' })), [s.at('alpha'), s.at('beta')], '"reverse"');
    },
  },
  {
    id: 'querystring.search.selection-all-and-none',
    level: 'SHOULD',
    source: supplement('31.7 (Subject any/all/none)'),
    title: 'selection.all keeps content with every value; selection.none content with values but none of these',
    async run(t) {
      const s = await site(t);
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'Subject', o: `${OP}selection.all`, v: ['a', 'b'] }, s.inBox()] })), [s.at('alpha')], 'selection.all a, b');
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'Subject', o: `${OP}selection.none`, v: ['a'] }, s.inBox()] })), [s.at('beta')], 'selection.none a');
    },
  },
  {
    id: 'querystring.search.strings-and-booleans',
    level: 'SHOULD',
    source: supplement('31.7 (getId is/isNot, SearchableText contains, isFolderish isTrue)'),
    title: 'string.is, string.isNot, string.contains on SearchableText and boolean.isTrue on isFolderish select as named',
    async run(t) {
      const s = await site(t);
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'getId', o: `${OP}string.is`, v: 'beta' }, s.inBox()] })), [s.at('beta')], 'getId is beta');
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'getId', o: `${OP}string.isNot`, v: 'beta' }, s.inBox()], sort_on: 'getId' })), [s.at('alpha'), s.at('sub/gamma'), s.at('sub')], 'getId is not beta');
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'SearchableText', o: `${OP}string.contains`, v: 'zebra' }, s.inBox()] })), [s.at('sub/gamma')], 'SearchableText contains zebra');
      // Pages and News Items are folderish on Volto sites (supplement 7.3).
      const folderish = t.has('folderish-pages') ? [s.at('alpha'), s.at('beta'), s.at('sub/gamma'), s.at('sub')] : [s.at('sub')];
      t.like(paths(t, await search(t, s.box, { query: [{ i: 'isFolderish', o: `${OP}boolean.isTrue` }, s.inBox()], sort_on: 'getId' })), folderish, 'isFolderish is true');
    },
  },
  {
    id: 'querystring.search.path-forms',
    level: 'SHOULD',
    source: supplement('31.8 (absolutePath with ::depth or a UID, relativePath, path)'),
    title: 'absolutePath takes a path or UID with ::<depth>; relativePath is relative to the context; path to the navigation root',
    async run(t) {
      const s = await site(t);
      const children = [s.at('alpha'), s.at('beta'), s.at('sub')];
      t.like(paths(t, await search(t, s.box, { query: [s.inBox('::1')], sort_on: 'getId' })), children, 'absolutePath <sandbox>::1');
      t.like(paths(t, await search(t, '', { query: [{ i: 'path', o: `${OP}string.absolutePath`, v: `${s.boxUid}::1` }], sort_on: 'getId' })), children, 'absolutePath <UID>::1');
      t.like(paths(t, await search(t, s.at('sub'), { query: [{ i: 'path', o: `${OP}string.relativePath`, v: '..::1' }], sort_on: 'getId' })), [s.at('alpha'), s.at('beta')], 'relativePath ..::1 from sub');
      t.like(paths(t, await search(t, '', { query: [{ i: 'path', o: `${OP}string.path`, v: s.at('sub') }], sort_on: 'getId' })), [s.at('sub/gamma'), s.at('sub')], 'path <sandbox>/sub');
    },
  },
  {
    id: 'querystring.search.dates',
    level: 'SHOULD',
    source: supplement('31.8 (date.between takes two dates; relative operations a number of days)'),
    title: 'created today, within the last days and between two dates keeps the new content; before today keeps none',
    async run(t) {
      const s = await site(t);
      const created = (o: string, v?: unknown) => search(t, s.box, { query: [{ i: 'created', o: `${OP}${o}`, ...(v === undefined ? {} : { v }) }, s.inBox()] });
      const all = [s.at('alpha'), s.at('beta'), s.at('sub/gamma'), s.at('sub')];
      t.like(paths(t, await created('date.today')), sameMembers(all), 'date.today');
      t.like(paths(t, await created('date.largerThanRelativeDate', '3')), sameMembers(all), 'date.largerThanRelativeDate 3');
      t.like(paths(t, await created('date.between', ['2000-01-01', '2999-01-01'])), sameMembers(all), 'date.between 2000 and 2999');
      t.like(paths(t, await created('date.beforeToday')), [], 'date.beforeToday');
    },
  },
  {
    id: 'querystring.search.limit-and-batching',
    level: 'SHOULD',
    source: supplement('31.8 (limit caps the total; b_size, b_start)'),
    title: 'limit caps items_total; b_size and b_start in the body batch the results',
    async run(t) {
      const s = await site(t);
      t.body(await search(t, s.box, { query: [s.inBox()], limit: 2 }), { items_total: 2 }, 'limit 2');
      const r = await search(t, s.box, { query: [s.inBox()], sort_on: 'getId', b_size: 2, b_start: 2 });
      t.body(r, { items_total: 4, batching: { '@id': anyString, prev: anyString } }, 'b_size 2, b_start 2');
      t.like(paths(t, r), [s.at('sub/gamma'), s.at('sub')], 'the second batch');
    },
  },
  {
    id: 'querystring.search.metadata-and-fullobjects',
    level: 'SHOULD',
    source: supplement('31.8 (metadata_fields, fullobjects)'),
    title: 'metadata_fields _all adds the catalog columns; fullobjects answers full serialisations',
    async run(t) {
      const s = await site(t);
      const query = [{ i: 'getId', o: `${OP}string.is`, v: 'alpha' }, s.inBox()];
      t.like((await search(t, s.box, { query, metadata_fields: '_all' })).body?.items?.[0], { Subject: ['a', 'b'], getURL: t.url(s.at('alpha')) }, 'the item with metadata_fields _all');
      t.like((await search(t, s.box, { query, fullobjects: 1 })).body?.items?.[0], { subjects: ['a', 'b'], '@components': anyObject }, 'the item with fullobjects');
    },
  },
  {
    id: 'querystring.search.only-viewable',
    level: 'SHOULD',
    source: supplement('31.8 (View)'),
    title: 'Anonymous callers get none of the private content of the sandbox',
    async run(t) {
      const s = await site(t);
      const r = await search(t, '', { query: [s.inBox()] }, 'anonymous');
      t.status(r, 200);
      t.body(r, { items: [] });
    },
  },
  {
    id: 'querystring.search.errors-400',
    level: 'SHOULD',
    source: supplement('31.8 (400 "No query supplied", "Invalid query.", invalid fullobjects boolean); 4'),
    title: 'No query, an empty query, an unknown operation and a fullobjects that is not a boolean answer 400 with the message',
    async run(t) {
      const box = await t.sandbox();
      const cases: [unknown, string][] = [
        [{}, 'No query supplied'],
        [{ query: [] }, 'No query supplied'],
        [{ query: [{ i: 'portal_type', o: 'nonsense.operation', v: 'x' }] }, 'Invalid query.'],
        [{ query: [{ i: 'portal_type', o: `${OP}selection.any`, v: ['Document'] }], fullobjects: 'perhaps' }, "Could not parse value 'perhaps' as boolean"],
      ];
      for (const [body, message] of cases) {
        const r = await search(t, box, body);
        t.status(r, 400, `POST ${JSON.stringify(body)}`);
        t.body(r, { message });
      }
    },
  },
  {
    id: 'querystring.search.get-with-encoded-query',
    level: 'SHOULD',
    source: supplement('31.8 (GET ?query=<URL-encoded JSON>, decoded once more)'),
    title: 'GET @querystring-search?query=<the JSON body URL-encoded once or twice> answers like the POST',
    async run(t) {
      const s = await site(t);
      const body = JSON.stringify({ query: [{ i: 'Subject', o: `${OP}selection.any`, v: ['b'] }, s.inBox()], sort_on: 'getId', b_size: 1 });
      for (const [what, encoded] of [['once', encodeURIComponent(body)], ['twice', encodeURIComponent(encodeURIComponent(body))]]) {
        const r = await t.get(`${s.box}/@querystring-search?query=${encoded}`);
        t.status(r, 200, `GET with the query encoded ${what}`);
        t.body(r, { items_total: 2 });
        t.like(paths(t, r), [s.at('alpha')], `the first batch (encoded ${what})`);
      }
    },
  },
  {
    id: 'querystring.collection.sorted-query-results',
    level: 'SHOULD',
    source: supplement('10.1 (items: results of the stored query; sort_on, sort_reversed)'),
    title: 'A Collection lists its query’s results sorted by sort_on, reversed with sort_reversed; new matches show at once',
    needs: ['collections'],
    async run(t) {
      const s = await site(t);
      const c = await t.create(s.box, { '@type': 'Collection', id: 'coll', title: 'Pages with b', query: [{ i: 'Subject', o: `${OP}selection.any`, v: ['b'] }, s.inBox()], sort_on: 'getId', sort_reversed: true });
      t.like(paths(t, await t.get(c.path)), [s.at('beta'), s.at('alpha')], 'the items');
      await t.create(s.box, { '@type': 'Document', id: 'delta', title: 'Delta page', subjects: ['b'] });
      const r = await t.get(c.path);
      t.like(paths(t, r), [s.at('delta'), s.at('beta'), s.at('alpha')], 'the items after a new match');
    },
  },
  {
    id: 'querystring.collection.batching-and-limit',
    level: 'SHOULD',
    source: supplement('10.1 (batched with b_start/b_size; items_total capped by limit)'),
    title: 'A Collection’s items are batched with b_size; its limit caps items_total',
    needs: ['collections'],
    async run(t) {
      const s = await site(t);
      const query = [s.inBox('::1')];
      const all = await t.create(s.box, { '@type': 'Collection', id: 'all', title: 'All', query, sort_on: 'getId' });
      const r = await t.get(`${all.path}?b_size=2`);
      t.body(r, { items_total: 4, batching: { next: anyString } }, 'the collection with b_size=2');
      t.like(paths(t, r), [s.at('all'), s.at('alpha')], 'the first batch');
      const capped = await t.create(s.box, { '@type': 'Collection', id: 'capped', title: 'Capped', query, sort_on: 'getId', limit: 1 });
      t.body(await t.get(capped.path), { items_total: 1 }, 'the collection with limit 1');
    },
  },
]);
