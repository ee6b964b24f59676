// @types: the addable types of a context, type schemas, fields and fieldsets.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

type TypeInfo = { '@id': string; id: string; title: string; addable: boolean; immediately_addable: boolean };

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(box, { '@type': 'Document', id: 'doc', title: 'Doc' })).status).toBe(201);
});

describe('GET @types', () => {
  it('lists the default types by title with their addability in a folder', async () => {
    const r = await api.get(`${box}/@types`);
    expect(r.status).toBe(200);
    const defaults = ['Collection', 'Event', 'File', 'Folder', 'Image', 'Link', 'News Item', 'Document'];
    const listed = (r.body as TypeInfo[]).filter((t) => defaults.includes(t.id));
    expect(listed.map((t) => t.id)).toEqual(defaults);
    expect(listed.find((t) => t.id === 'Document')).toEqual({
      '@id': `${api.base}/@types/Document`,
      addable: true,
      id: 'Document',
      immediately_addable: true,
      title: 'Page',
    });
    expect(listed.every((t) => t.addable && t.immediately_addable)).toBe(true);
    expect((r.body as TypeInfo[]).some((t) => t.id === 'Plone Site')).toBe(false);
  });

  it('makes nothing addable in a non-folderish item (classic site)', async () => {
    const folderishPages = (await api.get(`${box}/doc`)).body.is_folderish;
    const r = await api.get(`${box}/doc/@types`);
    expect(r.status).toBe(200);
    if (!folderishPages) expect((r.body as TypeInfo[]).every((t) => !t.addable && !t.immediately_addable)).toBe(true);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await api.get('/@types', { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get('/@types/Document', { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('GET @types/<type>', () => {
  it('answers the JSON schema of a type', async () => {
    const r = await api.get('/@types/Document');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json+schema');
    expect(r.body.title).toBe('Page');
    expect(r.body.type).toBe('object');
    expect(r.body.required).toContain('title');
    expect(r.body.layouts).toContain('document_view');
    const ids = r.body.fieldsets.map((f: { id: string }) => f.id);
    expect(ids.slice(0, 5)).toEqual(['default', 'settings', 'categorization', 'dates', 'ownership']);
    expect(r.body.fieldsets[0]).toMatchObject({ behavior: 'plone', id: 'default', title: 'Default' });
    expect(r.body.fieldsets[0].fields.slice(0, 2)).toEqual(['title', 'description']);
    expect(r.body.fieldsets[1].fields).toEqual(['exclude_from_nav', 'id', 'versioning_enabled', 'table_of_contents', 'allow_discussion']);
    expect(r.body.properties.title).toEqual({ behavior: 'cms.dublincore', description: '', factory: 'Text line (String)', title: 'Title', type: 'string' });
    expect(r.body.properties.exclude_from_nav).toMatchObject({ default: false, factory: 'Yes/No', type: 'boolean' });
    expect(r.body.properties.text).toMatchObject({ behavior: 'cms.richtext', factory: 'Rich Text', widget: 'richtext' });
    expect(r.body.properties.effective).toMatchObject({ factory: 'Date/Time', widget: 'datetime', type: 'string' });
  });

  it('describes choices, vocabularies and collections', async () => {
    const p = (await api.get('/@types/Document')).body.properties;
    expect(p.language.vocabulary).toEqual({ '@id': `${api.base}/@vocabularies/cms.app.vocabularies.SupportedContentLanguages` });
    expect(p.allow_discussion).toMatchObject({
      choices: [['True', 'Yes'], ['False', 'No']],
      enum: ['True', 'False'],
      enumNames: ['Yes', 'No'],
      vocabulary: { '@id': `${api.base}/@sources/allow_discussion` },
    });
    expect(p.subjects).toMatchObject({
      type: 'array',
      factory: 'Tuple',
      uniqueItems: true,
      additionalItems: true,
      items: { description: '', factory: 'Text line (String)', title: '', type: 'string' },
      widgetOptions: { vocabulary: { '@id': `${api.base}/@vocabularies/cms.app.vocabularies.Keywords` } },
    });
    expect(p.relatedItems.items).toEqual({
      description: '',
      factory: 'Relation Choice',
      title: 'Related',
      type: 'string',
      vocabulary: { '@id': `${api.base}/@vocabularies/cms.app.vocabularies.Catalog` },
    });
    expect(p.relatedItems.default).toEqual([]);
  });

  it('answers 404 for an unknown type', async () => {
    const r = await api.get('/@types/NoSuchType');
    expect(r.status).toBe(404);
    expect(r.body.type).toBe('NotFound');
    expect(r.body.message).toBe("Type 'NoSuchType' could not be found.");
  });

  it('answers a field or a fieldset by name', async () => {
    const field = await api.get('/@types/Document/description');
    expect(field.status).toBe(200);
    expect(field.body).toEqual({
      behavior: 'cms.dublincore',
      description: 'Used in item listings and search results.',
      factory: 'Text',
      title: 'Summary',
      type: 'string',
      widget: 'textarea',
    });
    const fieldset = await api.get('/@types/Document/dates');
    expect(fieldset.body).toEqual({ behavior: 'plone', description: '', fields: ['effective', 'expires'], id: 'dates', title: 'Dates' });
    const missing = await api.get('/@types/Document/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Field(set) 'nothing' could not be found.");
  });

  it('answers the schema of a type whose id has a space', async () => {
    const r = await api.get('/@types/News%20Item');
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('News Item');
    expect(r.body.properties.image).toMatchObject({ factory: 'Image', type: 'object' });
  });
});

describe('types component', () => {
  it('embeds the list with expand for authenticated callers', async () => {
    const r = await api.get(`${box}?expand=types`);
    expect(r.status).toBe(200);
    expect(r.body['@components'].types).toEqual((await api.get(`${box}/@types`)).body);
  });

  it('turns the whole request into 401 for anonymous callers', async () => {
    expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
    expect((await api.get(box, { auth: 'anonymous' })).status).toBe(200);
    expect((await api.get(`${box}?expand=types`, { auth: 'anonymous' })).status).toBe(401);
  });
});
