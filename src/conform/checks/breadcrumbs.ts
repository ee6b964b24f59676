// @breadcrumbs: the path below the navigation root, viewable objects only, and its expansion.
import type { CheckContext } from '../context.ts';
import { anyArray, exactly } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

/** A published sandbox holding a private folder with a published page. */
async function trail(t: CheckContext) {
  const box = await t.sandbox();
  await t.folder(box, 'private-folder', 'Private Folder');
  await t.create(`${box}/private-folder`, { '@type': 'Document', id: 'page', title: 'The Page' });
  await t.transition(box, 'publish');
  await t.transition(`${box}/private-folder/page`, 'publish');
  return box;
}

export default family('breadcrumbs', [
  {
    id: 'breadcrumbs.read.items',
    level: 'SHOULD',
    source: supplement('31.1'),
    title: 'GET @breadcrumbs lists {@id, title} from below the site root down to the context, with root',
    async run(t) {
      const box = await trail(t);
      const r = await t.get(`${box}/private-folder/page/@breadcrumbs`);
      t.status(r, 200);
      t.body(r, {
        '@id': t.url(`${box}/private-folder/page/@breadcrumbs`),
        root: t.url(''),
        items: [
          { '@id': t.url(box), title: `Conformance sandbox ${box.slice(1)}` },
          { '@id': t.url(`${box}/private-folder`), title: 'Private Folder' },
          { '@id': t.url(`${box}/private-folder/page`), title: 'The Page' },
        ],
      });
    },
  },
  {
    id: 'breadcrumbs.read.site-root-has-none',
    level: 'SHOULD',
    source: supplement('31.1'),
    title: 'The site root has no breadcrumbs',
    async run(t) {
      t.body(await t.get('/@breadcrumbs'), { '@id': t.url('/@breadcrumbs'), items: [] });
    },
  },
  {
    id: 'breadcrumbs.read.skips-what-the-caller-cannot-view',
    level: 'SHOULD',
    source: supplement('6.1; 31.1'),
    title: 'Objects an anonymous caller cannot view are left out',
    async run(t) {
      const box = await trail(t);
      const r = await t.get(`${box}/private-folder/page/@breadcrumbs`, { auth: 'anonymous' });
      t.status(r, 200);
      t.like(r.body?.items?.map((i: { '@id': string }) => i['@id']), [t.url(box), t.url(`${box}/private-folder/page`)], 'the breadcrumbs of Anonymous');
    },
  },
  {
    id: 'breadcrumbs.expand.embeds-the-component',
    level: 'MUST',
    source: seed('Resources/Content object (@components breadcrumbs); conventions 8'),
    title: 'expand=breadcrumbs embeds the breadcrumbs in @components',
    async run(t) {
      const box = await trail(t);
      const r = await t.get(`${box}/private-folder?expand=breadcrumbs`);
      t.body(r, { '@components': { breadcrumbs: { '@id': t.url(`${box}/private-folder/@breadcrumbs`), items: anyArray } } });
    },
  },
  {
    id: 'breadcrumbs.expand.same-as-the-endpoint',
    level: 'SHOULD',
    source: supplement('5.1'),
    title: 'The expanded component equals the answer of GET @breadcrumbs',
    async run(t) {
      const box = await trail(t);
      const expanded = (await t.get(`${box}/private-folder?expand=breadcrumbs`)).body?.['@components']?.breadcrumbs;
      t.like(expanded, exactly((await t.get(`${box}/private-folder/@breadcrumbs`)).body), 'the embedded breadcrumbs');
    },
  },
]);
