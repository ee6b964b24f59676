// "Restrict addable types" on folders (behavior cms.constraintypes, supplement 7, 9.1, 14.1):
// mode -1 acquire / 0 disabled / 1 enabled, locally allowed and immediately addable lists,
// set in POST and PATCH bodies with "Modify constrain types", validated, acquired by subfolders,
// shown by @types and enforced on every path that adds content (POST, paste, TUS, check-out).
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { createMember } from './member.helpers.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

type TypeInfo = { id: string; addable: boolean; immediately_addable: boolean };

async function typesAt(path: string): Promise<Map<string, TypeInfo>> {
  const r = await api.get(`${path}/@types`);
  expect(r.status).toBe(200);
  return new Map((r.body as TypeInfo[]).map((t) => [t.id, t]));
}

async function folder(parent: string, id: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await api.post(parent, { '@type': 'Folder', id, title: id, ...extra });
  expect(r.status, r.text).toBe(201);
  return `${parent}/${id}`;
}

describe('a folder without constraints', () => {
  it('offers every globally addable type, all immediately addable', async () => {
    const f = await folder(box, 'plain');
    const types = await typesAt(f);
    for (const id of ['Document', 'Folder', 'News Item', 'Event', 'File', 'Image', 'Link', 'Collection']) {
      expect(types.get(id), id).toMatchObject({ addable: true, immediately_addable: true });
    }
  });
});

