// @aliases of an object and of the site: adding, listing, filtering and removing aliases, the
// automatic alias of a rename, collapsing, circular aliases, the component, and the redirects
// of old paths. Every alias made lies below the check's sandbox (the runner drops what is left).
import type { CheckContext } from '../context.ts';
import { containing, satisfies, without } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

/** A page in a sandbox. */
async function page(t: CheckContext) {
  const box = await t.sandbox();
  const made = await t.create(box, { '@type': 'Document', id: 'page', title: 'Aliased page' });
  return { box, p: made.path };
}

/** The site-wide aliases whose path starts with `prefix`. */
async function siteAliases(t: CheckContext, prefix: string, query = ''): Promise<any[]> {
  const r = await t.get(`/@aliases?q=${encodeURIComponent(prefix)}${query}`);
  return Array.isArray(r.body?.items) ? r.body.items.filter((a: { path?: string }) => a.path?.startsWith(prefix)) : r.body?.items;
}

export default family('aliases', [
  {
    id: 'aliases.context.add-answers-204',
    level: 'MUST',
    source: seed('Endpoints/Aliases (POST <content>/@aliases {items: [{path}]}: 204)'),
    title: 'POST <content>/@aliases {items: [{path}]} answers 204; the object lists the aliases',
    async run(t) {
      const { box, p } = await page(t);
      const r = await t.post(`${p}/@aliases`, { items: [{ path: `${box}/first-alias` }, { path: `${box}/second-alias` }] });
      t.status(r, 204);
      t.body(await t.get(`${p}/@aliases`), { items: containing([{ path: `${box}/first-alias` }, { path: `${box}/second-alias` }]) }, 'GET @aliases afterwards');
    },
  },
  {
    id: 'aliases.context.list-answers-201',
    level: 'MUST',
    source: seed('Endpoints/Aliases (GET <content>/@aliases: 201 {@id, items: [{path}], items_total}); Resources/Alias (context alias {path})'),
    title: 'GET <content>/@aliases answers 201 (as the interface answers) {@id, items: [{path}], items_total}',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post(`${p}/@aliases`, { items: [{ path: `${box}/listed-alias` }] }), 'adding an alias');
      const r = await t.get(`${p}/@aliases`);
      t.status(r, 201);
      t.equal(r.body, { '@id': t.url(`${p}/@aliases`), items: [{ path: `${box}/listed-alias` }], items_total: 1 }, 'the answer');
    },
  },
  {
    id: 'aliases.context.delete-answers-204',
    level: 'MUST',
    source: seed('Endpoints/Aliases (DELETE <content>/@aliases {items: [{path}]}: 204)'),
    title: 'DELETE <content>/@aliases {items: [{path}]} answers 204 and removes only those aliases',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post(`${p}/@aliases`, { items: [{ path: `${box}/gone` }, { path: `${box}/stays` }] }), 'adding two aliases');
      t.status(await t.del(`${p}/@aliases`, { items: [{ path: `${box}/gone` }] }), 204);
      t.body(await t.get(`${p}/@aliases`), { items: [{ path: `${box}/stays` }] }, 'GET @aliases afterwards');
    },
  },
  {
    id: 'aliases.site.add-and-list',
    level: 'MUST',
    source: seed('Endpoints/Aliases (POST and GET /@aliases); Resources/Alias (site-wide alias; datetime supplied as a date, returned as a date-time without zone)'),
    title: 'POST /@aliases {items: [{path, redirect-to, datetime}]} answers 204; GET /@aliases answers 201 with {path, redirect-to, datetime, manual}',
    async run(t) {
      const { box, p } = await page(t);
      t.status(await t.post('/@aliases', { items: [{ path: `${box}/old-name`, 'redirect-to': p, datetime: '2022-05-05' }] }), 204);
      const r = await t.get(`/@aliases?q=${encodeURIComponent(`${box}/`)}`);
      t.status(r, 201, 'GET /@aliases');
      t.body(r, {
        '@id': satisfies('the URL of /@aliases', (id) => typeof id === 'string' && id.startsWith(t.url('/@aliases'))),
        items: [{ path: `${box}/old-name`, 'redirect-to': p, datetime: '2022-05-05T00:00:00', manual: true }],
        items_total: 1,
      });
    },
  },
  {
    id: 'aliases.site.query-filters-on-path',
    level: 'MUST',
    source: seed('Endpoints/Aliases (GET /@aliases: optional q, filter on path)'),
    title: 'GET /@aliases?q=<path> keeps the aliases whose path matches',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post('/@aliases', { items: [{ path: `${box}/apple`, 'redirect-to': p }, { path: `${box}/banana`, 'redirect-to': p }] }), 'adding two aliases');
      const r = await t.get(`/@aliases?q=${encodeURIComponent(`${box}/apple`)}`);
      t.like(r.body?.items, containing([{ path: `${box}/apple` }]), 'the aliases matching apple');
      t.like(r.body?.items, without([{ path: `${box}/banana` }]), 'the aliases matching apple');
    },
  },
  {
    id: 'aliases.site.delete-answers-204',
    level: 'MUST',
    source: seed('Endpoints/Aliases (DELETE /@aliases {items: [{path}]}: 204)'),
    title: 'DELETE /@aliases {items: [{path}]} answers 204 and the alias is gone',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post('/@aliases', { items: [{ path: `${box}/to-delete`, 'redirect-to': p }] }), 'adding an alias');
      t.status(await t.del('/@aliases', { items: [{ path: `${box}/to-delete` }] }), 204);
      t.like(await siteAliases(t, `${box}/`), [], 'the aliases below the sandbox afterwards');
    },
  },
  {
    id: 'aliases.rename.records-the-old-path',
    level: 'MUST',
    source: seed('Endpoints/Aliases (renaming creates an alias for the old path); supplement-2 6.4 (rename by PATCH id)'),
    title: 'Renaming an object (PATCH {id}) records an alias from the old path to the new one',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.patch(p, { id: 'renamed' }), 'renaming the page');
      t.body(await t.get(`${box}/renamed/@aliases`), { items: containing([{ path: p }]) }, 'the aliases of the renamed page');
      t.like(await siteAliases(t, p), containing([{ path: p, 'redirect-to': `${box}/renamed`, manual: false }]), 'the site-wide alias of the old path');
    },
  },
  {
    id: 'aliases.site.transitive-aliases-collapse',
    level: 'MUST',
    source: seed('Endpoints/Aliases (a->b then b->c becomes a->c)'),
    title: 'After a->b and then b->c, the alias of a points to c',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.patch(p, { id: 'second' }), 'the first rename');
      t.need(await t.patch(`${box}/second`, { id: 'third' }), 'the second rename');
      const items = await siteAliases(t, `${box}/`);
      t.like(items, containing([{ path: p, 'redirect-to': `${box}/third` }, { path: `${box}/second`, 'redirect-to': `${box}/third` }]), 'the aliases below the sandbox');
    },
  },
  {
    id: 'aliases.site.circular-alias-ignored',
    level: 'MUST',
    source: seed('Endpoints/Aliases (a circular alias a->a is ignored)'),
    title: 'An alias of a path to itself is ignored (not stored)',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.post('/@aliases', { items: [{ path: `${box}/loop`, 'redirect-to': `${box}/loop` }] });
      t.ok(r.status < 500, 'the POST answers (not a server error)', r.status, 'a status below 500');
      t.like(await siteAliases(t, `${box}/loop`), [], 'the aliases of the looping path');
    },
  },
  {
    id: 'aliases.context.component',
    level: 'MUST',
    source: seed('Resources/Content object (@components aliases); conventions 8'),
    title: 'Content links its aliases component; expand=aliases embeds the aliases',
    async run(t) {
      const { box, p } = await page(t);
      t.body(await t.get(p), { '@components': { aliases: { '@id': t.url(`${p}/@aliases`) } } }, 'the page');
      t.need(await t.post(`${p}/@aliases`, { items: [{ path: `${box}/expanded` }] }), 'adding an alias');
      t.body(await t.get(`${p}?expand=aliases`), { '@components': { aliases: { items: [{ path: `${box}/expanded` }] } } }, 'the page with expand=aliases');
    },
  },
  {
    id: 'aliases.redirect.get-answers-302',
    level: 'SHOULD',
    source: supplement('1.4 (GET of an old path: 302, query string kept)'),
    title: 'A GET of an alias path answers 302 to the new URL, keeping the query string and what follows the old path',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post(`${p}/@aliases`, { items: [{ path: `${box}/short` }] }), 'adding an alias');
      const r = await t.get(`${box}/short?expand=breadcrumbs`);
      t.status(r, 302);
      t.header(r, 'Location', t.url(`${p}?expand=breadcrumbs`));
      const service = await t.get(`${box}/short/@breadcrumbs`);
      t.status(service, 302, 'a GET of a service below the alias');
      t.header(service, 'Location', t.url(`${p}/@breadcrumbs`));
      t.status(await t.get(`${box}/no-alias-here`), 404, 'a path without alias');
    },
  },
  {
    id: 'aliases.redirect.other-methods-307',
    level: 'SHOULD',
    source: supplement('1.4 (other methods: 307)'),
    title: 'A PATCH of an alias path answers 307 to the new URL and changes nothing',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.patch(p, { id: 'moved' }), 'renaming the page');
      const r = await t.patch(p, { title: 'Through the alias' });
      t.status(r, 307);
      t.header(r, 'Location', t.url(`${box}/moved`));
      t.body(await t.get(`${box}/moved`), { title: 'Aliased page' }, 'the page afterwards');
    },
  },
  {
    id: 'aliases.site.invalid-target-400',
    level: 'SHOULD',
    source: supplement('15 (JSON errors: 400 with the validator message)'),
    title: 'A site-wide alias to a path where nothing is answers 400; none of the items is stored',
    async run(t) {
      const { box, p } = await page(t);
      const r = await t.post('/@aliases', { items: [{ path: `${box}/fine`, 'redirect-to': p }, { path: `${box}/broken`, 'redirect-to': `${box}/nowhere` }] });
      t.status(r, 400);
      t.like(await siteAliases(t, `${box}/`), [], 'the aliases below the sandbox afterwards');
    },
  },
  {
    id: 'aliases.context.refused-paths-listed',
    level: 'SHOULD',
    source: supplement('15 (paths not starting with / or in use: 200 {type: error, failed})'),
    title: 'Paths that cannot be aliases come back as failed (200) while the valid ones are stored',
    async run(t) {
      const { box, p } = await page(t);
      const r = await t.post(`${p}/@aliases`, { items: [{ path: 'no-slash' }, { path: box }, { path: `${box}/valid` }] });
      t.status(r, 200);
      t.equal(r.body, { type: 'error', failed: ['no-slash', box] }, 'the answer');
      t.body(await t.get(`${p}/@aliases`), { items: [{ path: `${box}/valid` }] }, 'GET @aliases afterwards');
    },
  },
  {
    id: 'aliases.site.date-and-manual-filters',
    level: 'SHOULD',
    source: supplement('15 (start, end, manual); 4'),
    title: 'start and end keep aliases by creation date; manual=false keeps the automatic ones; manual that is not a boolean answers 400',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post('/@aliases', { items: [{ path: `${box}/old`, 'redirect-to': p, datetime: '2020-01-01' }, { path: `${box}/new`, 'redirect-to': p, datetime: '2024-01-01' }] }), 'adding two aliases');
      const paths = async (q: string) => (await siteAliases(t, `${box}/`, q))?.map((a: { path: string }) => a.path);
      t.like(await paths('&start=2023-01-01'), [`${box}/new`], 'start=2023-01-01');
      t.like(await paths('&end=2023-01-01'), [`${box}/old`], 'end=2023-01-01');
      t.like(await paths('&manual=false'), [], 'manual=false');
      t.status(await t.get('/@aliases?manual=perhaps'), 400, 'manual=perhaps (not a boolean)');
    },
  },
  {
    id: 'aliases.site.csv-export',
    level: 'SHOULD',
    source: supplement('15 (Accept: text/csv)'),
    title: 'GET /@aliases with Accept: text/csv answers the CSV old path,new path,datetime,manual',
    async run(t) {
      const { box, p } = await page(t);
      t.need(await t.post('/@aliases', { items: [{ path: `${box}/in-csv`, 'redirect-to': p, datetime: '2022-05-05' }] }), 'adding an alias');
      const r = await t.get(`/@aliases?q=${encodeURIComponent(`${box}/in-csv`)}`, { headers: { Accept: 'text/csv' } });
      t.status(r, 200);
      t.header(r, 'Content-Type', /^text\/csv/);
      const lines = r.text.split(/\r?\n/);
      t.equal(lines[0], 'old path,new path,datetime,manual', 'the header line');
      t.like(lines.find((l) => l.startsWith(`${box}/in-csv,`)), new RegExp(`^${box}/in-csv,${p},2022/05/05 00:00:00 GMT\\+0,True$`), 'the alias line');
    },
  },
  {
    id: 'aliases.context.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('15 (Manage Context Aliases)'),
    title: 'Anonymous callers cannot add aliases to a published page (401); nothing is stored',
    async run(t) {
      const { box, p } = await page(t);
      await t.transition(p, 'publish');
      t.status(await t.post(`${p}/@aliases`, { items: [{ path: `${box}/anonymous` }] }, { auth: 'anonymous' }), 401);
      t.body(await t.get(`${p}/@aliases`), { items: [] }, 'GET @aliases afterwards');
    },
  },
]);
