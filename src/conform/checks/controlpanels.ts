// @controlpanels: summaries, the editing panel (read, change, validation; restored after), the
// content-types panel (list, create, read, change, delete; removed after), who may use them.
import { anyArray, anyBoolean, anyInteger, anyObject, anyString, containing, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const SEED_PANELS = ['date-and-time', 'language', 'mail', 'navigation', 'search', 'site', 'socialmedia', 'content-rules', 'dexterity-types', 'editing', 'imaging', 'markup', 'usergroup', 'security'];
const GROUPS = ['General', 'Content', 'Users', 'Security', 'Advanced', 'Add-on Configuration'];

export default family('controlpanels', [
  {
    id: 'controlpanels.list.summaries',
    level: 'MUST',
    source: seed('Resources/Control panel (summary); Endpoints/Control panels'),
    title: 'GET /@controlpanels answers an array of {@id, group, title} holding the panels the seed names',
    async run(t) {
      const r = await t.get('/@controlpanels');
      t.status(r, 200);
      t.like(r.body, containing(SEED_PANELS.map((id) => ({ '@id': t.url(`/@controlpanels/${id}`), title: anyString, group: satisfies(`one of ${GROUPS.join(', ')}`, (g) => GROUPS.includes(g)) }))), 'the panels');
    },
  },
  {
    id: 'controlpanels.list.searchable-text',
    level: 'SHOULD',
    source: supplement('30 (C9); 13.1'),
    title: 'Each summary also has searchable_text (an array of strings)',
    async run(t) {
      const r = await t.get('/@controlpanels');
      t.like(r.body, containing([{ '@id': t.url('/@controlpanels/editing'), searchable_text: containing(['Editing']) }]), 'the editing panel summary');
    },
  },
  {
    id: 'controlpanels.read.editing-panel',
    level: 'MUST',
    source: seed('Resources/Control panel (full panel; editing panel data fields)'),
    title: 'The editing panel answers {@id, title, group, data, schema} with the seed’s data fields',
    async run(t) {
      const r = await t.get('/@controlpanels/editing');
      t.status(r, 200);
      t.body(r, {
        '@id': t.url('/@controlpanels/editing'),
        title: anyString,
        group: anyString,
        data: {
          available_editors: anyArray,
          default_editor: { title: anyString, token: anyString },
          enable_link_integrity_checks: anyBoolean,
          ext_editor: anyBoolean,
          lock_on_ttw_edit: anyBoolean,
          subjects_of_navigation_root: anyBoolean,
        },
        schema: { type: 'object', fieldsets: anyArray, properties: anyObject, required: containing(['available_editors', 'default_editor']) },
      });
    },
  },
  {
    id: 'controlpanels.update.patch',
    level: 'MUST',
    source: seed('Endpoints/Control panels (PATCH: 204)'),
    title: 'PATCH of a panel changes the fields sent (204), others stay (restored after)',
    async run(t) {
      await t.keepPanel('editing', ['ext_editor', 'lock_on_ttw_edit']);
      const before = (await t.get('/@controlpanels/editing')).body?.data;
      t.status(await t.patch('/@controlpanels/editing', { ext_editor: !before?.ext_editor }), 204);
      t.body(await t.get('/@controlpanels/editing'), { data: { ext_editor: !before?.ext_editor, lock_on_ttw_edit: before?.lock_on_ttw_edit } }, 'the panel afterwards');
    },
  },
  {
    id: 'controlpanels.update.choice-by-token',
    level: 'MUST',
    source: seed('Resources/Control panel (default_editor: on read {title, token}; on write a string)'),
    title: 'A Choice field is written as its token and read back as {title, token}',
    async run(t) {
      await t.keepPanel('editing', ['default_editor']);
      const data = (await t.get('/@controlpanels/editing')).body?.data;
      const other = (data?.available_editors as string[] | undefined)?.find((e) => e !== data?.default_editor?.token);
      t.ok(other, 'the site offers a second editor', data?.available_editors, 'two editors');
      t.status(await t.patch('/@controlpanels/editing', { default_editor: other }), [200, 204]);
      t.body(await t.get('/@controlpanels/editing'), { data: { default_editor: { token: other, title: anyString } } }, 'the panel afterwards');
    },
  },
  {
    id: 'controlpanels.update.validation',
    level: 'SHOULD',
    source: supplement('13.1; 2.3'),
    title: 'null for a required field answers 400 and changes nothing',
    async run(t) {
      await t.keepPanel('editing', ['default_editor', 'ext_editor']);
      const before = (await t.get('/@controlpanels/editing')).body?.data;
      const r = await t.patch('/@controlpanels/editing', { default_editor: null, ext_editor: !before?.ext_editor });
      t.status(r, 400);
      t.body(await t.get('/@controlpanels/editing'), { data: { default_editor: before?.default_editor, ext_editor: before?.ext_editor } }, 'the panel afterwards');
    },
  },
  {
    id: 'controlpanels.read.unknown-answers-404',
    level: 'SHOULD',
    source: supplement('13.1'),
    title: 'An unknown panel answers 404',
    async run(t) {
      t.status(await t.get('/@controlpanels/no-such-panel'), 404);
    },
  },
  {
    id: 'controlpanels.read.refused-to-members',
    level: 'SHOULD',
    source: supplement('13.1'),
    title: 'Anonymous callers and members get 401',
    async run(t) {
      const member = await t.user();
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.get('/@controlpanels', { auth }), 401, 'GET /@controlpanels');
        t.status(await t.get('/@controlpanels/editing', { auth }), 401, 'GET /@controlpanels/editing');
      }
    },
  },
  {
    id: 'controlpanels.dexterity-types.list',
    level: 'MUST',
    source: seed('Resources/Control panel (dexterity-types)'),
    title: 'The dexterity-types panel has items [{@id, @type, id, title, description, count, meta_type}] and data {}',
    async run(t) {
      const r = await t.get('/@controlpanels/dexterity-types');
      t.status(r, 200);
      t.body(r, {
        data: {},
        items: containing([{ '@id': t.url('/@controlpanels/dexterity-types/Document'), '@type': anyString, id: 'Document', title: anyString, description: anyString, count: anyInteger, meta_type: 'Dexterity FTI' }]),
      });
    },
  },
  {
    id: 'controlpanels.dexterity-types.create',
    level: 'MUST',
    source: seed('Endpoints/Control panels (POST dexterity-types: 201, Location; id from the title)'),
    title: 'POST to dexterity-types {title, description} answers 201 with Location …/dexterity-types/<id from the title>',
    async run(t) {
      const title = `Conformance ${t.unique('type').replace(/-/g, ' ')}`;
      const id = title.toLowerCase().replace(/ /g, '_');
      t.forget(`/@controlpanels/dexterity-types/${id}`);
      const r = await t.post('/@controlpanels/dexterity-types', { title, description: 'Made by a conformance check' });
      t.status(r, 201);
      t.header(r, 'Location', t.url(`/@controlpanels/dexterity-types/${id}`));
      t.like((await t.get('/@controlpanels/dexterity-types')).body?.items, containing([{ id, title }]), 'the types of the panel');
    },
  },
  {
    id: 'controlpanels.dexterity-types.read-update-delete',
    level: 'SHOULD',
    source: supplement('13.4 (GET, PATCH, DELETE of /@controlpanels/dexterity-types/<type_id>)'),
    title: 'A type resource answers {@id, title, description, data, schema, items}; PATCH switches a behavior (204); DELETE removes the type (204)',
    async run(t) {
      const title = `Conformance ${t.unique('type').replace(/-/g, ' ')}`;
      const id = title.toLowerCase().replace(/ /g, '_');
      const path = `/@controlpanels/dexterity-types/${id}`;
      t.forget(path);
      t.need(await t.post('/@controlpanels/dexterity-types', { title, description: 'Made by a conformance check' }), `creating the type ${title}`);
      const r = await t.get(path);
      t.status(r, 200);
      t.body(r, { '@id': t.url(path), title: anyString, data: { title, allowed_content_types: anyArray, filter_content_types: anyBoolean, 'cms.dublincore': true, 'cms.richtext': false }, schema: { fieldsets: anyArray } });
      t.status(await t.patch(path, { 'cms.richtext': true, description: 'Now with rich text' }), 204, 'PATCH');
      t.body(await t.get(path), { data: { 'cms.richtext': true, description: 'Now with rich text' } }, 'the type after the PATCH');
      t.like((await t.get(`/@types/${id}`)).body?.properties, { text: { widget: 'richtext' } }, 'the schema of the type after switching rich text on');
      t.status(await t.del(path), 204, 'DELETE');
      t.status(await t.get(path), 404, 'the type after the DELETE');
    },
  },
]);
