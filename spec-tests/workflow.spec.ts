// @workflow: state, allowed transitions, history, and executing transitions.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function create(body: Record<string, unknown>, path = box) {
  const r = await api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r.body;
}

describe('GET @workflow', () => {
  it('reports state, allowed transitions and history of a new page', async () => {
    await create({ '@type': 'Document', id: 'fresh', title: 'Fresh' });
    const r = await api.get(`${box}/fresh/@workflow`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/fresh/@workflow`);
    expect(r.body.state).toEqual({ id: 'private', title: 'Private' });
    expect(r.body.transitions).toEqual([
      { '@id': `${api.base}${box}/fresh/@workflow/publish`, title: 'Publish' },
      { '@id': `${api.base}${box}/fresh/@workflow/submit`, title: 'Submit for publication' },
    ]);
    expect(r.body.history).toHaveLength(1);
    expect(r.body.history[0]).toMatchObject({ action: null, actor: api.admin.user, comments: '', review_state: 'private', title: 'Private' });
    expect(r.body.history[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('has no state on the site root and an empty state on objects without workflow', async () => {
    const root = await api.get('/@workflow');
    expect(root.body).toEqual({ '@id': `${api.base}/@workflow`, history: [], transitions: [] });
    await create({ '@type': 'File', id: 'file', file: { data: 'aGVsbG8=', encoding: 'base64', filename: 'a.txt', 'content-type': 'text/plain' } });
    const file = await api.get(`${box}/file/@workflow`);
    expect(file.body).toEqual({ '@id': `${api.base}${box}/file/@workflow`, history: [], transitions: [], state: { id: '', title: '' } });
  });

  it('shows anonymous callers neither history nor transitions', async () => {
    await create({ '@type': 'Document', id: 'open', title: 'Open' });
    expect((await api.post(`${box}/open/@workflow/publish`)).status).toBe(200);
    const r = await api.get(`${box}/open/@workflow`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.state).toEqual({ id: 'published', title: 'Published' });
    expect(r.body.transitions).toEqual([]);
    expect(r.body.history).toEqual([]);
  });
});

describe('POST @workflow/<transition>', () => {
  it('publishes, records history with the comment and sets the publication date', async () => {
    await create({ '@type': 'Document', id: 'to-publish', title: 'To publish' });
    const r = await api.post(`${box}/to-publish/@workflow/publish`, { comment: 'Looks good' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'publish', actor: api.admin.user, comments: 'Looks good', review_state: 'published', title: 'Published' });
    expect(typeof r.body.time).toBe('string');
    const doc = await api.get(`${box}/to-publish`);
    expect(doc.body.review_state).toBe('published');
    expect(typeof doc.body.effective).toBe('string');
    const info = await api.get(`${box}/to-publish/@workflow`);
    expect(info.body.history.map((h: { action: string | null }) => h.action)).toEqual([null, 'publish']);
    expect(info.body.transitions.map((t: { title: string }) => t.title)).toEqual(['Send back', 'Retract']);
    expect((await api.get(`${box}/to-publish`, { auth: 'anonymous' })).status).toBe(200);
  });

  it('sets effective and expires from the body', async () => {
    await create({ '@type': 'Document', id: 'dated', title: 'Dated' });
    const r = await api.post(`${box}/dated/@workflow/submit`, { effective: '2030-01-02T03:04:05+00:00', expires: '2031-01-01T00:00:00+00:00' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'submit', review_state: 'pending', title: 'Pending review' });
    const doc = await api.get(`${box}/dated`);
    expect(doc.body.effective).toBe('2030-01-02T03:04:05+00:00');
    expect(doc.body.expires).toBe('2031-01-01T00:00:00+00:00');
  });

  it('applies the transition to contained objects with include_children', async () => {
    const folder = await create({ '@type': 'Folder', id: 'tree', title: 'Tree' });
    expect(folder.review_state).toBe('private');
    await create({ '@type': 'Document', id: 'child', title: 'Child' }, `${box}/tree`);
    await create({ '@type': 'Folder', id: 'inner', title: 'Inner' }, `${box}/tree`);
    await create({ '@type': 'Document', id: 'grandchild', title: 'Grandchild' }, `${box}/tree/inner`);
    const file = { data: 'aGVsbG8=', encoding: 'base64', filename: 'a.txt', 'content-type': 'text/plain' };
    await create({ '@type': 'File', id: 'attachment', file }, `${box}/tree`);
    const r = await api.post(`${box}/tree/@workflow/publish`, { include_children: true });
    expect(r.status).toBe(200);
    for (const p of ['tree', 'tree/child', 'tree/inner', 'tree/inner/grandchild']) {
      expect((await api.get(`${box}/${p}`)).body.review_state, p).toBe('published');
    }
    expect((await api.get(`${box}/tree/attachment`)).body.review_state).toBeNull();
  });

  it('refuses a missing, unknown or unavailable transition', async () => {
    await create({ '@type': 'Document', id: 'stays', title: 'Stays' });
    const missing = await api.post(`${box}/stays/@workflow`);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: { type: 'BadRequest', message: 'Missing transition' } });
    const unknown = await api.post(`${box}/stays/@workflow/fly`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: { type: 'WorkflowException', message: "No workflow provides the 'fly' action." } });
    const wrongState = await api.post(`${box}/stays/@workflow/retract`);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.error.type).toBe('WorkflowException');
    expect((await api.get(`${box}/stays`)).body.review_state).toBe('private');
  });

  it('refuses transitions to anonymous callers', async () => {
    await create({ '@type': 'Document', id: 'public', title: 'Public' });
    expect((await api.post(`${box}/public/@workflow/publish`)).status).toBe(200);
    const r = await api.post(`${box}/public/@workflow/retract`, undefined, { auth: 'anonymous' });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('WorkflowException');
    expect((await api.get(`${box}/public`)).body.review_state).toBe('published');
  });
});

describe('workflow component', () => {
  it('is listed on content and embedded with expand', async () => {
    await create({ '@type': 'Document', id: 'expanded', title: 'Expanded' });
    const plain = await api.get(`${box}/expanded`);
    expect(plain.body['@components'].workflow).toEqual({ '@id': `${api.base}${box}/expanded/@workflow` });
    const r = await api.get(`${box}/expanded?expand=workflow`);
    expect(r.body['@components'].workflow).toEqual((await api.get(`${box}/expanded/@workflow`)).body);
  });
});
