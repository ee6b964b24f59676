// Content objects: create, read, update, delete, ordering, batching, errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function create(path: string, body: Record<string, unknown>) {
  const r = await api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r;
}

describe('POST creates content', () => {
  it('answers 201 with Location and the serialised object', async () => {
    const r = await create(box, { '@type': 'Document', title: 'My Document' });
    expect(r.headers.get('location')).toBe(`${api.base}${box}/my-document`);
    expect(r.body['@id']).toBe(`${api.base}${box}/my-document`);
    expect(r.body['@type']).toBe('Document');
    expect(r.body.id).toBe('my-document');
    expect(r.body.title).toBe('My Document');
    expect(r.body.review_state).toBe('private');
    expect(r.body.type_title).toBe('Page');
    expect(r.body.UID).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body.creators).toEqual([api.admin.user]);
    expect(r.body.parent['@id']).toBe(`${api.base}${box}`);
    expect(r.body.lock).toEqual({ locked: false, stealable: true });
    expect(r.body.version).toBe('current');
    expect(r.body.changeNote).toBe('');
    expect(r.body.versioning_enabled).toBe(true);
    expect(r.body.is_folderish).toBe(false);
    expect(r.body.text).toBeNull();
    expect(r.body.language).toBe('');
    expect(r.body.subjects).toEqual([]);
    expect(r.body.effective).toBeNull();
    expect(typeof r.body.created).toBe('string');
    expect(r.body['@components'].breadcrumbs['@id']).toBe(`${api.base}${box}/my-document/@breadcrumbs`);
    const read = await api.get(`${box}/my-document`);
    expect(read.status).toBe(200);
    expect(read.body.UID).toBe(r.body.UID);
  });

  it('makes ids unique from the title', async () => {
    const folder = (await create(box, { '@type': 'Folder', title: 'Unique ids' })).body.id;
    const a = await create(`${box}/${folder}`, { '@type': 'Document', title: 'Same Title' });
    const b = await create(`${box}/${folder}`, { '@type': 'Document', title: 'Same Title' });
    expect(a.body.id).toBe('same-title');
    expect(b.body.id).toBe('same-title-1');
  });

  it('refuses a taken id with 400 and changes nothing', async () => {
    await create(box, { '@type': 'Document', id: 'taken', title: 'First' });
    const r = await api.post(box, { '@type': 'Document', id: 'taken', title: 'Second' });
    expect(r.status).toBe(400);
    expect(r.text).toContain('already in use');
    expect((await api.get(`${box}/taken`)).body.title).toBe('First');
  });

  it('requires @type (400) and a known type (403)', async () => {
    const missing = await api.post(box, { title: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe("Property '@type' is required");
    const unknown = await api.post(box, { '@type': 'Spaceship', title: 'x' });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.message).toContain("No content type with the name 'Spaceship' found");
  });

  it('validates required fields and field types naming the field', async () => {
    const r = await api.post(box, { '@type': 'File', title: 'no file', file: null });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.message)[0].field).toBe('file');
    const empty = await api.post(box, { '@type': 'Document', title: '' });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body.message)).toContainEqual({ field: 'title', message: 'Required input is missing.', error: 'ValidationError' });
    const untitled = await api.post(box, { '@type': 'Folder', id: 'untitled' });
    expect(untitled.status).toBe(201);
    expect(untitled.body.title).toBe('');
    const wrong = await api.post(box, { '@type': 'Document', title: 'x', exclude_from_nav: 'nope' });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body.message)[0].field).toBe('exclude_from_nav');
  });

  it('non-folderish objects take no children', async () => {
    await create(box, { '@type': 'Link', id: 'a-link', title: 'Link', remoteUrl: 'https://example.org' });
    const r = await api.post(`${box}/a-link`, { '@type': 'Document', title: 'child' });
    expect(r.status).toBe(404);
    // the route does not exist there: 404 before any permission check, and the body is never read
    const anonymous = await api.post(`${box}/a-link`, { '@type': 'Document', title: 'child' }, { auth: 'anonymous' });
    expect(anonymous.status).toBe(404);
    const upload = await api.post(`${box}/a-link`, { '@type': 'File', file: { data: 'not base64 at all!', encoding: 'base64', filename: 'f.txt', 'content-type': 'text/plain' } });
    expect(upload.status).toBe(404);
    expect((await api.get(`${box}/a-link`)).body.items).toBeUndefined();
  });

  it('stores rich text and returns it as {content-type, data, encoding}', async () => {
    const r = await create(box, {
      '@type': 'Document',
      title: 'Texty',
      text: { 'content-type': 'text/html', data: '<p>Hello <b>world</b></p>', encoding: 'utf-8' },
    });
    expect(r.body.text).toEqual({ 'content-type': 'text/html', data: '<p>Hello <b>world</b></p>', encoding: 'utf-8' });
  });

  it('creates events with their fields', async () => {
    const r = await create(box, {
      '@type': 'Event',
      title: 'Concert',
      start: '2026-05-01T19:00:00+00:00',
      end: '2026-05-01T22:00:00+00:00',
      location: 'Harbour',
      whole_day: false,
      attendees: ['ann', 'bob'],
    });
    expect(r.body.start).toBe('2026-05-01T19:00:00+00:00');
    expect(r.body.end).toBe('2026-05-01T22:00:00+00:00');
    expect(r.body.location).toBe('Harbour');
    expect(r.body.open_end).toBe(false);
    expect(r.body.attendees).toEqual(['ann', 'bob']);
    expect(r.body.recurrence).toBeNull();
  });
});

