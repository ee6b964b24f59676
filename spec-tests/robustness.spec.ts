// Hostile input (issue 9, robustness): each attack is refused with a 4xx JSON error body and
// changes nothing. Over-deep JSON, bodies over the size limit, names that are JavaScript object
// members, overlong ids and names, unbounded queries, wrongly typed fields, unknown names.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);

describe('deep JSON', () => {
  it('refuses 10,000 nested levels in blocks with 400 before anything is stored', async () => {
    const raw = `{"@type": "Document", "id": "deep-doc", "title": "Deep", "blocks": ${nestedObject(10_000)}}`;
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect(r.body.error.message).toMatch(/deeper than \d+ levels/);
    expect((await api.get(`${box}/deep-doc`)).status).toBe(404);
  });

  it('refuses a deeply nested lock timeout and leaves the object unlocked', async () => {
    const doc = await api.post(box, { '@type': 'Document', id: 'lock-target', title: 'Lock target' });
    expect(doc.status).toBe(201);
    const raw = `{"timeout": ${nested(10_000)}}`;
    const r = await api.request('POST', `${box}/lock-target/@lock`, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect((await api.get(`${box}/lock-target/@lock`)).body.locked).toBe(false);
  });

  it('refuses over-deep JSON in the query parameter of GET @querystring-search', async () => {
    const r = await api.get(`/@querystring-search?query=${encodeURIComponent(nested(5000))}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/deeper than/);
  });

  it('accepts ordinary nesting (a Volto page of nested blocks)', async () => {
    const blocks = { a: { '@type': 'slate', value: [{ type: 'p', children: [{ type: 'strong', children: [{ text: 'x' }] }] }] } };
    const r = await api.post(box, { '@type': 'Document', id: 'nested-ok', title: 'Nested', blocks, blocks_layout: { items: ['a'] } });
    expect(r.status).toBe(201);
  });
});

describe('request body size', () => {
  it('answers 413 with a JSON error body beyond the limit and creates nothing', async () => {
    const raw = JSON.stringify({ '@type': 'Document', id: 'huge-doc', title: 'Huge', description: 'x'.repeat(17 * 1024 * 1024) });
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.body.error.type).toBe('PayloadTooLarge');
    expect(r.body.error.message).toMatch(/limit of \d+ bytes/);
    expect((await api.get(`${box}/huge-doc`)).status).toBe(404);
  });
});

describe('names that are JavaScript object members', () => {
  const names = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'];

  it('reads and deletes of unknown such names answer 404, never an inherited member', async () => {
    for (const name of names) {
      for (const path of [`/@users/${name}`, `/@types/${name}`, `/@addons/${name}`, `/@vocabularies/${name}`]) {
        const r = await api.get(path);
        expect(r.status, path).toBe(404);
      }
      const del = await api.del(`/@users/${name}`);
      expect(del.status, name).toBe(404);
      expect(del.body.type, name).toBe('NotFound');
    }
  });

  it('users with such names can be created, read, shared, changed and deleted', async () => {
    for (const name of names) {
      const made = await api.post('/@users', { username: name, email: `${name.replace(/_/g, 'u')}@example.com`, password: 'long-enough-1' });
      expect(made.status, `${name}: ${made.text}`).toBe(201);
      expect((await api.get(`/@users/${name}`)).body.id).toBe(name);
      const share = await api.post(`${box}/@sharing`, { entries: [{ id: name, type: 'user', roles: { Reader: true } }] });
      expect(share.status, name).toBe(204);
      const sharing = await api.get(`${box}/@sharing?search=${encodeURIComponent(name)}`);
      expect(sharing.status, name).toBe(200);
      const entry = sharing.body.entries.find((e: { id: string }) => e.id === name);
      expect(entry?.roles.Reader, name).toBe(true);
      expect((await api.patch(`/@users/${name}`, { fullname: `Full ${name}` })).status).toBe(204);
      expect((await api.get(`/@users/${name}`)).body.fullname).toBe(`Full ${name}`);
      expect((await api.del(`/@users/${name}`)).status).toBe(204);
      expect((await api.get(`/@users/${name}`)).status).toBe(404);
    }
  });

  it('groups and content types with such names work like any other', async () => {
    for (const name of ['__proto__', 'valueOf']) {
      const group = await api.post('/@groups', { groupname: `${name}` });
      expect(group.status, group.text).toBe(201);
      expect((await api.get(`/@groups/${name}`)).body.id).toBe(name);
      expect((await api.del(`/@groups/${name}`)).status).toBe(204);
      const type = await api.post('/@controlpanels/dexterity-types', { title: `Type ${name}`, id: name });
      expect(type.status, type.text).toBe(201);
      expect((await api.get(`/@types/${name}`)).status).toBe(200);
      // content of that type is made, catalogued (its interfaces looked up by type id), found and removed
      const made = await api.post(box, { '@type': name, id: `of-type-${name}`, title: `Of type ${name}` });
      expect(made.status, made.text).toBe(201);
      expect(made.body['@type']).toBe(name);
      const found = await api.get(`${box}/@search?portal_type=${encodeURIComponent(name)}`);
      expect(found.body.items.map((i: { title: string }) => i.title)).toEqual([`Of type ${name}`]);
      expect((await api.del(`${box}/of-type-${name}`)).status).toBe(204);
      expect((await api.del(`/@controlpanels/dexterity-types/${name}`)).status).toBe(204);
      expect((await api.get(`/@types/${name}`)).status).toBe(404);
    }
  });

  it('reads tables of the server with such names as unknown ones (actions, views, upload metadata)', async () => {
    const actions = await api.get(`/@actions?categories=${names.join('&categories=')}`, { auth: 'anonymous' });
    expect(actions.status, actions.text).toBe(200);
    expect(Object.keys(actions.body).sort()).toEqual([...names].sort());
    for (const name of names) expect(actions.body[name]).toEqual([]);
    for (const name of names) expect((await api.get(`${box}/@@${name}`)).status).toBe(404);
    const meta = names.map((n) => `${n} ${Buffer.from('x').toString('base64')}`).join(',');
    const upload = await api.post(`${box}/@tus-upload`, undefined, { headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1', 'Upload-Metadata': `${meta},filename ${Buffer.from('a.txt').toString('base64')}` } });
    expect(upload.status, upload.text).toBe(201);
  });

  it('refuses content ids Plone refuses, with 400, and creates nothing', async () => {
    const r = await api.post(box, { '@type': 'Document', id: '__proto__', title: 'Proto' });
    expect(r.status).toBe(400);
    expect((await api.get(`${box}/__proto__`)).status).toBe(404);
    const ok = await api.post(box, { '@type': 'Document', id: 'valueOf', title: 'Value of' });
    expect(ok.status).toBe(201);
    expect((await api.get(`${box}/valueOf`)).body.title).toBe('Value of');
  });
});

describe('sizes of ids and names', () => {
  const long = 'a'.repeat(300);

  it('refuses an over-long content id with 400 and creates nothing', async () => {
    const before = (await api.get(box)).body.items_total;
    const r = await api.post(box, { '@type': 'Document', id: 'x'.repeat(1024 * 1024), title: 'Long id' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/longer than 255/);
    expect((await api.get(box)).body.items_total).toBe(before);
  });

  it('refuses over-long user names, group names and type ids and titles', async () => {
    const user = await api.post('/@users', { username: long, email: 'long@example.com', password: 'long-enough-1' });
    expect(user.status).toBe(400);
    expect((await api.get(`/@users/${long}`)).status).toBe(404);
    const group = await api.post('/@groups', { groupname: long });
    expect(group.status).toBe(400);
    expect(group.body.message).toBe('The group name you entered is not valid.');
    const type = await api.post('/@controlpanels/dexterity-types', { title: 't'.repeat(512 * 1024) });
    expect(type.status).toBe(400);
    // over 1 MiB, a body only content, uploads and imports take is refused before it is read
    const huge = await api.post('/@controlpanels/dexterity-types', { title: 't'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.type).toBe('PayloadTooLarge');
    expect(huge.body.error.message).toBe('The request body is larger than the limit of 1048576 bytes for this endpoint.');
    const typeId = await api.post('/@controlpanels/dexterity-types', { title: 'Fine', id: long });
    expect(typeId.status).toBe(400);
    expect((await api.get(`/@types/${long}`)).status).toBe(404);
  });

  it('refuses over-long user properties (full name 1,000, description 64 KiB) on creation and change, storing nothing', async () => {
    const r = await api.post('/@users', { username: 'longname', email: 'longname@example.com', password: 'long-enough-1', fullname: 'F'.repeat(1001) });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("Property 'fullname' is longer than 1000 characters.");
    expect((await api.get('/@users/longname')).status).toBe(404);
    const made = await api.post('/@users', { username: 'longname', email: 'longname@example.com', password: 'long-enough-1', fullname: 'F'.repeat(1000), description: 'd'.repeat(64 * 1024) });
    expect(made.status).toBe(201);
    const patch = await api.patch('/@users/longname', { description: 'd'.repeat(64 * 1024 + 1) });
    expect(patch.status).toBe(400);
    expect(JSON.stringify(patch.body)).toContain("Field 'description' is longer than 65536 characters.");
    const after = await api.get('/@users/longname');
    expect(after.body.fullname).toBe('F'.repeat(1000));
    expect(after.body.description).toBe('d'.repeat(64 * 1024));
  });

  it('refuses an over-long password on user creation, and checks none on @login', async () => {
    const r = await api.post('/@users', { username: 'longpw', email: 'longpw@example.com', password: 'p'.repeat(5000) });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/at most \d+ characters/);
    const login = await api.post('/@login', { login: api.admin.user, password: 'p'.repeat(512 * 1024) }, { auth: 'anonymous' });
    expect(login.status).toBe(401);
    expect(login.body.error.type).toBe('Invalid credentials');
    const huge = await api.post('/@login', { login: api.admin.user, password: 'p'.repeat(5 * 1024 * 1024) }, { auth: 'anonymous' });
    expect(huge.status).toBe(413);
    expect(huge.body.error.type).toBe('PayloadTooLarge');
  });
});

describe('bounded queries', () => {
  it('refuses a long SearchableText on @querystring-search (400; 413 over 1 MiB, unread) and @search with 400', async () => {
    const query = (text: string) => ({ query: [{ i: 'SearchableText', o: 'plone.app.querystring.operation.string.contains', v: text }] });
    const q = await api.post('/@querystring-search', query('lorem ipsum '.repeat(80_000)), { auth: 'anonymous' });
    expect(q.status).toBe(400);
    expect(q.body.message).toMatch(/longer than \d+ characters/);
    const huge = await api.post('/@querystring-search', query('lorem ipsum '.repeat(450_000)), { auth: 'anonymous' });
    expect(huge.status).toBe(413);
    expect(huge.body.error.type).toBe('PayloadTooLarge');
    const s = await api.get(`/@search?SearchableText=${'word%20'.repeat(100)}`);
    expect(s.status).toBe(400);
    expect(s.body.message).toMatch(/more than \d+ words/);
    const ok = await api.get('/@search?SearchableText=sandbox');
    expect(ok.status).toBe(200);
  });

  it('indexes the first 100,000 characters of a 3 MB rich text; the object keeps all of it', async () => {
    const filler = '<p>' + 'filler words here '.repeat(175_000) + '</p>';
    const data = `<p>openingword</p>${filler}<p>closingword</p>`;
    const r = await api.post(box, { '@type': 'Document', id: 'huge-text', title: 'Huge', text: { data, 'content-type': 'text/html', encoding: 'utf-8' } });
    expect(r.status).toBe(201);
    const found = (word: string) => api.get(`${box}/@search?SearchableText=${word}`).then((s) => s.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop()));
    expect(await found('openingword')).toEqual(['huge-text']);
    expect(await found('closingword')).toEqual([]);
    expect((await api.get(`${box}/huge-text`)).body.text.data).toContain('closingword');
  });

  it('answers b_size 1,000,000 with fullobjects whole, in batches of work (the items all there)', async () => {
    const folder = await api.post(box, { '@type': 'Folder', id: 'many', title: 'Many' });
    expect(folder.status).toBe(201);
    for (let i = 0; i < 120; i++) expect((await api.post(`${box}/many`, { '@type': 'Document', id: `d${i}`, title: `D ${i}` })).status).toBe(201);
    const full = await api.get(`${box}/many?b_size=1000000&fullobjects=1`);
    expect(full.status).toBe(200);
    expect(full.body.items_total).toBe(120);
    expect(full.body.items.map((i: { id: string }) => i.id)).toEqual(Array.from({ length: 120 }, (_, i) => `d${i}`));
    expect(full.body.items[119]).toMatchObject({ '@type': 'Document', title: 'D 119', '@components': expect.any(Object) });
    expect(full.body).not.toHaveProperty('batching');
    const search = await api.get(`${box}/many/@search?b_size=1000000&fullobjects=1&portal_type=Document&sort_on=getObjPositionInParent`);
    expect(search.body.items_total).toBe(120);
    expect(search.body.items.map((i: { id: string }) => i.id)).toEqual(Array.from({ length: 120 }, (_, i) => `d${i}`));
    const page = await api.get(`${box}/many?b_size=60&b_start=60`);
    expect(page.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop())).toEqual(Array.from({ length: 60 }, (_, i) => `d${i + 60}`));
    expect(Object.keys(page.body.batching)).toEqual(['@id', 'first', 'last', 'prev']);
  });

  it('refuses a query with too many criteria', async () => {
    const rows = Array.from({ length: 1000 }, () => ({ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }));
    const r = await api.post('/@querystring-search', { query: rows });
    expect(r.status).toBe(400);
  });
});

describe('error bodies and wrongly typed fields', () => {
  it('answers 404 with a JSON error body for an unknown portrait, user, add-on and type field', async () => {
    for (const [method, path] of [
      ['GET', '/@portrait/nobody-here'],
      ['DELETE', '/@users/nobody-here'],
      ['GET', '/@addons/no.such.addon'],
      ['DELETE', '/@types/Document/no_such_field'],
    ] as const) {
      const r = await api.request(method, path);
      expect(r.status, path).toBe(404);
      expect(r.body?.type ?? r.body?.error?.type, path).toBe('NotFound');
    }
  });

  it('refuses wrongly typed user and group fields with 400 and stores nothing', async () => {
    const r = await api.post('/@users', { username: 'typed', email: 'typed@example.com', password: 'long-enough-1', fullname: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.errors).toEqual([{ field: 'fullname', message: "Property 'fullname' must be a string." }]);
    expect((await api.get('/@users/typed')).status).toBe(404);
    const g = await api.post('/@groups', { groupname: 'typed-group', title: { a: 1 } });
    expect(g.status).toBe(400);
    expect((await api.get('/@groups/typed-group')).status).toBe(404);
    const made = await api.post('/@users', { username: 'typed2', email: 'typed2@example.com', password: 'long-enough-1', fullname: 'Typed Two' });
    expect(made.status).toBe(201);
    expect((await api.patch('/@users/typed2', { fullname: ['x'] })).status).toBe(400);
    expect((await api.get('/@users/typed2')).body.fullname).toBe('Typed Two');
  });
});
