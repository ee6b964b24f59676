// Content objects: create, read, update, delete, folder listings and batching, ordering,
// `Prefer: return=representation`, expansion, rich text, events, the site root.
import type { CheckContext } from '../context.ts';
import {
  absent,
  anyArray,
  anyBoolean,
  anyInteger,
  anyObject,
  anyString,
  containing,
  includes,
  isoTimestamp,
  nonEmptyString,
  nullable,
  oneOf,
  satisfies,
} from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const COMPONENTS = ['actions', 'aliases', 'breadcrumbs', 'contextnavigation', 'navigation', 'navroot', 'types', 'workflow'];

async function page(t: CheckContext, container: string, id = 'page', extra: Record<string, unknown> = {}) {
  return t.create(container, { '@type': 'Document', id, title: `Page ${id}`, ...extra });
}

const idsOf = (items: unknown) => (Array.isArray(items) ? items.map((i: { '@id'?: string }) => String(i?.['@id']).split('/').pop()) : items);

export default family('content', [
  {
    id: 'content.create.answers-201-with-location',
    level: 'MUST',
    source: seed('Endpoints/Content; conventions 6'),
    title: 'POST to a container answers 201 with a Location header holding the URL of the new object',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { '@type': 'Document', id: 'page', title: 'A page' });
      t.status(r, 201);
      t.header(r, 'Location', t.url(`${box}/page`));
    },
  },
  {
    id: 'content.create.answers-the-new-object',
    level: 'MUST',
    source: seed('Endpoints/Content'),
    title: 'The answer to a create is the serialised new object',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { '@type': 'Document', id: 'page', title: 'A page', description: 'About it' });
      t.status(r, [200, 201]);
      t.body(r, { '@id': t.url(`${box}/page`), '@type': 'Document', id: 'page', title: 'A page', description: 'About it', UID: nonEmptyString });
      const read = await t.get(`${box}/page`);
      t.body(read, { UID: r.body.UID, title: 'A page' }, 'the object can be read back');
    },
  },
  {
    id: 'content.create.id-from-title',
    level: 'SHOULD',
    source: supplement('9.1'),
    title: 'Without an id, the id comes from the title and is made unique with -1, -2, …',
    async run(t) {
      const box = await t.sandbox();
      const a = await t.create(box, { '@type': 'Document', title: 'My Document' });
      const b = await t.create(box, { '@type': 'Document', title: 'My Document' });
      t.equal([a.body.id, b.body.id], ['my-document', 'my-document-1'], 'ids of two pages titled "My Document"');
    },
  },
  {
    id: 'content.create.refuses-a-taken-id',
    level: 'SHOULD',
    source: supplement('9.1'),
    title: 'An id already in use answers 400 and changes nothing',
    async run(t) {
      const box = await t.sandbox();
      await page(t, box, 'taken', { title: 'First' });
      const r = await t.post(box, { '@type': 'Document', id: 'taken', title: 'Second' });
      t.status(r, 400);
      t.ok(r.text.includes('already in use'), 'the error says the id is already in use', r.text.slice(0, 200));
      t.body(await t.get(`${box}/taken`), { title: 'First' }, 'the first object is unchanged');
    },
  },
  {
    id: 'content.create.requires-type',
    level: 'SHOULD',
    source: supplement('9.1; 2.2'),
    title: "A create without @type answers 400 \"Property '@type' is required\"",
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { title: 'No type' });
      t.status(r, 400);
      t.like(r.body?.error?.message ?? r.body?.message, "Property '@type' is required", 'the error message');
    },
  },
  {
    id: 'content.create.refuses-an-unknown-type',
    level: 'SHOULD',
    source: supplement('9.1'),
    title: 'A create of an unknown type answers 403 and creates nothing',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { '@type': 'Spaceship', id: 'ship', title: 'x' });
      t.status(r, 403);
      t.status(await t.get(`${box}/ship`), 404, 'nothing was created');
    },
  },
  {
    id: 'content.create.validates-required-fields',
    level: 'SHOULD',
    source: supplement('9.1; 2.3'),
    title: 'A create missing a required field answers 400 naming the field',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { '@type': 'Document', id: 'untitled', title: '' });
      t.status(r, 400);
      t.like(r.text, includes('title'), 'the error names the field title');
      t.status(await t.get(`${box}/untitled`), 404, 'nothing was created');
    },
  },
  {
    id: 'content.create.refused-to-anonymous',
    level: 'MUST',
    source: seed('Authentication 7 (Add portal content for creating)'),
    title: 'Anonymous callers cannot create content (401 or 403) and nothing is created',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post(box, { '@type': 'Document', id: 'intruder', title: 'x' }, { auth: 'anonymous' });
      t.status(r, [401, 403]);
      t.status(await t.get(`${box}/intruder`), 404, 'nothing was created');
    },
  },
  {
    id: 'content.read.common-fields',
    level: 'MUST',
    source: seed('Resources/Content object'),
    title: 'A content object has the fields of the seed with their types',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.get(path);
      t.status(r, 200);
      t.body(r, {
        '@id': t.url(path),
        '@type': 'Document',
        '@components': anyObject,
        UID: nonEmptyString,
        id: 'page',
        title: 'Page page',
        description: anyString,
        created: isoTimestamp,
        modified: isoTimestamp,
        effective: nullable(isoTimestamp),
        expires: nullable(isoTimestamp),
        creators: anyArray,
        contributors: anyArray,
        subjects: anyArray,
        is_folderish: anyBoolean,
        layout: anyString,
        lock: anyObject,
        parent: anyObject,
        review_state: nullable(anyString),
        type_title: anyString,
        version: 'current',
        language: oneOf('', satisfies('{title, token}', (v) => typeof v?.token === 'string')),
        next_item: anyObject,
        previous_item: anyObject,
      });
    },
  },
  {
    id: 'content.read.components-link-to-their-endpoints',
    level: 'MUST',
    source: seed('Resources/Content object (@components)'),
    title: '@components links each component to <object>/@<name>',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.get(path);
      t.status(r, 200);
      t.body(r, { '@components': Object.fromEntries(COMPONENTS.map((c) => [c, { '@id': t.url(`${path}/@${c}`) }])) });
    },
  },
  {
    id: 'content.read.parent-summary',
    level: 'MUST',
    source: seed('Resources/Content object (parent)'),
    title: 'parent is the summary of the container',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.get(path);
      t.body(r, { parent: { '@id': t.url(box), '@type': anyString, title: `Conformance sandbox ${box.slice(1)}`, description: anyString } });
    },
  },
  {
    id: 'content.read.creator-is-the-caller',
    level: 'SHOULD',
    source: supplement('9.1'),
    title: 'creators of a new object is the caller',
    async run(t) {
      const box = await t.sandbox();
      const { body } = await page(t, box);
      t.like(body.creators, [t.admin.user], 'creators');
    },
  },
  {
    id: 'content.read.site-root',
    level: 'MUST',
    source: seed('Resources/Content object (parent: {} for the site root)'),
    title: 'The site root is folderish, lists its items and has an empty parent',
    async run(t) {
      const r = await t.get('');
      t.status(r, 200);
      t.body(r, { '@id': t.url(''), '@type': nonEmptyString, parent: {}, is_folderish: true, items: anyArray, items_total: anyInteger });
    },
  },
  {
    id: 'content.read.site-root-has-no-dates',
    level: 'SHOULD',
    source: supplement('7.5'),
    title: 'The site root has no created, modified, version or neighbours',
    async run(t) {
      const r = await t.get('');
      t.body(r, { created: absent, modified: absent, version: absent, next_item: absent, previous_item: absent, review_state: null });
    },
  },
  {
    id: 'content.read.unknown-path-answers-404',
    level: 'SHOULD',
    source: supplement('1.1; 2.1'),
    title: 'An unknown path answers 404 with {type: NotFound, message: "Resource not found: <URL>"}',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}/no-such-object`);
      t.status(r, 404);
      t.body(r, { type: 'NotFound', message: `Resource not found: ${t.url(`${box}/no-such-object`)}` });
    },
  },
  {
    id: 'content.read.refused-without-view',
    level: 'MUST',
    source: seed('Authentication 7 (View for reading)'),
    title: 'A private object is refused to anonymous callers (401 or 403)',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'secret');
      t.status(await t.get(path, { auth: 'anonymous' }), [401, 403]);
    },
  },
  {
    id: 'content.read.refused-with-401',
    level: 'SHOULD',
    source: supplement('9.2; 2.1'),
    title: 'Reading without View answers 401 {type: Unauthorized}',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'secret');
      const r = await t.get(path, { auth: 'anonymous' });
      t.status(r, 401);
      t.body(r, { type: 'Unauthorized' });
    },
  },
  {
    id: 'content.folder.lists-items',
    level: 'MUST',
    source: seed('Resources/Content object (items, items_total)'),
    title: 'A folderish object lists its children as items with items_total',
    async run(t) {
      const box = await t.sandbox();
      await page(t, box, 'one');
      await page(t, box, 'two');
      const r = await t.get(box);
      t.status(r, 200);
      t.body(r, {
        is_folderish: true,
        items_total: 2,
        items: [
          { '@id': t.url(`${box}/one`), '@type': 'Document', title: 'Page one', description: anyString, review_state: nullable(anyString) },
          { '@id': t.url(`${box}/two`), '@type': 'Document', title: 'Page two', description: anyString, review_state: nullable(anyString) },
        ],
      });
    },
  },
  {
    id: 'content.folder.batches-items',
    level: 'MUST',
    source: seed('conventions 7'),
    title: 'b_size and b_start cut folder items into batches with a batching object',
    async run(t) {
      const box = await t.sandbox();
      for (const id of ['a', 'b', 'c', 'd', 'e']) await page(t, box, id);
      const r = await t.get(`${box}?b_size=2&b_start=2`);
      t.status(r, 200);
      t.body(r, { items_total: 5, batching: { '@id': anyString, first: anyString, last: anyString, next: anyString } });
      t.like(idsOf(r.body.items), ['c', 'd'], 'the second batch of two');
    },
  },
  {
    id: 'content.folder.batch-links',
    level: 'SHOULD',
    source: supplement('3'),
    title: 'Batch links carry b_start; prev/next only where such a batch exists; no batching when all fit',
    async run(t) {
      const box = await t.sandbox();
      for (const id of ['a', 'b', 'c', 'd', 'e']) await page(t, box, id);
      const middle = await t.get(`${box}?b_size=2&b_start=2`);
      t.body(middle, {
        batching: {
          first: satisfies('a URL with b_start=0', (u) => new URL(u).searchParams.get('b_start') === '0'),
          prev: satisfies('a URL with b_start=0', (u) => new URL(u).searchParams.get('b_start') === '0'),
          next: satisfies('a URL with b_start=4', (u) => new URL(u).searchParams.get('b_start') === '4'),
          last: satisfies('a URL with b_start=4', (u) => new URL(u).searchParams.get('b_start') === '4'),
        },
      });
      const last = await t.get(`${box}?b_size=2&b_start=4`);
      t.body(last, { batching: { next: absent } });
      const all = await t.get(`${box}?b_size=10`);
      t.body(all, { batching: absent, items_total: 5 });
    },
  },
  {
    id: 'content.folder.default-batch-size-25',
    level: 'SHOULD',
    source: supplement('3; 9.2'),
    title: 'Folder items come in batches of 25 by default',
    async run(t) {
      const box = await t.sandbox();
      for (let i = 0; i < 26; i++) await t.create(box, { '@type': 'Document', id: `p${i}`, title: `P ${i}` });
      const r = await t.get(box);
      t.body(r, { items_total: 26, items: satisfies('25 items', (a) => a.length === 25), batching: { next: anyString } });
    },
  },
  {
    id: 'content.folder.include-items-false',
    level: 'SHOULD',
    source: supplement('9.2'),
    title: 'include_items=false leaves out items and items_total',
    async run(t) {
      const box = await t.sandbox();
      await page(t, box);
      const r = await t.get(`${box}?include_items=false`);
      t.status(r, 200);
      t.body(r, { items: absent, items_total: absent });
    },
  },
  {
    id: 'content.folder.include-items-strict-boolean',
    level: 'MUST',
    source: seed('Versioning 2 (boolean query parameters validated more strictly); supplement 4'),
    title: 'include_items takes the boolean spellings (off, 0, no leave items out; yes keeps them) and refuses any other value',
    async run(t) {
      const box = await t.sandbox();
      await page(t, box);
      for (const v of ['off', '0', 'no']) t.body(await t.get(`${box}?include_items=${v}`), { items: absent }, `include_items=${v}`);
      t.body(await t.get(`${box}?include_items=yes`), { items: [{ '@id': t.url(`${box}/page`) }] }, 'include_items=yes');
      const bad = await t.get(`${box}?include_items=maybe`);
      t.ok(bad.status >= 400, 'include_items=maybe is refused', bad.status, 'an error status');
    },
  },
  {
    id: 'content.folder.lists-only-what-the-caller-may-view',
    level: 'SHOULD',
    source: supplement('9.2; 6.1'),
    title: 'Folder items hold only the children the caller may view',
    async run(t) {
      const box = await t.sandbox();
      await page(t, box, 'open');
      await page(t, box, 'hidden');
      await t.transition(box, 'publish');
      await t.transition(`${box}/open`, 'publish');
      const r = await t.get(box, { auth: 'anonymous' });
      t.status(r, 200);
      t.like(idsOf(r.body?.items), ['open'], 'items seen by an anonymous caller');
    },
  },
  {
    id: 'content.update.changes-fields',
    level: 'MUST',
    source: seed('Endpoints/Content (PATCH)'),
    title: 'PATCH changes the fields sent; the change is read back',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.patch(path, { title: 'After', description: 'Now described' });
      t.status(r, [200, 204]);
      t.body(await t.get(path), { title: 'After', description: 'Now described' }, 'the object after the PATCH');
    },
  },
  {
    id: 'content.update.answers-204',
    level: 'SHOULD',
    source: supplement('9.3; seed conventions 6'),
    title: 'A successful PATCH answers 204 with an empty body',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.patch(path, { title: 'After' });
      t.status(r, 204);
      t.equal(r.text, '', 'the body');
    },
  },
  {
    id: 'content.update.prefer-return-representation',
    level: 'SHOULD',
    source: supplement('9.3'),
    title: 'PATCH with Prefer: return=representation answers 200 with the object after the change',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.patch(path, { title: 'After' }, { headers: { Prefer: 'return=representation' } });
      t.status(r, 200);
      t.body(r, { '@id': t.url(path), title: 'After', '@components': anyObject });
    },
  },
  {
    id: 'content.update.validates-field-types',
    level: 'SHOULD',
    source: supplement('9.3; 2.3'),
    title: 'A value of the wrong type answers 400 naming the field and changes nothing',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'page', { title: 'Kept' });
      const r = await t.patch(path, { title: 42 });
      t.status(r, 400);
      t.like(r.text, includes('title'), 'the error names the field');
      t.body(await t.get(path), { title: 'Kept' }, 'the object is unchanged');
    },
  },
  {
    id: 'content.update.refuses-null-for-a-required-field',
    level: 'SHOULD',
    source: supplement('2.3'),
    title: 'null for a required field answers 400 and changes nothing',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'page', { title: 'Kept' });
      const r = await t.patch(path, { title: null });
      t.status(r, 400);
      t.body(await t.get(path), { title: 'Kept' }, 'the object is unchanged');
    },
  },
  {
    id: 'content.update.renames-with-id',
    level: 'SHOULD',
    source: supplement('9.3'),
    title: 'PATCH with id renames the object',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'old-name');
      t.status(await t.patch(path, { id: 'new-name' }), [200, 204]);
      t.body(await t.get(`${box}/new-name`), { id: 'new-name', title: 'Page old-name' }, 'the object at its new path');
    },
  },
  {
    id: 'content.update.refuses-a-body-that-is-not-json',
    level: 'SHOULD',
    source: supplement('2.4'),
    title: 'A PATCH body that is not JSON answers 400 DeserializationError',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.request('PATCH', path, { raw: '{not json', headers: { 'Content-Type': 'application/json' } });
      t.status(r, 400);
      t.body(r, { error: { type: 'DeserializationError' } });
    },
  },
  {
    id: 'content.update.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('9.3'),
    title: 'Anonymous callers cannot PATCH (401) and nothing changes',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'page', { title: 'Kept' });
      await t.transition(path, 'publish');
      t.status(await t.patch(path, { title: 'Hacked' }, { auth: 'anonymous' }), 401);
      t.body(await t.get(path), { title: 'Kept' }, 'the object is unchanged');
    },
  },
  {
    id: 'content.delete.removes-the-subtree',
    level: 'SHOULD',
    source: supplement('9.4'),
    title: 'DELETE answers 204; the object and its children are gone',
    async run(t) {
      const box = await t.sandbox();
      const folder = await t.folder(box, 'doomed', 'Doomed');
      await page(t, folder.path, 'child');
      t.status(await t.del(folder.path), 204);
      t.status(await t.get(folder.path), 404, 'the folder is gone');
      t.status(await t.get(`${folder.path}/child`), 404, 'its child is gone');
    },
  },
  {
    id: 'content.delete.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('9.4'),
    title: 'Anonymous callers cannot delete (401) and the object stays',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      await t.transition(path, 'publish');
      t.status(await t.del(path, undefined, { auth: 'anonymous' }), 401);
      t.status(await t.get(path), 200, 'the object is still there');
    },
  },
  {
    id: 'content.delete.site-root-cannot-be-deleted',
    level: 'SHOULD',
    source: supplement('9.4'),
    title: 'DELETE of the site root is refused and the site stays',
    async run(t) {
      const r = await t.del('');
      t.ok(r.status >= 400 && r.status < 500, 'DELETE of the site root answers a 4xx status', r.status, 'a 4xx status');
      t.status(await t.get(''), 200, 'the site root is still there');
    },
  },
  {
    id: 'content.order.moves-a-child',
    level: 'SHOULD',
    source: supplement('9.5'),
    title: 'PATCH ordering moves a child to the top, to the bottom or by a delta',
    async run(t) {
      const box = await t.sandbox();
      for (const id of ['a', 'b', 'c', 'd']) await page(t, box, id);
      const order = async () => idsOf((await t.get(box)).body?.items);
      t.status(await t.patch(box, { ordering: { obj_id: 'd', delta: 'top' } }), [200, 204]);
      t.like(await order(), ['d', 'a', 'b', 'c'], 'the order after moving d to the top');
      await t.patch(box, { ordering: { obj_id: 'd', delta: 2 } });
      t.like(await order(), ['a', 'b', 'd', 'c'], 'the order after moving d down by 2');
      await t.patch(box, { ordering: { obj_id: 'a', delta: 'bottom' } });
      t.like(await order(), ['b', 'd', 'c', 'a'], 'the order after moving a to the bottom');
    },
  },
  {
    id: 'content.order.refuses-a-subset-out-of-order',
    level: 'SHOULD',
    source: supplement('9.5'),
    title: 'subset_ids not in the server order answers 400 "Client/server ordering mismatch"',
    async run(t) {
      const box = await t.sandbox();
      for (const id of ['a', 'b', 'c']) await page(t, box, id);
      const r = await t.patch(box, { ordering: { obj_id: 'a', delta: 1, subset_ids: ['b', 'a'] } });
      t.status(r, 400);
      t.like(r.text, includes('Client/server ordering mismatch'), 'the error');
      t.like(idsOf((await t.get(box)).body?.items), ['a', 'b', 'c'], 'the order is unchanged');
    },
  },
  {
    id: 'content.folderish-pages.take-children',
    level: 'SHOULD',
    source: supplement('7.3'),
    title: 'On a Volto site pages are folderish: they take children and list them',
    needs: ['folderish-pages'],
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'parent');
      const child = await t.post(path, { '@type': 'Document', id: 'child', title: 'Child' });
      t.status(child, [200, 201]);
      t.body(await t.get(path), { is_folderish: true, items_total: 1 }, 'the page lists its child');
    },
  },
  {
    id: 'content.plain-pages.take-no-children',
    level: 'SHOULD',
    source: supplement('9.1; 7.2'),
    title: 'On a classic site a page is not folderish and refuses children',
    needs: ['plain-pages'],
    async run(t) {
      const box = await t.sandbox();
      const { path, body } = await page(t, box, 'leaf');
      t.like(body.is_folderish, false, 'is_folderish of a page');
      const r = await t.post(path, { '@type': 'Document', id: 'child', title: 'Child' });
      t.ok(r.status >= 400 && r.status < 500, 'a POST to a page answers a 4xx status', r.status, 'a 4xx status');
      t.status(await t.get(`${path}/child`), 404, 'no child was created');
    },
  },
  {
    id: 'content.expand.embeds-the-component',
    level: 'MUST',
    source: seed('conventions 8'),
    title: 'expand=<name> embeds the component in @components instead of its link',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.get(`${path}?expand=breadcrumbs`);
      t.body(r, { '@components': { breadcrumbs: { '@id': t.url(`${path}/@breadcrumbs`), items: anyArray } } });
    },
  },
  {
    id: 'content.expand.list-forms',
    level: 'MUST',
    source: seed('conventions 8 (comma-separated or repeated)'),
    title: 'expand takes comma lists and repeated parameters',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const expanded = { breadcrumbs: { items: anyArray }, workflow: { transitions: anyArray } };
      t.body(await t.get(`${path}?expand=breadcrumbs,workflow`), { '@components': expanded }, 'expand=breadcrumbs,workflow');
      t.body(await t.get(`${path}?expand=breadcrumbs&expand=workflow`), { '@components': expanded }, 'expand repeated');
    },
  },
  {
    id: 'content.expand.list-suffix',
    level: 'SHOULD',
    source: supplement('5.2; 1.2'),
    title: 'expand:list=<name> (the form @plone/client sends) is understood',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box);
      const r = await t.get(`${path}?expand:list=breadcrumbs&expand:list=workflow`);
      t.body(r, { '@components': { breadcrumbs: { items: anyArray }, workflow: { transitions: anyArray } } });
    },
  },
  {
    id: 'content.rich-text.round-trip',
    level: 'MUST',
    source: seed('Resources/Content object (text)'),
    title: 'Rich text is stored and answered as {content-type, data, encoding}',
    async run(t) {
      const box = await t.sandbox();
      const text = { 'content-type': 'text/html', data: '<p>Hello <strong>world</strong></p>', encoding: 'utf-8' };
      const { path } = await page(t, box, 'texty', { text });
      t.body(await t.get(path), { text });
    },
  },
  {
    id: 'content.event.fields',
    level: 'MUST',
    source: seed('Resources/Content object (Event)'),
    title: 'An Event has start, end, location, attendees, whole_day, open_end, recurrence and contact fields',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, {
        '@type': 'Event',
        id: 'concert',
        title: 'Concert',
        start: '2031-05-01T19:00:00+00:00',
        end: '2031-05-01T22:00:00+00:00',
        location: 'Harbour',
        attendees: ['ann', 'bob'],
        whole_day: false,
        contact_name: 'Ann',
      });
      t.body(await t.get(path), {
        '@type': 'Event',
        start: satisfies('2031-05-01T19:00:00 UTC', (v) => Date.parse(v) === Date.parse('2031-05-01T19:00:00Z')),
        end: satisfies('2031-05-01T22:00:00 UTC', (v) => Date.parse(v) === Date.parse('2031-05-01T22:00:00Z')),
        location: 'Harbour',
        attendees: ['ann', 'bob'],
        whole_day: false,
        open_end: anyBoolean,
        recurrence: nullable(anyString),
        contact_name: 'Ann',
        contact_email: nullable(anyString),
        contact_phone: nullable(anyString),
        event_url: nullable(anyString),
      });
    },
  },
  {
    id: 'content.versioned.fields',
    level: 'MUST',
    source: seed('Resources/Content object (changeNote, versioning_enabled)'),
    title: 'A versioned type (Document) has changeNote and versioning_enabled',
    async run(t) {
      const box = await t.sandbox();
      const { body } = await page(t, box);
      t.like(body, { changeNote: anyString, versioning_enabled: anyBoolean }, 'the new page');
    },
  },
  {
    id: 'content.types.link-and-news-item',
    level: 'SHOULD',
    source: supplement('7.2; 10.2'),
    title: 'Link keeps remoteUrl; News Item has image_caption',
    async run(t) {
      const box = await t.sandbox();
      const link = await t.create(box, { '@type': 'Link', id: 'a-link', title: 'A link', remoteUrl: 'https://example.org/x' });
      t.like(link.body, { '@type': 'Link', remoteUrl: 'https://example.org/x' }, 'the link');
      const news = await t.create(box, { '@type': 'News Item', id: 'news', title: 'News', image_caption: 'A caption' });
      t.like(news.body, { '@type': 'News Item', image_caption: 'A caption', text: nullable(anyObject) }, 'the news item');
    },
  },
  {
    id: 'content.collection.lists-query-results',
    level: 'SHOULD',
    source: supplement('10.1'),
    title: 'A Collection lists the results of its query as items',
    needs: ['collections'],
    async run(t) {
      const box = await t.sandbox();
      await t.create(box, { '@type': 'News Item', id: 'n1', title: 'News one' });
      await t.create(box, { '@type': 'News Item', id: 'n2', title: 'News two' });
      await page(t, box, 'd1');
      const c = await t.create(box, {
        '@type': 'Collection',
        id: 'coll',
        title: 'All news',
        query: [
          { i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['News Item'] },
          { i: 'path', o: 'plone.app.querystring.operation.string.relativePath', v: '..' },
        ],
        sort_on: 'sortable_title',
      });
      const r = await t.get(c.path);
      t.body(r, { items_total: 2, is_folderish: false });
      t.like(r.body.items?.map((i: { title: string }) => i.title), ['News one', 'News two'], 'the titles of the items');
    },
  },
  {
    id: 'content.read.subjects-round-trip',
    level: 'MUST',
    source: seed('Resources/Content object (subjects)'),
    title: 'subjects are stored and answered as an array',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await page(t, box, 'tagged', { subjects: ['harbour', 'boats'] });
      t.body(await t.get(path), { subjects: containing(['harbour', 'boats']) });
    },
  },
]);
