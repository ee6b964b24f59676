// Editing a type's own schema through @types/<type>: adding fieldsets and fields, reading them,
// changing, moving, replacing and removing them; behavior fields stay as they are. Every check
// works on a content type of its own (made through @controlpanels/dexterity-types, removed after),
// so no schema of the site is touched.
import type { CheckContext } from '../context.ts';
import { absent, anyString, containing, nonEmptyString, satisfies, without } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const TYPES = '/@controlpanels/dexterity-types';

/** A new content type (removed after the check); returns its id. */
async function newType(t: CheckContext): Promise<string> {
  const title = `Conform ${t.unique('type')}`;
  const r = t.need(await t.post(TYPES, { title, description: 'A type of a conformance check' }), `creating the content type ${title}`);
  const location = r.headers.get('location') ?? r.body?.['@id'];
  const id = typeof location === 'string' ? decodeURIComponent(location.split('/').pop() ?? '') : '';
  if (!id) t.fail('setup: the new content type has no Location', [], r.step);
  t.forget(`${TYPES}/${id}`);
  return id;
}

const schemaOf = async (t: CheckContext, type: string) => t.need(await t.get(`/@types/${type}`), `reading the schema of ${type}`).body;
const fieldsetIds = (schema: any): unknown => schema?.fieldsets?.map((f: { id: string }) => f.id);
/** A TTW schema's behavior name (plone.dexterity.schema.generated…; some servers spell it cms.…). */
const GENERATED = satisfies('the generated schema name (…dexterity.schema.generated…)', (b) => typeof b === 'string' && /dexterity\.schema\.generated/.test(b));

