// @search: scope and paths, index queries, text search, sorting, metadata columns, full
// objects, batching, security and freshness.
import type { CheckContext } from '../context.ts';
import { absent, anyArray, anyObject, anyString, nonEmptyString, nullable, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

/** A sandbox with a small tree: f1/apples, f1/f2/bananas, news, party. */
async function orchard(t: CheckContext): Promise<string> {
  const box = await t.sandbox();
  await t.folder(box, 'f1', 'Folder One');
  await t.folder(`${box}/f1`, 'f2', 'Folder Two');
  await t.create(`${box}/f1`, {
    '@type': 'Document',
    id: 'apples',
    title: 'Apples and pears',
    description: 'Fruit of the orchard',
    subjects: ['fruit', 'green'],
    text: { data: '<p>Running through the orchard picking apples</p>', 'content-type': 'text/html', encoding: 'utf-8' },
  });
  await t.create(`${box}/f1/f2`, { '@type': 'Document', id: 'bananas', title: 'Bananas', subjects: ['fruit', 'yellow'], description: 'Yellow curved fruit' });
  await t.create(box, { '@type': 'News Item', id: 'news', title: 'Orchard news', subjects: ['news'] });
  await t.create(box, { '@type': 'Event', id: 'party', title: 'Harvest party' });
  return box;
}

/** A published sandbox with pages (id -> extra fields); `published` lists the pages to publish. */
async function pages(t: CheckContext, fields: Record<string, Record<string, unknown>>, published: string[]): Promise<string> {
  const box = await t.sandbox();
  await t.transition(box, 'publish');
  for (const [id, extra] of Object.entries(fields)) await t.create(box, { '@type': 'Document', id, title: `Page ${id}`, ...extra });
  for (const id of published) await t.transition(`${box}/${id}`, 'publish');
  return box;
}

/** The objects of the orchard: path below the sandbox, type, title. */
const ORCHARD = (folder: string): [string, string, string][] => [
  ['', folder, 'sandbox'],
  ['/f1', folder, 'Folder One'],
  ['/f1/apples', 'Document', 'Apples and pears'],
  ['/f1/f2', folder, 'Folder Two'],
  ['/f1/f2/bananas', 'Document', 'Bananas'],
  ['/news', 'News Item', 'Orchard news'],
  ['/party', 'Event', 'Harvest party'],
];

/** Site-relative paths of the result items. */
function paths(t: CheckContext, body: any): unknown {
  return Array.isArray(body?.items) ? body.items.map((i: { '@id': string }) => t.pathOf(String(i['@id']))) : body;
}

/** The physical path of the site root (`/Plone`), for path.query. */
const sitePath = (t: CheckContext) => new URL(t.base).pathname.replace(/\/$/, '');

async function search(t: CheckContext, context: string, query: string, auth?: 'anonymous') {
  const r = await t.get(`${context}/@search?${query}`, auth ? { auth } : {});
  t.status(r, 200);
  return r;
}

export default family('search', [
  {
    id: 'search.results.shape',
    level: 'MUST',
    source: seed('Endpoints/Search; Search result item'),
    title: '@search answers {@id, items, items_total}; items are summaries {@id, @type, description, review_state, title}',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'portal_type=Event');
      t.body(r, {
        '@id': satisfies(`${t.url(box)}/@search…`, (v) => typeof v === 'string' && v.startsWith(t.url(`${box}/@search`))),
        items_total: 1,
        items: [{ '@id': t.url(`${box}/party`), '@type': 'Event', title: 'Harvest party', description: anyString, review_state: nullable(anyString) }],
      });
    },
  },
  {
    id: 'search.scope.context-and-below',
    level: 'MUST',
    source: seed('Endpoints/Search (without path.query)'),
    title: 'Without path.query the search covers the context and below, the context included',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, `${box}/f1`, 'sort_on=path');
      t.like(paths(t, r.body), [`${box}/f1`, `${box}/f1/apples`, `${box}/f1/f2`, `${box}/f1/f2/bananas`], 'the results below f1, sorted by path');
    },
  },
  {
    id: 'search.path.depth-1-gives-children',
    level: 'MUST',
    source: seed('Endpoints/Search (path.depth)'),
    title: 'path.depth=1 gives the immediate children only, without the context',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, `${box}/f1`, 'path.depth=1&sort_on=path');
      t.like(paths(t, r.body), [`${box}/f1/apples`, `${box}/f1/f2`], 'children of f1');
    },
  },
  {
    id: 'search.path.query-is-repeatable',
    level: 'MUST',
    source: seed('Endpoints/Search (path.query)'),
    title: 'path.query is repeatable and restricts the search to several paths',
    async run(t) {
      const box = await orchard(t);
      const site = sitePath(t);
      const r = await search(t, '', `path.query=${site}${box}/f1/f2&path.query=${site}${box}/news&sort_on=path`);
      t.like(paths(t, r.body), [`${box}/f1/f2`, `${box}/f1/f2/bananas`, `${box}/news`], 'results of two paths');
    },
  },
  {
    id: 'search.index.field-values',
    level: 'MUST',
    source: seed('Endpoints/Search (any catalog index name)'),
    title: 'An index name as parameter queries it; repeated values match any of them',
    async run(t) {
      const box = await orchard(t);
      const documents = ORCHARD(t.folderType).filter(([, type]) => type === 'Document').map(([p]) => `${box}${p}`);
      t.like(paths(t, (await search(t, box, 'portal_type=Document&sort_on=path')).body), documents, 'portal_type=Document');
      const two = await search(t, box, 'portal_type=Event&portal_type=News%20Item&sort_on=path');
      t.like(paths(t, two.body), [`${box}/news`, `${box}/party`], 'portal_type=Event&portal_type=News Item');
    },
  },
  {
    id: 'search.index.searchable-text',
    level: 'MUST',
    source: seed('Endpoints/Search (SearchableText)'),
    title: 'SearchableText finds words of titles, descriptions and text',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'SearchableText=orchard&sort_on=path');
      t.like(paths(t, r.body), [`${box}/f1/apples`, `${box}/news`], 'SearchableText=orchard');
    },
  },
  {
    id: 'search.index.no-automatic-wildcard',
    level: 'MUST',
    source: seed('Endpoints/Search (no wildcard is appended automatically)'),
    title: 'A word prefix finds nothing unless the query itself ends in *',
    async run(t) {
      const box = await orchard(t);
      t.like(paths(t, (await search(t, box, 'SearchableText=banan')).body), [], 'SearchableText=banan');
      t.like(paths(t, (await search(t, box, 'SearchableText=banan*')).body), [`${box}/f1/f2/bananas`], 'SearchableText=banan*');
    },
  },
  {
    id: 'search.index.subject-any-and-all',
    level: 'SHOULD',
    source: supplement('18.2'),
    title: 'Subject values match any; Subject.operator=and matches all',
    async run(t) {
      const box = await orchard(t);
      t.like(paths(t, (await search(t, box, 'Subject=green&Subject=yellow&sort_on=path')).body), [`${box}/f1/apples`, `${box}/f1/f2/bananas`], 'Subject any');
      t.like(paths(t, (await search(t, box, 'Subject.query=fruit&Subject.query=yellow&Subject.operator=and')).body), [`${box}/f1/f2/bananas`], 'Subject all');
    },
  },
  {
    id: 'search.index.date-ranges',
    level: 'SHOULD',
    source: supplement('18.2'),
    title: 'Date indexes take .query with .range min, max and min:max',
    async run(t) {
      const box = await orchard(t);
      t.body(await search(t, box, 'created.query=2000-01-01&created.range=min'), { items_total: 7 }, 'created on or after 2000-01-01');
      t.body(await search(t, box, 'created.query=2000-01-01&created.range=max'), { items_total: 0 }, 'created on or before 2000-01-01');
      t.body(await search(t, box, 'created.query=2000-01-01&created.query=2999-12-31&created.range=min:max'), { items_total: 7 }, 'created between 2000 and 2999');
    },
  },
  {
    id: 'search.index.type-hint',
    level: 'MUST',
    source: seed('Endpoints/Search (<index>:<type>)'),
    title: 'A type hint like getObjPositionInParent:int converts the value',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, `${box}/f1`, 'getObjPositionInParent:int=1&path.depth=1');
      t.like(paths(t, r.body), [`${box}/f1/apples`], 'the second child of f1');
    },
  },
  {
    id: 'search.sort.on-and-order',
    level: 'MUST',
    source: seed('Endpoints/Search (sort_on, sort_order)'),
    title: 'sort_on orders by an index, sort_order=descending reverses',
    async run(t) {
      const box = await orchard(t);
      t.like(paths(t, (await search(t, box, 'Subject=fruit&sort_on=sortable_title')).body), [`${box}/f1/apples`, `${box}/f1/f2/bananas`], 'ascending');
      t.like(paths(t, (await search(t, box, 'Subject=fruit&sort_on=sortable_title&sort_order=descending')).body), [`${box}/f1/f2/bananas`, `${box}/f1/apples`], 'descending');
    },
  },
  {
    id: 'search.sort.several-indexes',
    level: 'MUST',
    source: seed('Endpoints/Search (sort_on repeatable)'),
    title: 'sort_on is repeatable for a multi-index sort',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'path.depth=1&sort_on=portal_type&sort_on=sortable_title');
      const children = ORCHARD(t.folderType).filter(([p]) => p.split('/').length === 2);
      children.sort(([, ta, a], [, tb, b]) => (ta === tb ? a.localeCompare(b) : ta < tb ? -1 : 1));
      t.like(paths(t, r.body), children.map(([p]) => `${box}${p}`), 'sorted by type, then title');
    },
  },
  {
    id: 'search.metadata-fields.adds-columns',
    level: 'MUST',
    source: seed('Endpoints/Search (metadata_fields)'),
    title: 'metadata_fields adds the named columns to each item',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'getId=apples&metadata_fields=Subject&metadata_fields=UID');
      t.body(r, { items: [{ Subject: ['fruit', 'green'], UID: nonEmptyString }] });
    },
  },
  {
    id: 'search.metadata-fields.all',
    level: 'MUST',
    source: seed('Endpoints/Search (metadata_fields=_all)'),
    title: 'metadata_fields=_all adds every catalog column',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'getId=apples&metadata_fields=_all');
      t.body(r, { items: [{ UID: nonEmptyString, portal_type: 'Document', review_state: anyString, Subject: ['fruit', 'green'], created: anyString }] });
    },
  },
  {
    id: 'search.fullobjects.full-serialisation',
    level: 'MUST',
    source: seed('Endpoints/Search (fullobjects)'),
    title: 'fullobjects gives full serialised objects as items',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'getId=apples&fullobjects=1');
      t.body(r, { items: [{ '@id': t.url(`${box}/f1/apples`), UID: nonEmptyString, '@components': anyObject, subjects: ['fruit', 'green'], text: anyObject }] });
    },
  },
  {
    id: 'search.batching.b-size-and-b-start',
    level: 'MUST',
    source: seed('Endpoints/Search (b_start, b_size); conventions 7'),
    title: 'b_size and b_start batch the results; items_total counts all matches',
    async run(t) {
      const box = await orchard(t);
      const r = await search(t, box, 'sort_on=path&b_size=3&b_start=3');
      t.body(r, { items_total: 7, batching: { '@id': anyString, first: anyString, last: anyString, next: anyString } });
      t.like(paths(t, r.body), [`${box}/f1/f2`, `${box}/f1/f2/bananas`, `${box}/news`], 'the second batch of three');
    },
  },
  {
    id: 'search.batching.omitted-when-all-fit',
    level: 'SHOULD',
    source: supplement('3'),
    title: 'No batching object when all results fit in one batch',
    async run(t) {
      const box = await orchard(t);
      t.body(await search(t, box, 'sort_on=path'), { batching: absent, items_total: 7 });
    },
  },
  {
    id: 'search.security.only-viewable',
    level: 'MUST',
    source: seed('Authentication 7 (View for reading)'),
    title: 'Anonymous callers find only what they may view',
    async run(t) {
      const box = await pages(t, { public: {}, secret: {} }, ['public']);
      t.like(paths(t, (await search(t, box, 'portal_type=Document&path.depth=1', 'anonymous')).body), [`${box}/public`], 'what Anonymous finds');
    },
  },
  {
    id: 'search.security.publication-window',
    level: 'SHOULD',
    source: supplement('6.1; 18.2 (effectiveRange)'),
    title: 'Items not yet effective or already expired are hidden from Anonymous',
    async run(t) {
      const box = await pages(t, { now: {}, later: { effective: '2999-01-01T00:00:00+00:00' }, gone: { expires: '2000-01-01T00:00:00+00:00' } }, ['now', 'later', 'gone']);
      t.like(paths(t, (await search(t, box, 'portal_type=Document&path.depth=1', 'anonymous')).body), [`${box}/now`], 'what Anonymous finds');
    },
  },
  {
    id: 'search.freshness.sees-writes-at-once',
    level: 'SHOULD',
    source: supplement('18.1'),
    title: 'A create, an edit and a delete show in the next search',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'Document', id: 'fresh', title: 'Quokka sighting' });
      t.like(paths(t, (await search(t, box, 'SearchableText=quokka')).body), [path], 'after the create');
      await t.patch(path, { title: 'Wombat sighting' });
      t.like(paths(t, (await search(t, box, 'SearchableText=quokka')).body), [], 'the old title after the edit');
      t.like(paths(t, (await search(t, box, 'SearchableText=wombat')).body), [path], 'the new title after the edit');
      await t.del(path);
      t.like(paths(t, (await search(t, box, 'SearchableText=wombat')).body), [], 'after the delete');
    },
  },
  {
    id: 'search.summary.has-type-title',
    level: 'SHOULD',
    source: supplement('7.4'),
    title: 'Result summaries carry type_title',
    async run(t) {
      const box = await orchard(t);
      t.body(await search(t, box, 'getId=apples'), { items: [{ type_title: nonEmptyString }] });
    },
  },
  {
    id: 'search.results.items-is-an-array',
    level: 'MUST',
    source: seed('conventions 4'),
    title: 'A search without matches answers items [] and items_total 0',
    async run(t) {
      const box = await t.sandbox();
      t.body(await search(t, box, 'portal_type=Event'), { items: anyArray, items_total: 0 });
    },
  },
]);
