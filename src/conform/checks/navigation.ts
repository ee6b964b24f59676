// @navigation: the Home tab and the navigation root's children, nested to a depth; what is
// hidden; the component.
import type { CheckContext } from '../context.ts';
import { anyArray, anyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

type Node = { '@id': string; title: string; items?: Node[] };
const find = (items: unknown, url: string): Node | undefined => (Array.isArray(items) ? items.find((i: Node) => i?.['@id'] === url) : undefined);

/** A published sandbox (a tab) with published, private and excluded pages and a sub-folder. */
async function tabs(t: CheckContext) {
  const box = await t.sandbox();
  await t.create(box, { '@type': 'Document', id: 'public-page', title: 'Public Page' });
  await t.create(box, { '@type': 'Document', id: 'private-page', title: 'Private Page' });
  await t.create(box, { '@type': 'Document', id: 'hidden-page', title: 'Hidden Page', exclude_from_nav: true });
  await t.folder(box, 'sub', 'Sub');
  await t.create(`${box}/sub`, { '@type': 'Document', id: 'deep', title: 'Deep' });
  for (const p of [box, `${box}/public-page`, `${box}/hidden-page`]) await t.transition(p, 'publish');
  return box;
}

export default family('navigation', [
  {
    id: 'navigation.read.home-and-tabs',
    level: 'SHOULD',
    source: supplement('31.2'),
    title: 'GET @navigation starts with the Home tab and lists the root’s children as {@id, title, items}',
    async run(t) {
      const box = await tabs(t);
      const r = await t.get(`${box}/@navigation`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${box}/@navigation`), items: satisfies('a list starting with Home', (items) => items?.[0]?.['@id'] === t.url('') && items[0].title === 'Home') });
      t.like(find(r.body.items, t.url(box)), { '@id': t.url(box), title: anyString, items: [] }, 'the sandbox tab');
    },
  },
  {
    id: 'navigation.read.depth',
    level: 'SHOULD',
    source: supplement('31.2; 5.1 (expand.navigation.depth)'),
    title: 'expand.navigation.depth nests the children of tabs',
    async run(t) {
      const box = await tabs(t);
      const two = find((await t.get(`${box}/@navigation?expand.navigation.depth=2`)).body?.items, t.url(box));
      t.like(two?.items?.map((i) => i.title), ['Public Page', 'Private Page', 'Sub'], 'the tab’s children at depth 2');
      const three = find((await t.get(`${box}/@navigation?expand.navigation.depth=3`)).body?.items, t.url(box));
      t.like(find(three?.items, t.url(`${box}/sub`))?.items?.map((i) => i.title), ['Deep'], 'the sub-folder’s children at depth 3');
    },
  },
  {
    id: 'navigation.read.hides-private-and-excluded',
    level: 'SHOULD',
    source: supplement('31.2; 6.1'),
    title: 'Anonymous callers do not see private items; excluded items are never listed',
    async run(t) {
      const box = await tabs(t);
      const tab = find((await t.get(`${box}/@navigation?expand.navigation.depth=2`, { auth: 'anonymous' })).body?.items, t.url(box));
      t.like(tab?.items?.map((i) => i.title), ['Public Page'], 'the tab’s children seen by Anonymous');
    },
  },
  {
    id: 'navigation.read.same-from-any-context',
    level: 'SHOULD',
    source: supplement('31.2'),
    title: 'The navigation is the same from any context below the same navigation root',
    async run(t) {
      const box = await tabs(t);
      const a = await t.get(`${box}/sub/@navigation`);
      const b = await t.get('/@navigation');
      t.like(a.body?.items, b.body?.items, 'the items from a sub-folder and from the root');
    },
  },
  {
    id: 'navigation.expand.embeds-the-component',
    level: 'MUST',
    source: seed('Resources/Content object (@components navigation); conventions 8'),
    title: 'expand=navigation embeds the navigation in @components',
    async run(t) {
      const box = await tabs(t);
      t.body(await t.get(`${box}?expand=navigation`), { '@components': { navigation: { '@id': t.url(`${box}/@navigation`), items: anyArray } } });
    },
  },
  {
    id: 'navigation.contextnavigation.lists-the-section',
    level: 'SHOULD',
    source: supplement('31.3'),
    title: 'GET @contextnavigation answers {@id, items} of the local navigation tree',
    async run(t) {
      const box = await tabs(t);
      const r = await t.get(`${box}/sub/@contextnavigation`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${box}/sub/@contextnavigation`), items: anyArray });
    },
  },
]);
