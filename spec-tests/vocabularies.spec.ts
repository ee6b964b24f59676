// @vocabularies, @sources, @querysources: listing, filters, batching, errors, permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
let docUid: string;
const PW = 'secret-pw-123';
const member = { user: 'vmember', password: PW };
const editor = { user: 'veditor', password: PW };

const V = 'cms.app.vocabularies.';
type Term = { title: string; token: string };
const tokens = (body: { items: Term[] }) => body.items.map((t) => t.token);

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const doc = await api.post(box, { '@type': 'Document', id: 'doc', title: 'Harbour report', subjects: ['boats', 'Anchors'] });
  expect(doc.status).toBe(201);
  docUid = doc.body.UID;
  expect((await api.post('/@users', { username: member.user, password: PW, email: 'm@example.org' })).status).toBe(201);
  expect((await api.post('/@users', { username: editor.user, password: PW, email: 'e@example.org', roles: ['Member', 'Editor'] })).status).toBe(201);
});

describe('GET @vocabularies', () => {
  it('lists every vocabulary as {@id, title}', async () => {
    const r = await api.get('/@vocabularies');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body).toContainEqual({ '@id': `${api.base}/@vocabularies/Fields`, title: 'Fields' });
    const names = r.body.map((v: { title: string }) => v.title);
    for (const name of [`${V}Keywords`, `${V}Users`, `${V}Catalog`, 'Behaviors', 'cms.app.contenttypes.metadatafields']) expect(names).toContain(name);
  });

  it('hangs the links off the context', async () => {
    const r = await api.get(`${box}/doc/@vocabularies`);
    expect(r.body[0]['@id']).toBe(`${api.base}${box}/doc/@vocabularies/${r.body[0].title}`);
  });
});

