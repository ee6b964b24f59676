// @controlpanels: the panel list, registry-backed panels (read, change, validation), the
// content-types panel (list, create, read, change, remove) and who may use them.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api } from './client.ts';
import { createMember } from './member.helpers.ts';

let api: Api;
let member: { user: string; password: string };

beforeAll(async () => {
  api = await connect();
  member = await createMember(api, 'cp-member');
});

describe('GET @controlpanels', () => {
  it('lists panel summaries by group with searchable text', async () => {
    const r = await api.get('/@controlpanels');
    expect(r.status).toBe(200);
    const ids = r.body.map((p: { '@id': string }) => p['@id'].split('/').pop());
    for (const id of ['date-and-time', 'language', 'mail', 'navigation', 'search', 'site', 'socialmedia', 'content-rules', 'dexterity-types', 'editing', 'imaging', 'markup', 'usergroup', 'security']) {
      expect(ids).toContain(id);
    }
    expect(ids.indexOf('socialmedia')).toBeLessThan(ids.indexOf('editing'));
    expect(ids.indexOf('usergroup')).toBeLessThan(ids.indexOf('security'));
    const editing = r.body.find((p: { title: string }) => p.title === 'Editing');
    expect(editing).toEqual({
      '@id': `${api.base}/@controlpanels/editing`,
      group: 'Content',
      searchable_text: expect.arrayContaining(['Editing', 'Content', 'Enable link integrity checks']),
      title: 'Editing',
    });
    const types = r.body.find((p: { title: string }) => p.title === 'Content Types');
    expect(types.searchable_text).toContain('Page');
  });

  it('refuses anonymous callers and members with 401', async () => {
    expect((await api.get('/@controlpanels', { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get('/@controlpanels', { auth: member })).status).toBe(401);
    expect((await api.get('/@controlpanels/editing', { auth: member })).status).toBe(401);
  });

  it('answers 404 with body null for an unknown panel', async () => {
    const r = await api.get('/@controlpanels/nope');
    expect(r.status).toBe(404);
    expect(r.text).toBe('null');
  });
});

describe('registry-backed panels', () => {
  it('shows the editing panel with its defaults and schema', async () => {
    const r = await api.get('/@controlpanels/editing');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ '@id': `${api.base}/@controlpanels/editing`, title: 'Editing', group: 'Content' });
    expect(r.body.data).toEqual({
      available_editors: ['TinyMCE', 'None'],
      default_editor: { title: 'TinyMCE', token: 'TinyMCE' },
      enable_link_integrity_checks: true,
      ext_editor: false,
      lock_on_ttw_edit: true,
      subjects_of_navigation_root: false,
    });
    expect(r.body.schema.required).toEqual(['available_editors', 'default_editor']);
    expect(r.body.schema.fieldsets[0]).toMatchObject({ behavior: 'plone', id: 'default' });
    expect(r.body.schema.properties.ext_editor).toMatchObject({ factory: 'Yes/No', type: 'boolean', default: false });
  });

  it('shows defaults of every registry panel', async () => {
    const nav = (await api.get('/@controlpanels/navigation')).body.data;
    expect(nav.navigation_depth).toBe(3);
    expect(nav.sort_tabs_on).toEqual({ token: 'getObjPositionInParent', title: 'Position in Parent' });
    expect(nav.displayed_types.map((t: { token: string }) => t.token)).toEqual(['Link', 'News Item', 'Folder', 'Document', 'Event', 'Collection']);
    const mail = (await api.get('/@controlpanels/mail')).body.data;
    expect(mail).toMatchObject({ smtp_host: 'localhost', smtp_port: 25, email_from_name: null, email_charset: 'utf-8' });
    const security = (await api.get('/@controlpanels/security')).body.data;
    expect(security).toMatchObject({ enable_self_reg: false, use_email_as_login: false, autologin_after_password_reset: true });
    const language = (await api.get('/@controlpanels/language')).body;
    expect(language.data.default_language).toEqual({ token: 'en', title: 'English' });
    expect(language.schema.fieldsets.map((f: { id: string }) => f.id)).toEqual(['general', 'negotiation_scheme']);
    for (const id of ['date-and-time', 'search', 'site', 'socialmedia', 'imaging', 'markup', 'usergroup']) {
      expect((await api.get(`/@controlpanels/${id}`)).status).toBe(200);
    }
  });

  it('changes sent fields (204) and the change is read back', async () => {
    const r = await api.patch('/@controlpanels/editing', { ext_editor: true, default_editor: 'None' });
    expect(r.status).toBe(204);
    const data = (await api.get('/@controlpanels/editing')).body.data;
    expect(data.ext_editor).toBe(true);
    expect(data.default_editor).toEqual({ title: 'None', token: 'None' });
    expect(data.lock_on_ttw_edit).toBe(true);
    expect(await api.get('/@registry/plone.ext_editor').then((x) => x.body)).toBe(true);
  });

  it('navigation settings reach the navigation', async () => {
    expect((await api.patch('/@controlpanels/navigation', { generate_tabs: false })).status).toBe(204);
    const nav = await api.get('/@navigation');
    expect(nav.body.items.map((i: { title: string }) => i.title)).toEqual(['Home']);
    expect((await api.patch('/@controlpanels/navigation', { generate_tabs: true })).status).toBe(204);
  });

  it('refuses invalid values with 400 and the validation message list, changing nothing', async () => {
    const r = await api.patch('/@controlpanels/editing', { default_editor: null, ext_editor: false });
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('BadRequest');
    expect(JSON.parse(r.body.message)).toEqual([{ message: 'Required input is missing.', field: 'default_editor', error: 'ValidationError' }]);
    const wrong = await api.patch('/@controlpanels/mail', { smtp_port: 'twenty-five' });
    expect(wrong.status).toBe(400);
    const twitter = await api.patch('/@controlpanels/socialmedia', { twitter_username: '@plone' });
    expect(twitter.status).toBe(400);
    expect((await api.get('/@controlpanels/editing')).body.data.ext_editor).toBe(true);
    expect((await api.get('/@controlpanels/mail')).body.data.smtp_port).toBe(25);
    expect((await api.get('/@controlpanels/socialmedia')).body.data.twitter_username).toBe('');
  });

  it('needs a panel name to PATCH; other panels have no children', async () => {
    const r = await api.patch('/@controlpanels', { x: 1 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Missing parameter controlpanelname');
    expect((await api.get('/@controlpanels/editing/x')).status).toBe(404);
  });

  it('refuses a PATCH by a member or anonymous, changing nothing', async () => {
    expect((await api.patch('/@controlpanels/usergroup', { many_users: true }, { auth: member })).status).toBe(401);
    expect((await api.patch('/@controlpanels/usergroup', { many_users: true }, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get('/@controlpanels/usergroup')).body.data.many_users).toBe(false);
  });

  it('self-registration switched on lets anonymous callers register', async () => {
    const user = { username: 'selfreg', password: 'selfreg-pass-1', email: 'selfreg@example.com' };
    expect((await api.post('/@users', user, { auth: 'anonymous' })).status).not.toBe(201);
    expect((await api.patch('/@controlpanels/security', { enable_self_reg: true, enable_user_pwd_choice: true })).status).toBe(204);
    expect((await api.get('/@controlpanels/security')).body.data.enable_self_reg).toBe(true);
    expect((await api.post('/@users', user, { auth: 'anonymous' })).status).toBe(201);
    expect((await api.patch('/@controlpanels/security', { enable_self_reg: false })).status).toBe(204);
  });
});

describe('dexterity-types panel', () => {
  it('lists the types with counts', async () => {
    const r = await api.get('/@controlpanels/dexterity-types');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ '@id': `${api.base}/@controlpanels/dexterity-types`, title: 'Content Types', group: 'Content', data: {} });
    expect(r.body.items[0]).toMatchObject({ '@type': 'Plone Site', id: 'Plone Site', count: 1, meta_type: 'Dexterity FTI' });
    expect(r.body.items.find((t: { id: string }) => t.id === 'Document')).toEqual({
      '@id': `${api.base}/@controlpanels/dexterity-types/Document`,
      '@type': 'Document',
      count: expect.any(Number),
      description: '',
      id: 'Document',
      meta_type: 'Dexterity FTI',
      title: 'Page',
    });
  });

  it('counts the objects of each type exactly as they are added and removed', async () => {
    const title = `Counted ${uniqueId('type')}`;
    const made = await api.post('/@controlpanels/dexterity-types', { title });
    expect(made.status).toBe(201);
    const type = made.body['@id'].split('/').pop();
    const count = async (id: string) => (await api.get('/@controlpanels/dexterity-types')).body.items.find((t: { id: string }) => t.id === id)?.count;
    const documents = await count('Document');
    expect(await count(type)).toBe(0);
    const box = await api.sandbox();
    expect((await api.post(box, { '@type': 'Folder', id: 'f', title: 'f' })).status).toBe(201);
    for (const [at, id] of [[box, 'a'], [box, 'b'], [`${box}/f`, 'c']]) expect((await api.post(at, { '@type': type, id, title: id })).status).toBe(201);
    expect((await api.post(`${box}/f`, { '@type': 'Document', id: 'inner', title: 'inner' })).status).toBe(201);
    expect(await count(type)).toBe(3);
    expect(await count('Document')).toBe(documents + 1);
    expect((await api.del(`${box}/b`)).status).toBe(204);
    expect(await count(type)).toBe(2);
    expect((await api.del(`${box}/f`)).status).toBe(204); // with the Document inside it
    expect(await count(type)).toBe(1);
    expect(await count('Document')).toBe(documents);
  });

  it('reports every bad member of a new type at once (400), creating nothing', async () => {
    const before = (await api.get('/@controlpanels/dexterity-types')).body.items.length;
    const r = await api.post('/@controlpanels/dexterity-types', { title: 5, id: 'bad id!', description: ['x'] });
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('BadRequest');
    expect(JSON.parse(r.body.message).map((e: { field: string; message: string }) => [e.field, e.message]).sort()).toEqual([
      ['description', 'Object is of wrong type.'],
      ['id', 'Please use only letters, numbers and the following characters: _.'],
      ['title', 'Object is of wrong type.'],
    ]);
    const long = await api.post('/@controlpanels/dexterity-types', { title: 'Long', id: 'x'.repeat(300) });
    expect(JSON.parse(long.body.message)).toEqual([{ field: 'id', message: 'Value is too long (at most 255 characters).', error: 'ValidationError' }]);
    expect((await api.get('/@controlpanels/dexterity-types')).body.items.length).toBe(before);
    // a caller without the panel's permission is refused (401) before the body is judged
    expect((await api.post('/@controlpanels/dexterity-types', { title: 5 }, { auth: member })).status).toBe(401);
  });

  it('shows the panels\' bodies in the OpenAPI document', async () => {
    const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body;
    const titles = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema.oneOf.map((b: { title: string }) => b.title).sort();
    expect(titles('/@controlpanels/{panel}', 'post')).toEqual(['content-rules: A new rule', 'dexterity-types: A new content type']);
    expect(titles('/@controlpanels/{panel}/{item}', 'patch')).toEqual(['content-rules/{rule}: Changes of a rule', 'dexterity-types/{type}: Changes of a type']);
    // the changes of a type in general: its fields, and any behavior as a boolean member
    const change = doc.paths['/@controlpanels/{panel}/{item}'].patch.requestBody.content['application/json'].schema.oneOf.find((b: { title: string }) => b.title.startsWith('dexterity-types'));
    expect(Object.keys(change.properties).sort()).toEqual(['allowed_content_types', 'description', 'filter_content_types', 'title']);
    expect(change.properties.allowed_content_types).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(change.properties.filter_content_types.enum).toEqual([true, false, 'some', 'none', 'all']);
    expect(change.additionalProperties).toMatchObject({ type: 'boolean' });
  });

  describe('changes of a type refused by the panel form (400, field errors, nothing changed)', () => {
    const refusals: [string, Record<string, unknown>, string, string][] = [
      ['a title that is not text', { title: 5 }, 'title', 'Object is of wrong type.'],
      ['a blank title', { title: '   ' }, 'title', 'Object is of wrong type.'],
      ['a title too long', { title: 'x'.repeat(1001) }, 'title', 'Value is too long (at most 1000 characters).'],
      ['a description that is not text', { description: ['x'] }, 'description', 'Object is of wrong type.'],
      ['allowed types that are not a list', { allowed_content_types: 'Image' }, 'allowed_content_types', 'Object is of wrong type.'],
      ['an allowed type that is not text', { allowed_content_types: ['Image', 5, 6] }, 'allowed_content_types', 'Object is of wrong type.'],
      ['an allowed type the site does not have', { allowed_content_types: ['Image', 'NoSuchType'] }, 'allowed_content_types', 'Object is of wrong type.'],
      ['an allowed type named like a prototype member', { allowed_content_types: ['__proto__'] }, 'allowed_content_types', 'Object is of wrong type.'],
      ['a filter choice outside the list', { filter_content_types: 'maybe' }, 'filter_content_types', 'Object is of wrong type.'],
      ['a behavior switched by text', { 'cms.richtext': 'yes' }, 'cms.richtext', 'Object is of wrong type.'],
      ['a behavior switched by a number', { 'cms.versioning': 1 }, 'cms.versioning', 'Object is of wrong type.'],
    ];
    for (const [what, body, field, message] of refusals) {
      it(what, async () => {
        const id = uniqueId('kind').replace(/-/g, '_');
        expect((await api.post('/@controlpanels/dexterity-types', { title: 'Kind', id })).status).toBe(201);
        const before = (await api.get(`/@controlpanels/dexterity-types/${id}`)).body.data;
        // a good member next to the bad one does not land either
        const r = await api.patch(`/@controlpanels/dexterity-types/${id}`, { description: 'changed', ...body });
        expect(r.status).toBe(400);
        expect(r.body.type).toBe('BadRequest');
        expect(JSON.parse(r.body.message)).toEqual([{ field, message, error: 'ValidationError' }]);
        expect((await api.get(`/@controlpanels/dexterity-types/${id}`)).body.data).toEqual(before);
      });
    }

    it('every bad member at once, once each', async () => {
      const r = await api.patch('/@controlpanels/dexterity-types/Document', { title: '', allowed_content_types: [1, 2], 'cms.richtext': null, 'no.such.behavior': 'ignored' });
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body.message).map((e: { field: string }) => e.field).sort()).toEqual(['allowed_content_types', 'cms.richtext', 'title']);
      expect((await api.get('/@controlpanels/dexterity-types/Document')).body.data.title).toBe('Page');
    });
  });

  it('lands a valid change of every kind of member; unknown members are ignored', async () => {
    const id = uniqueId('dish').replace(/-/g, '_');
    expect((await api.post('/@controlpanels/dexterity-types', { title: 'Dish', id })).status).toBe(201);
    const r = await api.patch(`/@controlpanels/dexterity-types/${id}`, {
      title: 'Main dish',
      description: 'Served hot',
      allowed_content_types: ['Image', 'File'],
      filter_content_types: 'some',
      'cms.versioning': true,
      'cms.namefromtitle': false,
      'not.a.behavior': 'whatever',
    });
    expect(r.status).toBe(204);
    const data = (await api.get(`/@controlpanels/dexterity-types/${id}`)).body.data;
    expect(data).toMatchObject({ title: 'Main dish', description: 'Served hot', allowed_content_types: ['Image', 'File'], filter_content_types: true, 'cms.versioning': true, 'cms.namefromtitle': false });
    expect(data).not.toHaveProperty('not.a.behavior');
    expect((await api.patch(`/@controlpanels/dexterity-types/${id}`, { filter_content_types: 'all' })).status).toBe(204);
    expect((await api.get(`/@controlpanels/dexterity-types/${id}`)).body.data).toMatchObject({ filter_content_types: false, allowed_content_types: [] });
  });

  it('creates a type from a title (201, Location) and reads it back', async () => {
    const r = await api.post('/@controlpanels/dexterity-types', { title: 'My Custom Content Type', description: 'A custom content-type' });
    expect(r.status).toBe(201);
    const url = `${api.base}/@controlpanels/dexterity-types/my_custom_content_type`;
    expect(r.headers.get('location')).toBe(url);
    expect(r.body).toMatchObject({ '@id': url, title: 'My Custom Content Type', description: 'A custom content-type', group: 'Content', items: [] });
    expect(r.body.data).toMatchObject({
      title: 'My Custom Content Type',
      allowed_content_types: [],
      filter_content_types: true,
      'cms.dublincore': true,
      'cms.namefromtitle': true,
      'cms.richtext': false,
    });
    expect(r.body.schema.fieldsets.map((f: { id: string }) => f.id)).toEqual(['default', 'behaviors']);
    const read = await api.get('/@controlpanels/dexterity-types/my_custom_content_type');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(r.body.data);
    expect((await api.get('/@types/my_custom_content_type')).status).toBe(200);
    const dup = await api.post('/@controlpanels/dexterity-types', { title: 'My Custom Content Type' });
    expect(dup.status).toBe(400);
    const untitled = await api.post('/@controlpanels/dexterity-types', { description: 'x' });
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toBe("Property 'title' is required");
  });

  it('changes behaviors, allowed types and title; the type schema follows', async () => {
    await api.post('/@controlpanels/dexterity-types', { title: 'Recipe' });
    const r = await api.patch('/@controlpanels/dexterity-types/recipe', {
      title: 'Kitchen recipe',
      'cms.richtext': true,
      'cms.namefromtitle': false,
      allowed_content_types: ['Image'],
    });
    expect(r.status).toBe(204);
    const data = (await api.get('/@controlpanels/dexterity-types/recipe')).body.data;
    expect(data).toMatchObject({ title: 'Kitchen recipe', 'cms.richtext': true, 'cms.namefromtitle': false, allowed_content_types: ['Image'] });
    const schema = (await api.get('/@types/recipe')).body;
    expect(schema.title).toBe('Kitchen recipe');
    expect(schema.properties.text).toMatchObject({ behavior: 'cms.richtext' });
    expect((await api.post('', { '@type': 'recipe', id: 'soup', title: 'Soup', text: { data: '<p>Hot</p>', 'content-type': 'text/html' } })).status).toBe(201);
    expect((await api.get('/soup')).body.text.data).toContain('Hot');
    expect((await api.post('/soup', { '@type': 'Image', id: 'pic', title: 'Pic' })).status).not.toBe(403);
    expect((await api.post('/soup', { '@type': 'Document', id: 'doc', title: 'Doc' })).status).toBe(403);
    const bad = await api.patch('/@controlpanels/dexterity-types/recipe', { 'cms.richtext': 'yes' });
    expect(bad.status).toBe(400);
    expect((await api.get('/@controlpanels/dexterity-types/recipe')).body.data['cms.richtext']).toBe(true);
  });

  it('removes a type (204); its objects stay', async () => {
    await api.post('/@controlpanels/dexterity-types', { title: 'Gone soon' });
    expect((await api.del('/@controlpanels/dexterity-types/gone_soon')).status).toBe(204);
    expect((await api.get('/@controlpanels/dexterity-types/gone_soon')).status).toBe(404);
    expect((await api.get('/@types/gone_soon')).status).toBe(404);
    expect((await api.del('/@controlpanels/dexterity-types')).status).toBe(400);
  });

  it('refuses members and anonymous callers, changing nothing', async () => {
    for (const auth of [member, 'anonymous' as const]) {
      expect((await api.get('/@controlpanels/dexterity-types', { auth })).status).toBe(401);
      expect((await api.post('/@controlpanels/dexterity-types', { title: 'Sneaky' }, { auth })).status).toBe(401);
      expect((await api.patch('/@controlpanels/dexterity-types/Document', { title: 'Hacked' }, { auth })).status).toBe(401);
      expect((await api.del('/@controlpanels/dexterity-types/Document', undefined, { auth })).status).toBe(401);
    }
    expect((await api.get('/@controlpanels/dexterity-types/sneaky')).status).toBe(404);
    expect((await api.get('/@controlpanels/dexterity-types/Document')).body.data.title).toBe('Page');
  });
});