export default family('schemas', [
  {
    id: 'schemas.fieldset.create-answers-201',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (POST {factory: fieldset}: 201, id from the title); Resources/Type schema (fieldset resource)'),
    title: 'POST /@types/<type> {factory: "fieldset", title, description} answers 201 with the fieldset {id from the title, title, description, behavior, fields}',
    async run(t) {
      const type = await newType(t);
      const r = await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Contact Info', description: 'How to reach us' });
      t.status(r, 201);
      t.body(r, { id: 'contact_info', title: 'Contact Info', description: 'How to reach us', behavior: anyString, fields: [] });
      t.like(fieldsetIds(await schemaOf(t, type)), containing(['contact_info']), 'the fieldsets of the schema');
      t.body(await t.get(`/@types/${type}/contact_info`), { id: 'contact_info', title: 'Contact Info', fields: [] }, 'GET /@types/<type>/contact_info');
    },
  },
  {
    id: 'schemas.field.create-answers-201',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (POST {factory: <field kind token>, title, description, required}: 201); Resources/Type schema (field resource)'),
    title: 'POST /@types/<type> {factory: "Email", title, description, required} answers 201 with the field; the schema has it, required',
    async run(t) {
      const type = await newType(t);
      const r = await t.post(`/@types/${type}`, { factory: 'Email', title: 'Author email', description: 'Where to write', required: true });
      t.status(r, 201);
      t.body(r, { title: 'Author email', description: 'Where to write', factory: nonEmptyString, type: 'string', behavior: anyString });
      const schema = await schemaOf(t, type);
      t.like(schema?.properties?.author_email, { title: 'Author email', type: 'string' }, 'the field in the schema');
      t.like(schema?.required, containing(['author_email']), 'the required fields');
      t.body(await t.get(`/@types/${type}/author_email`), { title: 'Author email', description: 'Where to write', type: 'string' }, 'GET /@types/<type>/author_email');
    },
  },
  {
    id: 'schemas.field.kinds-by-token',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (field kind tokens)'),
    title: 'Fields of the kinds label_integer_field, label_boolean_field and label_textline_field get the types integer, boolean and string',
    async run(t) {
      const type = await newType(t);
      for (const [factory, title, kind] of [['label_integer_field', 'Page count', 'integer'], ['label_boolean_field', 'Is draft', 'boolean'], ['label_textline_field', 'Subtitle', 'string']]) {
        const r = await t.post(`/@types/${type}`, { factory, title, description: '', required: false });
        t.status(r, 201, `POST a ${factory}`);
        t.body(r, { title, type: kind });
      }
    },
  },
  {
    id: 'schemas.behavior-fields.immutable',
    level: 'MUST',
    source: seed('Resources/Type schema (fields and fieldsets defined by behaviors are immutable through the type endpoint)'),
    title: 'A behavior field (title) can be neither changed nor removed through @types/<type>',
    async run(t) {
      const type = await newType(t);
      const before = (await schemaOf(t, type))?.properties?.title;
      await t.patch(`/@types/${type}/title`, { title: 'Headline', description: 'Changed' });
      await t.del(`/@types/${type}/title`);
      const after = await schemaOf(t, type);
      t.like(after?.properties?.title, before, 'the title field afterwards');
      t.like(after?.required, containing(['title']), 'the required fields afterwards');
    },
  },
  {
    id: 'schemas.field.used-by-content',
    level: 'SHOULD',
    source: supplement('14.1; 9.1 (new fields are serialised and validated)'),
    title: 'Content of the type stores and answers a new field; a value of the wrong kind is refused (400)',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'label_textline_field', title: 'Subtitle', description: '', required: false }), 'adding a field');
      t.need(await t.post(`/@types/${type}`, { factory: 'label_integer_field', title: 'Page count', description: '', required: false }), 'adding a second field');
      const box = await t.sandbox();
      const made = await t.post(box, { '@type': type, id: 'item', title: 'Item', subtitle: 'Below the title', page_count: 3 });
      t.status(made, 201, 'creating content of the type');
      t.body(await t.get(`${box}/item`), { subtitle: 'Below the title', page_count: 3 }, 'the new content');
      const wrong = await t.post(box, { '@type': type, id: 'wrong', title: 'Wrong', page_count: 'many' });
      t.status(wrong, 400, 'a page_count that is not a number');
      t.status(await t.get(`${box}/wrong`), 404, 'the refused content');
    },
  },
  {
    id: 'schemas.field.update',
    level: 'SHOULD',
    source: supplement('14.1 (PATCH /@types/<type>/<field>: 204)'),
    title: 'PATCH /@types/<type>/<field> changes title, description, required and length limits (204)',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'Email', title: 'Author email', description: '', required: true }), 'adding a field');
      t.status(await t.patch(`/@types/${type}/author_email`, { title: 'Author e-mail', description: 'Of the author', required: false, minLength: 5, maxLength: 40 }), 204);
      t.body(await t.get(`/@types/${type}/author_email`), { title: 'Author e-mail', description: 'Of the author', minLength: 5, maxLength: 40, behavior: GENERATED }, 'the field afterwards');
      t.like((await schemaOf(t, type))?.required, without(['author_email']), 'the required fields afterwards');
    },
  },
  {
    id: 'schemas.type.patch-properties-and-fieldsets',
    level: 'SHOULD',
    source: supplement('14.1 (PATCH /@types/<type> {properties, fieldsets}: 204; fields listed in a fieldset move there)'),
    title: 'PATCH /@types/<type> {properties, fieldsets} updates field properties and moves a field into a fieldset (204)',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Contact', description: '' }), 'adding a fieldset');
      t.need(await t.post(`/@types/${type}`, { factory: 'Email', title: 'Author email', description: '', required: false }), 'adding a field');
      t.status(await t.patch(`/@types/${type}`, { properties: { author_email: { default: 'team@example.org' } }, fieldsets: [{ id: 'contact', title: 'Contact us', fields: ['author_email'] }] }), 204);
      const schema = await schemaOf(t, type);
      t.like(schema?.properties?.author_email, { default: 'team@example.org' }, 'the field afterwards');
      t.like(schema?.fieldsets?.find((f: { id: string }) => f.id === 'contact'), { title: 'Contact us', fields: ['author_email'] }, 'the fieldset afterwards');
      t.like(schema?.fieldsets?.[0]?.fields, without(['author_email']), 'the default fieldset afterwards');
    },
  },
  {
    id: 'schemas.fieldset.update',
    level: 'SHOULD',
    source: supplement('14.1 (PATCH /@types/<type>/<fieldset> with fields: 204)'),
    title: 'PATCH /@types/<type>/<fieldset> {title, description, fields} changes the fieldset (204)',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Extra', description: '' }), 'adding a fieldset');
      t.need(await t.post(`/@types/${type}`, { factory: 'label_textline_field', title: 'Note', description: '', required: false }), 'adding a field');
      t.status(await t.patch(`/@types/${type}/extra`, { title: 'Extras', description: 'More fields', fields: ['note'] }), 204);
      t.body(await t.get(`/@types/${type}/extra`), { id: 'extra', title: 'Extras', description: 'More fields', fields: ['note'] }, 'the fieldset afterwards');
    },
  },
  {
    id: 'schemas.type.put-replaces-the-schema',
    level: 'SHOULD',
    source: supplement('14.1 (PUT /@types/<type>: own fields and fieldsets not sent are deleted; behavior fields stay)'),
    title: 'PUT /@types/<type> with the schema minus a field and a fieldset deletes them, adds new ones, keeps behavior fields (204)',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'label_textline_field', title: 'Old field', description: '', required: false }), 'adding a field');
      t.need(await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Old set', description: '' }), 'adding a fieldset');
      const schema = await schemaOf(t, type);
      delete schema.properties.old_field;
      schema.properties.new_field = { factory: 'Yes/No', title: 'New field', description: '', type: 'boolean' };
      schema.fieldsets = schema.fieldsets
        .filter((f: { id: string }) => f.id !== 'old_set')
        .map((f: { id: string; fields: string[] }) => ({ ...f, fields: f.fields.filter((n) => n !== 'old_field') }));
      schema.fieldsets.push({ id: 'extra', title: 'Extra', description: '', fields: ['new_field'] });
      t.status(await t.request('PUT', `/@types/${type}`, { body: schema }), 204);
      const after = await schemaOf(t, type);
      t.like(after?.properties, { old_field: absent, new_field: { type: 'boolean' }, title: { behavior: satisfies('a behavior (not the generated schema)', (b) => typeof b === 'string' && !/generated/.test(b)) } }, 'the properties afterwards');
      t.like(fieldsetIds(after), satisfies('default and extra, without old_set', (ids) => ids.includes('default') && ids.includes('extra') && !ids.includes('old_set')), 'the fieldsets afterwards');
    },
  },
  {
    id: 'schemas.delete.field-and-fieldset',
    level: 'SHOULD',
    source: supplement('14.1 (DELETE /@types/<type>/<name>: 204; no name: 400 "Missing parameter fieldname")'),
    title: 'DELETE /@types/<type>/<field> and …/<fieldset> answer 204 and remove them; DELETE /@types/<type> answers 400',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'label_text_field', title: 'Scratch', description: '', required: false }), 'adding a field');
      t.need(await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Scratch set', description: '' }), 'adding a fieldset');
      t.status(await t.del(`/@types/${type}/scratch`), 204, 'DELETE of the field');
      t.status(await t.del(`/@types/${type}/scratch_set`), 204, 'DELETE of the fieldset');
      const schema = await schemaOf(t, type);
      t.like(schema?.properties, { scratch: absent }, 'the fields afterwards');
      t.like(fieldsetIds(schema), without(['scratch_set']), 'the fieldsets afterwards');
      const missing = await t.del(`/@types/${type}`);
      t.status(missing, 400, 'DELETE without a name');
      t.body(missing, { message: 'Missing parameter fieldname' });
    },
  },
  {
    id: 'schemas.errors.factory',
    level: 'SHOULD',
    source: supplement('14.1 (400 "Missing parameter: \'factory\'", "Missing/Invalid parameter factory: <value>"; unknown type 404)'),
    title: 'A POST without factory or with an unknown one answers 400; a POST to an unknown type 404',
    async run(t) {
      const type = await newType(t);
      const missing = await t.post(`/@types/${type}`, { title: 'No factory' });
      t.status(missing, 400, 'a POST without factory');
      t.body(missing, { message: "Missing parameter: 'factory'" });
      const unknown = await t.post(`/@types/${type}`, { factory: 'Hologram', title: 'Unknown kind' });
      t.status(unknown, 400, 'a POST with an unknown factory');
      t.body(unknown, { message: 'Missing/Invalid parameter factory: Hologram' });
      t.status(await t.post(`/@types/${t.unique('NoSuchType')}`, { factory: 'fieldset', title: 'X' }), 404, 'a POST to an unknown type');
      t.like(Object.keys((await schemaOf(t, type))?.properties ?? {}), without(['no_factory', 'unknown_kind']), 'the fields afterwards');
    },
  },
  {
    id: 'schemas.access.managers-only',
    level: 'SHOULD',
    source: supplement('14.1 (Plone Site Setup: Overview)'),
    title: 'Members and Anonymous can neither add, change nor remove fields (401); nothing changes',
    async run(t) {
      const type = await newType(t);
      t.need(await t.post(`/@types/${type}`, { factory: 'label_textline_field', title: 'Kept', description: '', required: false }), 'adding a field');
      const member = await t.token(await t.user());
      for (const auth of [member, 'anonymous'] as const) {
        t.status(await t.post(`/@types/${type}`, { factory: 'fieldset', title: 'Intruder' }, { auth }), 401, 'POST');
        t.status(await t.patch(`/@types/${type}/kept`, { title: 'Hijacked' }, { auth }), 401, 'PATCH');
        t.status(await t.del(`/@types/${type}/kept`, undefined, { auth }), 401, 'DELETE');
      }
      const schema = await schemaOf(t, type);
      t.like(schema?.properties?.kept, { title: 'Kept' }, 'the field afterwards');
      t.like(fieldsetIds(schema), without(['intruder']), 'the fieldsets afterwards');
    },
  },
]);