describe('PATCH updates content', () => {
  it('answers 204 and changes the fields', async () => {
    await create(box, { '@type': 'Document', id: 'editable', title: 'Before' });
    const r = await api.patch(`${box}/editable`, { title: 'After', description: 'Now described' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    const read = await api.get(`${box}/editable`);
    expect(read.body.title).toBe('After');
    expect(read.body.description).toBe('Now described');
  });

  it('answers 200 with the representation when asked', async () => {
    await create(box, { '@type': 'Document', id: 'represented', title: 'Before' });
    const r = await api.patch(`${box}/represented`, { title: 'After' }, { headers: { Prefer: 'return=representation' } });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('After');
    expect(r.body['@components']).toBeTypeOf('object');
  });

  it('rejects a wrong field type with 400 naming the field and changes nothing', async () => {
    await create(box, { '@type': 'Document', id: 'strict', title: 'Kept' });
    const r = await api.patch(`${box}/strict`, { title: 42 });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.message)[0].field).toBe('title');
    expect((await api.get(`${box}/strict`)).body.title).toBe('Kept');
  });

  it('refuses null for a required field', async () => {
    await create(box, { '@type': 'Document', id: 'required', title: 'Kept' });
    const r = await api.patch(`${box}/required`, { title: null });
    expect(r.status).toBe(400);
    expect(r.text).toContain('Setting it to null is not allowed');
  });

  it('renames with id', async () => {
    await create(box, { '@type': 'Document', id: 'old-name', title: 'Rename me' });
    expect((await api.patch(`${box}/old-name`, { id: 'new-name' })).status).toBe(204);
    expect((await api.get(`${box}/new-name`)).body.title).toBe('Rename me');
  });

  it('answers 400 for a body that is not JSON', async () => {
    await create(box, { '@type': 'Document', id: 'json-only', title: 'x' });
    const r = await api.request('PATCH', `${box}/json-only`, { raw: '{not json', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
  });
});

describe('ordering', () => {
  it('moves a child by delta, to top and to bottom', async () => {
    const folder = (await create(box, { '@type': 'Folder', title: 'Ordered' })).body.id;
    for (const id of ['a', 'b', 'c', 'd']) await create(`${box}/${folder}`, { '@type': 'Document', id, title: id });
    const ids = async () => (await api.get(`${box}/${folder}`)).body.items.map((i: { '@id': string }) => i['@id'].split('/').pop());
    expect(await ids()).toEqual(['a', 'b', 'c', 'd']);
    expect((await api.patch(`${box}/${folder}`, { ordering: { obj_id: 'd', delta: 'top' } })).status).toBe(204);
    expect(await ids()).toEqual(['d', 'a', 'b', 'c']);
    await api.patch(`${box}/${folder}`, { ordering: { obj_id: 'd', delta: 2 } });
    expect(await ids()).toEqual(['a', 'b', 'd', 'c']);
    await api.patch(`${box}/${folder}`, { ordering: { obj_id: 'a', delta: 'bottom' } });
    expect(await ids()).toEqual(['b', 'd', 'c', 'a']);
    const mismatch = await api.patch(`${box}/${folder}`, { ordering: { obj_id: 'a', delta: -1, subset_ids: ['a', 'b'] } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('Client/server ordering mismatch');
    expect(await ids()).toEqual(['b', 'd', 'c', 'a']);
  });
});

describe('folder items are batched', () => {
  it('gives 25 items and batching links by default', async () => {
    const folder = (await create(box, { '@type': 'Folder', title: 'Big' })).body.id;
    for (let i = 0; i < 30; i++) await create(`${box}/${folder}`, { '@type': 'Document', id: `d${i}`, title: `D ${i}` });
    const r = await api.get(`${box}/${folder}`);
    expect(r.body.items_total).toBe(30);
    expect(r.body.items).toHaveLength(25);
    expect(r.body.batching.next).toBe(`${api.base}${box}/${folder}?b_start=25`);
    const page2 = await api.get(`${box}/${folder}?b_start=25`);
    expect(page2.body.items).toHaveLength(5);
    expect(page2.body.batching.prev).toBe(`${api.base}${box}/${folder}?b_start=0`);
    expect(page2.body.batching.next).toBeUndefined();
    const small = await api.get(`${box}/${folder}?b_size=40`);
    expect(small.body.items).toHaveLength(30);
    expect(small.body.batching).toBeUndefined();
    const none = await api.get(`${box}/${folder}?include_items=false`);
    expect(none.body.items).toBeUndefined();
  });
});

describe('DELETE removes the subtree', () => {
  it('answers 204 and the object and its children are gone', async () => {
    const folder = (await create(box, { '@type': 'Folder', title: 'Doomed' })).body.id;
    await create(`${box}/${folder}`, { '@type': 'Document', id: 'child', title: 'child' });
    expect((await api.del(`${box}/${folder}`)).status).toBe(204);
    expect((await api.get(`${box}/${folder}`)).status).toBe(404);
    expect((await api.get(`${box}/${folder}/child`)).status).toBe(404);
  });

  it('the site root cannot be deleted', async () => {
    expect((await api.del('')).status).toBe(404);
    expect((await api.get('')).status).toBe(200);
  });
});

describe('permissions', () => {
  it('hides private content from anonymous callers (401) and refuses their writes', async () => {
    await create(box, { '@type': 'Document', id: 'secret', title: 'Secret' });
    const r = await api.get(`${box}/secret`, { auth: 'anonymous' });
    expect(r.status).toBe(401);
    expect(r.body.type).toBe('Unauthorized');
    const patch = await api.patch(`${box}/secret`, { title: 'Hacked' }, { auth: 'anonymous' });
    expect(patch.status).toBe(401);
    const del = await api.del(`${box}/secret`, undefined, { auth: 'anonymous' });
    expect(del.status).toBe(401);
    expect((await api.get(`${box}/secret`)).body.title).toBe('Secret');
  });

  it('wrong Basic credentials run as anonymous', async () => {
    const r = await api.get('', { auth: { user: api.admin.user, password: 'wrong' } });
    expect(r.status).toBe(200);
    const post = await api.post(box, { '@type': 'Document', title: 'x' }, { auth: { user: api.admin.user, password: 'wrong' } });
    expect(post.status).toBe(401);
  });
});

describe('errors', () => {
  it('unknown paths answer 404 with the exception shape', async () => {
    const r = await api.get('/non-existing-resource');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ type: 'NotFound', message: `Resource not found: ${api.base}/non-existing-resource`, context: api.base });
  });

  it('a method without a service answers 405', async () => {
    const r = await api.request('PUT', box, { body: {} });
    expect(r.status).toBe(405);
  });
});

describe('site root', () => {
  it('has the root fields and no created/modified', async () => {
    const r = await api.get('');
    expect(r.body['@type']).toBe('Plone Site');
    expect(r.body.parent).toEqual({});
    expect(r.body.review_state).toBeNull();
    expect(r.body.is_folderish).toBe(true);
    expect(r.body.created).toBeUndefined();
    expect(r.body.version).toBeUndefined();
    expect(Array.isArray(r.body.items)).toBe(true);
  });
});

describe('collections', () => {
  it('list the results of their query as items', async () => {
    const folder = (await create(box, { '@type': 'Folder', title: 'Coll' })).body.id;
    await create(`${box}/${folder}`, { '@type': 'News Item', id: 'n1', title: 'News one' });
    await create(`${box}/${folder}`, { '@type': 'News Item', id: 'n2', title: 'News two' });
    await create(`${box}/${folder}`, { '@type': 'Document', id: 'd1', title: 'Doc' });
    const c = await create(`${box}/${folder}`, {
      '@type': 'Collection',
      id: 'news-coll',
      title: 'All news',
      query: [
        { i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['News Item'] },
        { i: 'path', o: 'plone.app.querystring.operation.string.relativePath', v: '..' },
      ],
      sort_on: 'sortable_title',
    });
    expect(c.body.items.map((i: { title: string }) => i.title)).toEqual(['News one', 'News two']);
    expect(c.body.items_total).toBe(2);
    expect(c.body.is_folderish).toBe(false);
    expect(c.body.limit).toBe(1000);
  });
});
