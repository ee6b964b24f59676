// @types: addable types of a context, type schemas (JSON Schema), fieldsets and fields.
import { anyArray, anyBoolean, anyString, containing, nonEmptyString, satisfies } from '../expect.ts';
import { family, seed, supplement, supplement2 } from './define.ts';

export default family('types', [
  {
    id: 'types.list.addable-types',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (GET @types)'),
    title: 'GET @types answers an array of {@id, addable, immediately_addable, title}; Document is addable in a folder',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}/@types`);
      t.status(r, 200);
      t.ok(Array.isArray(r.body), 'the answer is an array', r.body, 'an array');
      t.like(r.body, containing([{ '@id': t.url('/@types/Document'), addable: true, immediately_addable: anyBoolean, title: anyString }]), 'the types');
    },
  },
  {
    id: 'types.list.has-the-type-id',
    level: 'SHOULD',
    source: supplement('30 (C11)'),
    title: 'Each listed type also has its id',
    async run(t) {
      t.like((await t.get('/@types')).body, containing([{ id: 'Document', '@id': t.url('/@types/Document') }]), 'the types');
    },
  },
  {
    id: 'types.list.acceptance-news-and-events-constrained',
    level: 'SHOULD',
    source: supplement2('2.3 (news, events: constrain mode enabled, immediately addable News Item / Event)'),
    title: 'On the acceptance site, /news and /events offer every type but only News Item / Event immediately (run only where RobotRemote marks the acceptance site)',
    needs: ['robot-remote'],
    async run(t) {
      for (const [folder, type] of [['/news', 'News Item'], ['/events', 'Event']]) {
        const r = await t.get(`${folder}/@types`);
        t.status(r, 200, `GET ${folder}/@types`);
        t.like(
          r.body,
          containing([
            { '@id': t.url(`/@types/${type}`), addable: true, immediately_addable: true },
            { '@id': t.url('/@types/Document'), addable: true, immediately_addable: false },
          ]),
          `the types of ${folder}`,
        );
        const immediately = Array.isArray(r.body) ? r.body.filter((i: { immediately_addable?: unknown }) => i.immediately_addable === true).length : -1;
        t.like(immediately, 1, `the number of immediately addable types in ${folder}`);
      }
    },
  },
  {
    id: 'types.list.refused-to-anonymous',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (authenticated)'),
    title: 'Anonymous callers cannot list types (401 or 403)',
    async run(t) {
      t.status(await t.get('/@types', { auth: 'anonymous' }), [401, 403]);
    },
  },
  {
    id: 'types.schema.json-schema',
    level: 'MUST',
    source: seed('Resources/Type schema'),
    title: 'GET @types/<type> answers application/json+schema {title, type: object, layouts, fieldsets, properties, required}',
    async run(t) {
      const r = await t.get('/@types/Document');
      t.status(r, 200);
      t.header(r, 'Content-Type', /^application\/json\+schema/);
      t.body(r, {
        title: nonEmptyString,
        type: 'object',
        layouts: anyArray,
        fieldsets: satisfies('fieldsets of {id, title, fields}', (f) => Array.isArray(f) && f.length > 0 && f.every((s: any) => typeof s.id === 'string' && Array.isArray(s.fields))),
        properties: { title: { title: anyString, type: 'string', factory: anyString } },
        required: containing(['title']),
      });
    },
  },
  {
    id: 'types.schema.choice-fields-link-their-vocabulary',
    level: 'MUST',
    source: seed('Resources/Type schema (Choice fields: vocabulary or querysource)'),
    title: 'A Choice field (language) links its vocabulary as {@id}',
    async run(t) {
      const r = await t.get('/@types/Document');
      t.body(r, { properties: { language: { vocabulary: { '@id': satisfies('a URL of @vocabularies/…', (u) => typeof u === 'string' && u.includes('/@vocabularies/')) } } } });
    },
  },
  {
    id: 'types.schema.fieldset-and-field',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (GET @types/<type>/<fieldset_or_field>)'),
    title: 'GET @types/<type>/<name> answers a fieldset {id, title, fields} or a field {title, factory, type}',
    async run(t) {
      const schema = (await t.get('/@types/Document')).body;
      const fieldset = schema?.fieldsets?.[0];
      t.like(fieldset, { id: anyString, fields: anyArray }, 'the first fieldset of the schema');
      const fs = await t.get(`/@types/Document/${fieldset.id}`);
      t.status(fs, 200);
      t.body(fs, { id: fieldset.id, title: anyString, fields: fieldset.fields });
      const field = await t.get('/@types/Document/title');
      t.status(field, 200);
      t.body(field, { title: anyString, factory: anyString, type: 'string' });
    },
  },
  {
    id: 'types.schema.unknown-answers-404',
    level: 'SHOULD',
    source: supplement('14; 2.2'),
    title: "An unknown type answers 404 \"Type 'X' could not be found.\"",
    async run(t) {
      const r = await t.get('/@types/NoSuchType');
      t.status(r, 404);
      t.body(r, { message: "Type 'NoSuchType' could not be found." });
    },
  },
  {
    id: 'types.schema.type-with-a-space',
    level: 'SHOULD',
    source: supplement('14'),
    title: 'GET @types/News%20Item answers the News Item schema with its image field',
    async run(t) {
      const r = await t.get('/@types/News%20Item');
      t.status(r, 200);
      t.body(r, { properties: { image: { type: 'object' } } });
    },
  },
  {
    id: 'types.expand.embeds-the-component',
    level: 'MUST',
    source: seed('Resources/Content object (@components types); conventions 8'),
    title: 'expand=types embeds the addable types for an authenticated caller',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}?expand=types`);
      t.status(r, 200);
      t.like(r.body?.['@components']?.types, containing([{ '@id': t.url('/@types/Document') }]), 'the embedded types');
    },
  },
]);