describe('GET @vocabularies/<name>', () => {
  it('answers the terms with @id and items_total', async () => {
    const r = await api.get(`/@vocabularies/${V}ReallyUserFriendlyTypes`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@vocabularies/${V}ReallyUserFriendlyTypes`);
    expect(r.body.items).toContainEqual({ title: 'Page', token: 'Document' });
    expect(r.body.items).toContainEqual({ title: 'Comment', token: 'Discussion Item' });
    expect(tokens(r.body)).not.toContain('Plone Site');
    expect(r.body.items_total).toBe(r.body.items.length);
  });

  it('offers the 20 field kinds', async () => {
    const r = await api.get('/@vocabularies/Fields');
    expect(r.body.items_total).toBe(20);
    expect(r.body.items[0]).toEqual({ title: 'Choice', token: 'label_choice_field' });
    expect(tokens(r.body)).toContain('Relation List');
  });

  it('filters by title (contains, case-insensitive) and keeps the filter in @id', async () => {
    const r = await api.get(`/@vocabularies/${V}Month?title=JU`);
    expect(r.body.items).toEqual([
      { title: 'June', token: '5' },
      { title: 'July', token: '6' },
    ]);
    expect(r.body['@id']).toBe(`${api.base}/@vocabularies/${V}Month?title=JU`);
  });

  it('filters by token (exact, case-insensitive) and by several tokens in vocabulary order', async () => {
    expect((await api.get(`/@vocabularies/${V}PortalTypes?token=document`)).body.items).toEqual([{ title: 'Page', token: 'Document' }]);
    expect((await api.get(`/@vocabularies/${V}PortalTypes?token=Docu`)).body.items).toEqual([]);
    const r = await api.get(`/@vocabularies/${V}Weekdays?tokens=4&tokens=1`);
    expect(tokens(r.body)).toEqual(['1', '4']);
  });

  it('refuses title and token together', async () => {
    const r = await api.get(`/@vocabularies/${V}Weekdays?title=a&token=1`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { type: 'Invalid parameters', message: 'You can not filter by title and token at the same time.' } });
  });

  it('batches by 25 by default, with b_size/b_start, and answers everything for b_size=-1', async () => {
    const first = await api.get(`/@vocabularies/${V}Timezones`);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items_total).toBeGreaterThan(25);
    expect(first.body.batching.next).toContain('b_start=25');
    const page = await api.get(`/@vocabularies/${V}Weekdays?b_size=3&b_start=3`);
    expect(tokens(page.body)).toEqual(['3', '4', '5']);
    expect(page.body.items_total).toBe(7);
    expect(page.body.batching).toMatchObject({ prev: expect.stringContaining('b_start=0'), next: expect.stringContaining('b_start=6') });
    const everything = await api.get(`/@vocabularies/${V}Timezones?b_size=-1`);
    expect(everything.body.items).toHaveLength(first.body.items_total);
    expect(everything.body.items_total).toBe(first.body.items_total);
    expect(everything.body.batching).toBeUndefined();
  });

  it('sorts by title on request', async () => {
    const r = await api.get(`/@vocabularies/${V}Weekdays?sort_on=title&b_size=2`);
    expect(r.body.items).toEqual([
      { title: 'Friday', token: '4' },
      { title: 'Monday', token: '0' },
    ]);
  });

  it('answers 404 for an unknown vocabulary', async () => {
    const r = await api.get('/@vocabularies/no.such.Vocabulary');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: { type: 'Not Found', message: "The vocabulary 'no.such.Vocabulary' does not exist" } });
  });

  it('collects the tags in use (Keywords)', async () => {
    const r = await api.get(`/@vocabularies/${V}Keywords`);
    expect(tokens(r.body)).toEqual(expect.arrayContaining(['Anchors', 'boats']));
  });

  it('finds objects by title in the Catalog vocabulary', async () => {
    const r = await api.get(`/@vocabularies/${V}Catalog?title=harbour`);
    expect(r.body.items).toEqual([{ title: 'Harbour report', token: docUid }]);
  });

  it('lists languages, scales, workflow states and behaviors', async () => {
    expect((await api.get(`/@vocabularies/${V}SupportedContentLanguages`)).body.items).toContainEqual({ title: 'English', token: 'en' });
    expect((await api.get(`/@vocabularies/${V}ImagesScales?token=preview`)).body.items).toEqual([{ title: 'preview (400x65536)', token: 'preview' }]);
    expect((await api.get(`/@vocabularies/${V}WorkflowStates?token=private`)).body.items).toEqual([{ title: 'Private [private]', token: 'private' }]);
    expect(tokens((await api.get('/@vocabularies/Behaviors?b_size=-1')).body)).toContain('cms.dublincore');
  });
});

describe('vocabulary permissions', () => {
  it('lets Anonymous read View-protected vocabularies', async () => {
    expect((await api.get(`/@vocabularies/${V}Weekdays`, { auth: 'anonymous' })).status).toBe(200);
  });

  it('answers 401 to Anonymous and 403 to members lacking Modify portal content', async () => {
    const anon = await api.get(`/@vocabularies/${V}Keywords`, { auth: 'anonymous' });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toEqual({ type: 'Not authenticated', message: `You need to be authenticated to access the vocabulary '${V}Keywords'.` });
    const denied = await api.get(`/@vocabularies/${V}Users`, { auth: member });
    expect(denied.status).toBe(403);
    expect(denied.body.error.type).toBe('Not authorized');
  });

  it('lets an Editor read Users', async () => {
    const r = await api.get(`/@vocabularies/${V}Users?token=${member.user}`, { auth: editor });
    expect(r.status).toBe(200);
    expect(tokens(r.body)).toEqual([member.user]);
  });
});

describe('GET @sources/<field>', () => {
  it('enumerates inline choices and named vocabularies, with the filters', async () => {
    const r = await api.get(`${box}/doc/@sources/allow_discussion`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      '@id': `${api.base}${box}/doc/@sources/allow_discussion`,
      items: [
        { title: 'Yes', token: 'True' },
        { title: 'No', token: 'False' },
      ],
      items_total: 2,
    });
    expect((await api.get(`${box}/doc/@sources/language?token=EN`)).body.items).toEqual([{ title: 'English', token: 'en' }]);
  });

  it('answers the errors of supplement 16.1', async () => {
    const missing = await api.get(`${box}/doc/@sources/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("No such field: 'nope'");
    const plain = await api.get(`${box}/doc/@sources/title`);
    expect(plain.status).toBe(404);
    expect(plain.body.error.message).toBe("Field 'title' does not have a source");
    const query = await api.get(`${box}/doc/@sources/relatedItems`);
    expect(query.status).toBe(400);
    expect(query.body.error.message).toBe("Source for field 'relatedItems' is not iterable. ");
    expect((await api.get(`${box}/doc/@sources/a/b`)).status).toBe(400);
  });

  it('is not available on the site root', async () => {
    expect((await api.get('/@sources/allow_discussion')).status).toBe(404);
  });

  it('needs the vocabulary access permission', async () => {
    expect((await api.get(`${box}/doc/@sources/allow_discussion`, { auth: member })).status).toBe(401);
  });
});

describe('GET @querysources/<field>', () => {
  it('answers the objects whose title matches the query', async () => {
    const r = await api.get(`${box}/doc/@querysources/relatedItems?query=HARB`);
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([{ title: 'Harbour report', token: docUid }]);
    expect(r.body.items_total).toBe(1);
  });

  it('refuses to enumerate, and rejects unknown fields and fields without a query source', async () => {
    const bare = await api.get(`${box}/doc/@querysources/relatedItems`);
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toMatch(/^Enumerating querysources is not supported/);
    expect((await api.get(`${box}/doc/@querysources/nope?query=x`)).status).toBe(404);
    expect((await api.get(`${box}/doc/@querysources/allow_discussion?query=y`)).status).toBe(404);
  });
});

describe('names used by the real frontends', () => {
  it('answers plone.app.vocabularies.* like the cms. vocabulary of the same name', async () => {
    const api = await connect();
    const cms = await api.get('/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes?b_size=-1');
    const plone = await api.get('/@vocabularies/plone.app.vocabularies.ReallyUserFriendlyTypes?b_size=-1');
    expect(plone.status).toBe(200);
    expect(plone.body.items).toEqual(cms.body.items);
    expect((await api.get('/@vocabularies/plone.app.vocabularies.NoSuchThing')).status).toBe(404);
  });
});
