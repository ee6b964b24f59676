// Editing a type's own schema through @types: fieldsets and fields are added, changed, moved,
// replaced and removed; behavior fields stay as they are; Manage Schemata only.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { createMember } from './member.helpers.ts';

let api: Api;
let member: { user: string; password: string };

const schemaOf = async (type: string) => (await api.get(`/@types/${type}`)).body;

beforeAll(async () => {
  api = await connect();
  member = await createMember(api, 'schema-member');
});

describe('POST @types/<type>', () => {
  it('adds a fieldset (201, id from the title)', async () => {
    const r = await api.post('/@types/Document', { factory: 'fieldset', title: 'Contact Info', description: 'Contact information' });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBeNull();
    expect(r.body).toEqual({ behavior: expect.stringMatching(/dexterity\.schema\.generated$/), description: 'Contact information', fields: [], id: 'contact_info', title: 'Contact Info' });
    expect((await api.get('/@types/Document/contact_info')).body).toEqual(r.body);
    expect((await schemaOf('Document')).fieldsets.map((f: { id: string }) => f.id)).toContain('contact_info');
  });

  it('adds a field by factory token or title (201, id from the title)', async () => {
    const r = await api.post('/@types/Document', { factory: 'Email', title: 'Author email', description: 'Email of the author', required: true });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      behavior: expect.stringMatching(/dexterity\.schema\.generated\./),
      description: 'Email of the author',
      factory: 'Email',
      title: 'Author email',
      type: 'string',
      widget: 'email',
    });
    const schema = await schemaOf('Document');
    expect(schema.properties.author_email).toEqual(r.body);
    expect(schema.required).toContain('author_email');
    expect(schema.fieldsets[0].fields).toContain('author_email');
    const byToken = await api.post('/@types/Document', { factory: 'label_integer_field', title: 'Page count' });
    expect(byToken.status).toBe(201);
    expect(byToken.body).toMatchObject({ factory: 'Integer', type: 'integer' });
  });

  it('refuses a missing or unknown factory and a taken id with 400', async () => {
    const missing = await api.post('/@types/Document', { title: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Missing parameter: 'factory'");
    const unknown = await api.post('/@types/Document', { factory: 'Hologram', title: 'X' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Missing/Invalid parameter factory: Hologram');
    expect((await api.post('/@types/Document', { factory: 'label_textline_field', title: 'Title' })).status).toBe(400);
    expect((await api.post('/@types/Nope', { factory: 'fieldset', title: 'X' })).status).toBe(404);
    expect((await schemaOf('Document')).properties.x).toBeUndefined();
  });
});

describe('new fields in content', () => {
  it('are serialized and validated', async () => {
    expect((await api.post('/@types/Document', { factory: 'label_textline_field', title: 'Subtitle' })).status).toBe(201);
    const box = await api.sandbox();
    const made = await api.post(box, { '@type': 'Document', id: 'with-subtitle', title: 'T', subtitle: 'Sub', author_email: 'a@example.com' });
    expect(made.status).toBe(201);
    const read = await api.get(`${box}/with-subtitle`);
    expect(read.body.subtitle).toBe('Sub');
    expect(read.body.author_email).toBe('a@example.com');
    const wrongType = await api.post(box, { '@type': 'Document', id: 'bad-count', title: 'T', page_count: 'many' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.text).toContain('page_count');
    const nullRequired = await api.post(box, { '@type': 'Document', id: 'null-email', title: 'T', author_email: null });
    expect(nullRequired.status).toBe(400);
    expect(nullRequired.text).toContain('author_email');
    expect((await api.get(`${box}/bad-count`)).status).toBe(404);
  });
});

describe('PATCH @types/<type>[/<name>]', () => {
  it('updates field properties and moves fields into fieldsets', async () => {
    expect((await api.patch('/@types/Document', { properties: { author_email: { default: 'foo@bar.com', maxLength: 20, minLength: 5 } } })).status).toBe(204);
    let schema = await schemaOf('Document');
    expect(schema.properties.author_email).toMatchObject({ default: 'foo@bar.com', maxLength: 20, minLength: 5 });
    expect((await api.patch('/@types/Document', { fieldsets: [{ fields: ['author_email'], id: 'contact_info', title: 'Contact info' }] })).status).toBe(204);
    schema = await schemaOf('Document');
    const contact = schema.fieldsets.find((f: { id: string }) => f.id === 'contact_info');
    expect(contact).toMatchObject({ title: 'Contact info', description: 'Contact information', fields: ['author_email'] });
    expect(schema.fieldsets[0].fields).not.toContain('author_email');
  });

  it('updates one fieldset', async () => {
    expect((await api.patch('/@types/Document/contact_info', { description: 'How to reach', fields: ['author_email'], title: 'Contact information' })).status).toBe(204);
    expect((await api.get('/@types/Document/contact_info')).body).toMatchObject({ title: 'Contact information', description: 'How to reach', fields: ['author_email'] });
  });

  it('updates one field', async () => {
    const r = await api.patch('/@types/Document/author_email', { description: 'The e-mail address of the author', maxLength: 20, minLength: 10, required: false, title: 'Author e-mail' });
    expect(r.status).toBe(204);
    const field = (await api.get('/@types/Document/author_email')).body;
    expect(field).toMatchObject({ title: 'Author e-mail', description: 'The e-mail address of the author', minLength: 10, maxLength: 20 });
    expect((await schemaOf('Document')).required).not.toContain('author_email');
  });

  it('refuses changing behavior fields and unknown names', async () => {
    const behavior = await api.patch('/@types/Document/title', { title: 'Headline' });
    expect(behavior.status).toBe(400);
    expect((await api.get('/@types/Document/title')).body.title).toBe('Title');
    expect((await api.patch('/@types/Document/nope', { title: 'x' })).status).toBe(404);
    const bad = await api.patch('/@types/Document/author_email', { required: 'yes' });
    expect(bad.status).toBe(400);
    expect((await schemaOf('Document')).required).not.toContain('author_email');
  });
});

describe('PUT @types/<type>', () => {
  it('replaces the own schema: omitted own fields and fieldsets go, behavior fields stay', async () => {
    expect((await api.post('/@controlpanels/dexterity-types', { title: 'Put Target' })).status).toBe(201);
    await api.post('/@types/put_target', { factory: 'label_textline_field', title: 'Old field' });
    await api.post('/@types/put_target', { factory: 'fieldset', title: 'Old set' });
    const schema = await schemaOf('put_target');
    delete schema.properties.old_field;
    schema.properties.new_field = { factory: 'Yes/No', title: 'New field', description: '' };
    schema.fieldsets = schema.fieldsets.filter((f: { id: string }) => f.id !== 'old_set');
    schema.fieldsets.push({ id: 'extra', title: 'Extra', description: '', fields: ['new_field'] });
    schema.required = ['title', 'new_field'];
    schema.layouts = ['view', 'document_view'];
    expect((await api.request('PUT', '/@types/put_target', { body: schema })).status).toBe(204);
    const after = await schemaOf('put_target');
    expect(after.properties.old_field).toBeUndefined();
    expect(after.properties.new_field).toMatchObject({ factory: 'Yes/No', type: 'boolean' });
    expect(after.properties.title).toMatchObject({ behavior: 'cms.dublincore' });
    expect(after.fieldsets.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining(['default', 'extra']));
    expect(after.fieldsets.map((f: { id: string }) => f.id)).not.toContain('old_set');
    expect(after.fieldsets.find((f: { id: string }) => f.id === 'extra').fields).toEqual(['new_field']);
    expect(after.required).toEqual(expect.arrayContaining(['title', 'new_field']));
    expect(after.layouts).toEqual(['view', 'document_view']);
  });
});

describe('DELETE @types/<type>/<name>', () => {
  it('removes a field and a fieldset (204); an unknown name is 404 (issue 9)', async () => {
    await api.post('/@types/Document', { factory: 'label_text_field', title: 'Scratch' });
    expect((await api.del('/@types/Document/scratch')).status).toBe(204);
    expect((await schemaOf('Document')).properties.scratch).toBeUndefined();
    expect((await api.del('/@types/Document/contact_info')).status).toBe(204);
    const schema = await schemaOf('Document');
    expect(schema.fieldsets.map((f: { id: string }) => f.id)).not.toContain('contact_info');
    expect(schema.fieldsets[0].fields).toContain('author_email');
    const missing = await api.del('/@types/Document/not_there');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Field(set) 'not_there' could not be found.");
  });

  it('refuses behavior fields, a missing name and extra segments with 400', async () => {
    expect((await api.del('/@types/Document/title')).status).toBe(400);
    expect((await schemaOf('Document')).properties.title).toBeDefined();
    const missing = await api.del('/@types/Document');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing parameter fieldname');
    expect((await api.del('/@types/Document/a/b')).body.message).toBe('Too many parameters');
  });
});

describe('permissions', () => {
  it('refuses members and anonymous callers with 401, changing nothing', async () => {
    for (const auth of [member, 'anonymous' as const]) {
      expect((await api.post('/@types/Document', { factory: 'fieldset', title: 'Intruder' }, { auth })).status).toBe(401);
      expect((await api.patch('/@types/Document/author_email', { title: 'Hacked' }, { auth })).status).toBe(401);
      expect((await api.request('PUT', '/@types/Document', { body: { properties: {} }, auth })).status).toBe(401);
      expect((await api.del('/@types/Document/author_email', undefined, { auth })).status).toBe(401);
    }
    const schema = await schemaOf('Document');
    expect(schema.fieldsets.map((f: { id: string }) => f.id)).not.toContain('intruder');
    expect(schema.properties.author_email.title).toBe('Author e-mail');
  });
});

describe('bodies of the wrong shape (the route schemas: field add, fieldset add, schema edit)', () => {
  const errors = (r: { body: any }) => JSON.parse(r.body.message).map((e: { field: string; message: string }) => [e.field, e.message]).sort();
  const WRONG = 'Object is of wrong type.';

  it('answers 400 with every bad member of a new field, and adds nothing', async () => {
    const before = await schemaOf('Document');
    const r = await api.post('/@types/Document', { factory: 'label_text_field', title: 5, required: 'yes', maxLength: 'long', values: ['a', 1] });
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('BadRequest');
    expect(errors(r)).toEqual([['maxLength', WRONG], ['required', WRONG], ['title', WRONG], ['values', WRONG]]);
    expect(await schemaOf('Document')).toEqual(before);
  });

  it('answers 400 for a new fieldset with a wrong title, and adds nothing', async () => {
    const before = await schemaOf('Document');
    const r = await api.post('/@types/Document', { factory: 'fieldset', title: ['x'], description: 3 });
    expect(r.status).toBe(400);
    expect(errors(r)).toEqual([['description', WRONG], ['title', WRONG]]);
    expect(await schemaOf('Document')).toEqual(before);
  });

  it('answers 400 for a schema edit, a field edit or a fieldset edit of the wrong shape', async () => {
    expect((await api.post('/@types/Document', { factory: 'label_text_field', title: 'Shape check' })).status).toBe(201);
    expect((await api.post('/@types/Document', { factory: 'fieldset', title: 'Shape set' })).status).toBe(201);
    const before = await schemaOf('Document');
    for (const [path, body, want] of [
      ['/@types/Document', { properties: 'title' }, [['properties', WRONG]]],
      ['/@types/Document', { properties: { shape_check: { required: 'no' } }, fieldsets: [{ id: 'shape_set', fields: 'shape_check' }] }, [['fieldsets', WRONG], ['properties', WRONG]]],
      ['/@types/Document/shape_check', { title: 1, minimum: '0' }, [['minimum', WRONG], ['title', WRONG]]],
      ['/@types/Document/shape_set', { fields: [1] }, [['fields', WRONG]]],
    ] as const) {
      const r = await api.patch(path, body);
      expect(r.status, path).toBe(400);
      expect(errors(r)).toEqual(want);
    }
    const put = await api.request('PUT', '/@types/Document', { body: { ...before, layouts: 'view' } });
    expect(put.status).toBe(400);
    expect(errors(put)).toEqual([['layouts', WRONG]]);
    expect(await schemaOf('Document')).toEqual(before);
    // the same members with their right types pass
    expect((await api.patch('/@types/Document/shape_check', { title: 'Shape', minimum: null, required: true })).status).toBe(204);
    expect((await schemaOf('Document')).properties.shape_check.title).toBe('Shape');
  });

  it('shows the three kinds of body in the OpenAPI document', async () => {
    const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body;
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    // a new field or fieldset: its kind required (judged once the type is found)
    expect(body('/@types/{type}', 'post')).toMatchObject({ title: 'A new field or fieldset', required: ['factory'] });
    expect(body('/@types/{type}', 'patch').oneOf.map((b: { title: string }) => b.title)).toEqual(['{type}: Schema edit: properties and fieldsets']);
    expect(body('/@types/{type}/{name}', 'patch').oneOf[0].properties).toHaveProperty('fields');
  });
});