describe('mode enabled', () => {
  let f: string;
  beforeAll(async () => {
    f = await folder(box, 'restricted');
    const r = await api.patch(f, { constrain_types_mode: 1, locally_allowed_types: ['Document', 'Folder'], immediately_addable_types: ['Document'] });
    expect(r.status, r.text).toBe(204);
  });

  it('@types: only the locally allowed types are addable, only the immediate ones immediately', async () => {
    const types = await typesAt(f);
    expect(types.get('Document')).toMatchObject({ addable: true, immediately_addable: true });
    expect(types.get('Folder')).toMatchObject({ addable: true, immediately_addable: false });
    expect(types.get('News Item')).toMatchObject({ addable: false, immediately_addable: false });
    expect(types.get('Event')).toMatchObject({ addable: false, immediately_addable: false });
  });

  it('POST of a type not allowed: 403 Shape B, nothing created; allowed types are created', async () => {
    const r = await api.post(f, { '@type': 'News Item', id: 'n', title: 'N' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { type: 'Forbidden', message: 'Disallowed subobject type: News Item' } });
    expect((await api.get(`${f}/n`)).status).toBe(404);
    expect((await api.post(f, { '@type': 'Document', id: 'd', title: 'D' })).status).toBe(201);
    expect((await api.post(f, { '@type': 'Folder', id: 'sub', title: 'Sub' })).status).toBe(201);
  });

  it('the AllowedContentTypes vocabulary follows the constraints', async () => {
    const r = await api.get(`${f}/@vocabularies/plone.app.vocabularies.AllowedContentTypes`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((t: { token: string }) => t.token).sort()).toEqual(['Document', 'Folder']);
  });

  it('GET does not show the settings (Plone keeps them without a schema)', async () => {
    const r = await api.get(f);
    expect(r.body).not.toHaveProperty('constrain_types_mode');
    expect(r.body).not.toHaveProperty('locally_allowed_types');
  });

  it('a subfolder acquires the constraints (mode -1, the default) unless it disables them (0)', async () => {
    const acquiring = await folder(f, 'acquiring');
    const types = await typesAt(acquiring);
    expect(types.get('Folder')).toMatchObject({ addable: true, immediately_addable: false });
    expect(types.get('Document')).toMatchObject({ addable: true, immediately_addable: true });
    expect(types.get('Event')!.addable).toBe(false);
    expect((await api.post(acquiring, { '@type': 'Event', id: 'e', title: 'E' })).status).toBe(403);
    const deeper = await folder(acquiring, 'deeper');
    expect((await typesAt(deeper)).get('Event')!.addable).toBe(false);

    const free = await folder(f, 'free', { constrain_types_mode: 0 });
    expect((await typesAt(free)).get('Event')).toMatchObject({ addable: true, immediately_addable: true });
    expect((await api.post(free, { '@type': 'Event', id: 'e', title: 'E' })).status).toBe(201);
  });

  it('enabled without a locally allowed list keeps every type allowed (as in the acceptance site)', async () => {
    const g = await folder(box, 'immediate-only', { constrain_types_mode: 1, immediately_addable_types: ['Event'] });
    const types = await typesAt(g);
    expect(types.get('Event')).toMatchObject({ addable: true, immediately_addable: true });
    expect(types.get('Document')).toMatchObject({ addable: true, immediately_addable: false });
    expect((await api.post(g, { '@type': 'Document', id: 'd', title: 'D' })).status).toBe(201);
  });

  it('paste: @copy and @move of a type not allowed are refused and change nothing', async () => {
    const news = await api.post(box, { '@type': 'News Item', id: 'outside-news', title: 'Outside' });
    expect(news.status).toBe(201);
    for (const endpoint of ['@copy', '@move']) {
      const r = await api.post(`${f}/${endpoint}`, { source: `${box}/outside-news` });
      expect(r.status, endpoint).toBe(403);
      expect(r.body.error.message).toBe('Disallowed subobject type: News Item');
    }
    expect((await api.get(`${box}/outside-news`)).status).toBe(200);
    expect((await api.get(`${f}/outside-news`)).status).toBe(404);
  });

  it('TUS: an upload that would create a File is refused when it completes, and creates nothing', async () => {
    const TUS = { 'Tus-Resumable': '1.0.0' };
    const start = await api.request('POST', `${f}/@tus-upload`, {
      headers: { ...TUS, 'Upload-Length': '4', 'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}` },
    });
    expect(start.status).toBe(201);
    const r = await api.request('PATCH', start.headers.get('location')!, {
      raw: new TextEncoder().encode('data'),
      headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('Disallowed subobject type: File');
    expect((await api.get(`${f}/a.txt`)).status).toBe(404);
  });

  it('lifting the restriction (mode 0) allows everything again', async () => {
    const g = await folder(box, 'lifted', { constrain_types_mode: 1, locally_allowed_types: ['Document'] });
    expect((await typesAt(g)).get('Link')!.addable).toBe(false);
    expect((await api.patch(g, { constrain_types_mode: 0 })).status).toBe(204);
    expect((await typesAt(g)).get('Link')!.addable).toBe(true);
    expect((await api.patch(g, { constrain_types_mode: 1, locally_allowed_types: null })).status).toBe(204);
    expect((await typesAt(g)).get('Link')!.addable).toBe(true);
  });
});

describe('validation', () => {
  it('refuses bad values with 400 and changes nothing', async () => {
    const f = await folder(box, 'validated', { constrain_types_mode: 1, locally_allowed_types: ['Document', 'Folder'] });
    const bad: Record<string, unknown>[] = [
      { constrain_types_mode: 2 },
      { constrain_types_mode: '1' },
      { locally_allowed_types: 'Document' },
      { locally_allowed_types: ['Document', 'No Such Type'] },
      { locally_allowed_types: ['__proto__'] },
      { immediately_addable_types: ['Event'] },
      { locally_allowed_types: ['Folder'], immediately_addable_types: ['Document'] },
      { immediately_addable_types: [1] },
    ];
    for (const body of bad) {
      const r = await api.patch(f, { title: 'changed', ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.type).toBe('BadRequest');
    }
    const after = await api.get(f);
    expect(after.body.title).toBe('validated');
    const types = await typesAt(f);
    expect(types.get('Document')!.addable).toBe(true);
    expect(types.get('Event')!.addable).toBe(false);
    const onCreate = await api.post(box, { '@type': 'Folder', id: 'bad-new', constrain_types_mode: 1, immediately_addable_types: ['Nope'] });
    expect(onCreate.status).toBe(400);
    expect((await api.get(`${box}/bad-new`)).status).toBe(404);
  });

  it('the message for immediately addable types outside the allowed ones names them', async () => {
    const f = await folder(box, 'secondary');
    const r = await api.patch(f, { constrain_types_mode: 1, locally_allowed_types: ['Document'], immediately_addable_types: ['Document', 'Event'] });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.message)).toEqual([
      { message: 'You cannot have a type as a secondary type without having it allowed. You have selected Event.', field: 'immediately_addable_types', error: 'ValidationError' },
    ]);
  });
});

describe('permission "Modify constrain types"', () => {
  it('an Editor may edit the folder but its constraint values are skipped; the Owner sets them', async () => {
    const f = await folder(box, 'shared');
    const editor = await createMember(api, 'constrain-editor');
    const share = await api.post(`${f}/@sharing`, { entries: [{ id: editor.user, type: 'user', roles: { Editor: true } }] });
    expect(share.status).toBe(204);
    const r = await api.patch(f, { title: 'Edited', constrain_types_mode: 1, locally_allowed_types: ['Document'] }, { auth: editor });
    expect(r.status).toBe(204);
    expect((await api.get(f)).body.title).toBe('Edited');
    expect((await typesAt(f)).get('Event')!.addable).toBe(true);

    const contributor = await createMember(api, 'constrain-owner');
    const grant = await api.post(`${f}/@sharing`, { entries: [{ id: contributor.user, type: 'user', roles: { Contributor: true } }] });
    expect(grant.status).toBe(204);
    const own = await api.post(f, { '@type': 'Folder', id: 'mine', title: 'Mine', constrain_types_mode: 1, locally_allowed_types: ['Document'] }, { auth: contributor });
    expect(own.status, own.text).toBe(201);
    expect((await typesAt(`${f}/mine`)).get('Event')!.addable).toBe(false);
  });

  it('types without the behavior ignore the names', async () => {
    const link = await api.post(box, { '@type': 'Link', id: 'a-link', title: 'L', remoteUrl: 'https://example.org', constrain_types_mode: 1 });
    expect(link.status).toBe(201);
  });
});

describe('the acceptance site (supplement-2 2.3)', () => {
  it('news and events: everything allowed, News Item / Event immediately addable', async () => {
    const site = await connect({ preset: 'acceptance' });
    for (const [folderId, immediate] of [['news', 'News Item'], ['events', 'Event']]) {
      const r = await site.get(`/${folderId}/@types`);
      expect(r.status).toBe(200);
      const types = new Map((r.body as TypeInfo[]).map((t) => [t.id, t]));
      expect(types.get(immediate), folderId).toMatchObject({ addable: true, immediately_addable: true });
      expect(types.get('Document'), folderId).toMatchObject({ addable: true, immediately_addable: false });
      const immediately = [...types.values()].filter((t) => t.immediately_addable).map((t) => t.id);
      expect(immediately).toEqual([immediate]);
    }
    expect((await site.post('/news', { '@type': 'Document', id: 'page', title: 'Page' })).status).toBe(201);
  });
});
