// @contextnavigation (in the navigation family): the navigation portlet's tree around the
// context, its node fields, the path marks, its options, and what Anonymous sees.
import type { CheckContext } from '../context.ts';
import { anyArray, anyBoolean, anyString } from '../expect.ts';
import { family, supplement } from './define.ts';

type Node = { '@id': string; title: string; items?: Node[] };
const titles = (items: unknown): unknown => (Array.isArray(items) ? items.map((i: Node) => i?.title) : items);

/** The sandbox with sub1/third/leaf and a page doc; returns the sandbox's path and its title. */
async function tree(t: CheckContext) {
  const box = await t.sandbox();
  await t.folder(box, 'sub1', 'Sub 1');
  await t.folder(`${box}/sub1`, 'third', 'Third');
  await t.create(`${box}/sub1/third`, { '@type': 'Document', id: 'leaf', title: 'Leaf' });
  await t.create(box, { '@type': 'Document', id: 'doc', title: 'A document' });
  return { box, title: (await t.get(box)).body?.title as string };
}

/** The node `type` of the containers the checks make (normalised type id). */
const containerType = (t: CheckContext) => t.folderType.toLowerCase().replace(/\s+/g, '-');

export default family('navigation', [
  {
    id: 'navigation.contextnavigation.tree-and-node-fields',
    level: 'SHOULD',
    source: supplement('31.3 (answer {@id, title, url, has_custom_name, available, items}; node fields)'),
    title: '@contextnavigation answers the tree below the context’s section, each node with href, icon, thumb, type, normalized_id, review_state, is_current, is_in_path, is_folderish',
    async run(t) {
      const { box } = await tree(t);
      const r = await t.get(`${box}/sub1/@contextnavigation`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${box}/sub1/@contextnavigation`), title: 'Navigation', has_custom_name: false, available: true, url: anyString, items: anyArray });
      t.like(titles(r.body?.items), ['Sub 1', 'A document'], 'the titles of the first level');
      t.like(r.body?.items?.[0], {
        '@id': t.url(`${box}/sub1`),
        href: t.url(`${box}/sub1`),
        title: 'Sub 1',
        description: '',
        icon: anyString,
        thumb: anyString,
        type: containerType(t),
        normalized_id: 'sub1',
        review_state: 'private',
        is_current: true,
        is_in_path: false,
        is_folderish: true,
        items: [{ title: 'Third', items: [{ title: 'Leaf', type: 'document', is_folderish: anyBoolean, items: [] }] }],
      }, 'the node of the context');
    },
  },
  {
    id: 'navigation.contextnavigation.marks-the-path',
    level: 'SHOULD',
    source: supplement('31.3 (is_in_path, is_current)'),
    title: 'Seen from a deep page, its ancestors are in path and the page is current',
    async run(t) {
      const { box } = await tree(t);
      const sub1 = (await t.get(`${box}/sub1/third/leaf/@contextnavigation`)).body?.items?.[0];
      t.like(sub1, { title: 'Sub 1', is_in_path: true, is_current: false, items: [{ title: 'Third', is_in_path: true, items: [{ title: 'Leaf', is_current: true }] }] }, 'the branch of the page');
    },
  },
  {
    id: 'navigation.contextnavigation.options',
    level: 'SHOULD',
    source: supplement('31.3 (expand.contextnavigation.name, bottomLevel, includeTop, currentFolderOnly)'),
    title: 'name sets the title, bottomLevel cuts the depth, includeTop adds the section root, currentFolderOnly keeps the current folder',
    async run(t) {
      const { box, title } = await tree(t);
      const q = 'expand.contextnavigation.name=Mine&expand.contextnavigation.bottomLevel=1&expand.contextnavigation.includeTop=true';
      const r = await t.get(`${box}/sub1/@contextnavigation?${q}`);
      t.body(r, { title: 'Mine', has_custom_name: true });
      t.like(titles(r.body?.items), [title, 'Sub 1', 'A document'], 'the titles with includeTop');
      t.like(r.body?.items?.[1]?.items, [], 'the children of Sub 1 with bottomLevel 1');
      const only = await t.get(`${box}/sub1/@contextnavigation?expand.contextnavigation.currentFolderOnly=true`);
      t.like(titles(only.body?.items), ['Third'], 'the titles with currentFolderOnly');
    },
  },
  {
    id: 'navigation.contextnavigation.nothing-at-the-root',
    level: 'SHOULD',
    source: supplement('31.3 (available false when there is nothing to show, e.g. at the top level with topLevel 1)'),
    title: 'At the site root @contextnavigation answers available false and no items',
    async run(t) {
      const r = await t.get('/@contextnavigation');
      t.status(r, 200);
      t.body(r, { available: false, items: [] });
    },
  },
  {
    id: 'navigation.contextnavigation.hides-private',
    level: 'SHOULD',
    source: supplement('31.3; 6.1 (what the caller may view)'),
    title: 'Anonymous callers see only the published nodes',
    async run(t) {
      const { box } = await tree(t);
      await t.transition(box, 'publish');
      await t.transition(`${box}/doc`, 'publish');
      const r = await t.get(`${box}/doc/@contextnavigation`, { auth: 'anonymous' });
      t.status(r, 200);
      t.like(titles(r.body?.items), ['A document'], 'the titles Anonymous sees');
    },
  },
  {
    id: 'navigation.contextnavigation.expand',
    level: 'SHOULD',
    source: supplement('31.3 (expandable: contextnavigation)'),
    title: 'expand=contextnavigation embeds the same answer as the endpoint',
    async run(t) {
      const { box } = await tree(t);
      const standalone = (await t.get(`${box}/sub1/@contextnavigation`)).body;
      t.body(await t.get(`${box}/sub1?expand=contextnavigation`), { '@components': { contextnavigation: standalone } });
    },
  },
]);
