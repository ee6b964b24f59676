// @actions: categories of {icon, id, title} that depend on the caller and the context.
import { anyArray, anyString, containing, without } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const ids = (list: unknown) => (Array.isArray(list) ? list.map((a: { id: string }) => a.id) : list);

export default family('actions', [
  {
    id: 'actions.read.categories',
    level: 'SHOULD',
    source: supplement('31.4'),
    title: 'GET @actions answers the object, object_buttons and user categories, each a list of {icon, id, title}',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}/@actions`);
      t.status(r, 200);
      t.body(r, { object: anyArray, object_buttons: anyArray, user: anyArray });
      t.like(r.body.object, containing([{ id: 'view', title: 'View', icon: anyString }, { id: 'edit', title: 'Edit' }, { id: 'folderContents' }]), 'the object category of a folder');
      t.like(ids(r.body.user), containing(['logout']), 'the user category');
    },
  },
  {
    id: 'actions.read.depend-on-the-context',
    level: 'SHOULD',
    source: supplement('31.4'),
    title: 'Contents is offered on folders only',
    needs: ['plain-pages'],
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'Document', id: 'doc', title: 'Doc' });
      const r = await t.get(`${path}/@actions`);
      t.like(ids(r.body?.object), containing(['view', 'edit']), 'the object category of a page');
      t.like(ids(r.body?.object), without(['folderContents']), 'the object category of a page');
    },
  },
  {
    id: 'actions.read.anonymous',
    level: 'SHOULD',
    source: supplement('31.4'),
    title: 'An anonymous caller gets view and a login action, no object buttons',
    async run(t) {
      const box = await t.sandbox();
      await t.transition(box, 'publish');
      const r = await t.get(`${box}/@actions`, { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { object: [{ id: 'view' }], object_buttons: [], user: [{ id: 'login' }] });
    },
  },
  {
    id: 'actions.read.categories-filter',
    level: 'SHOULD',
    source: supplement('31.4'),
    title: 'categories:list limits the answer to those categories',
    async run(t) {
      const r = await t.get('/@actions?categories:list=user&categories:list=portal_tabs');
      t.status(r, 200);
      t.like(Object.keys(r.body ?? {}).sort(), ['portal_tabs', 'user'], 'the categories');
    },
  },
  {
    id: 'actions.expand.embeds-the-component',
    level: 'MUST',
    source: seed('Resources/Content object (@components actions); conventions 8'),
    title: 'expand=actions embeds the actions in @components',
    async run(t) {
      const box = await t.sandbox();
      const expanded = (await t.get(`${box}?expand=actions`)).body?.['@components']?.actions;
      t.like(expanded, (await t.get(`${box}/@actions`)).body, 'the embedded actions');
      t.like(expanded, { object: anyArray }, 'the embedded actions');
    },
  },
]);
