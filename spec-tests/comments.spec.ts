// Comments (@comments): list, add, reply, edit, delete, permissions, disabled commenting.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

const KEY = 'cms.app.discussion.interfaces.IDiscussionSettings.';
const SETTINGS = { globally_enabled: true, edit_comment_enabled: true, delete_own_comment_enabled: true };

let api: Api;
let box: string;
/** Could the registry be written (PATCH @registry, else the discussion control panel)? */
let configurable = false;

async function configure(settings: Record<string, unknown>): Promise<boolean> {
  const body = Object.fromEntries(Object.entries(settings).map(([k, v]) => [KEY + k, v]));
  if ((await api.patch('/@registry/', body)).status === 204) return true;
  return (await api.patch('/@controlpanels/discussion', settings)).status === 204;
}

const alice = { user: 'alice-commenter', password: 'secret-alice-1' };
const bob = { user: 'bob-commenter', password: 'secret-bob-12' };

async function doc(allow: boolean | undefined, publish = true): Promise<string> {
  const r = await api.post(box, { '@type': 'Document', title: 'Commented', ...(allow === undefined ? {} : { allow_discussion: allow }) });
  expect(r.status, r.text).toBe(201);
  const path = `${box}/${r.body.id}`;
  if (publish) expect((await api.post(`${path}/@workflow/publish`)).status).toBe(200);
  return path;
}

async function add(path: string, text: string, auth: Parameters<Api['post']>[2] = {}): Promise<string> {
  const r = await api.post(`${path}/@comments/`, { text }, auth);
  expect(r.status, r.text).toBe(204);
  const location = r.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^${api.base}${path}/@comments/\\d+$`));
  return location.split('/').pop()!;
}

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  for (const u of [alice, bob]) {
    const r = await api.post('/@users', { username: u.user, password: u.password, email: `${u.user}@example.org` });
    expect(r.status, r.text).toBe(201);
  }
  configurable = await configure(SETTINGS);
});

describe('commenting disabled (default site)', () => {
  it('shows allow_discussion false and refuses posts with 401', async () => {
    if (configurable) await configure({ globally_enabled: false });
    const path = await doc(true);
    expect((await api.get(path)).body.allow_discussion).toBe(false);
    const r = await api.post(`${path}/@comments/`, { text: 'hello' });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Discussion is not enabled for this content object.');
    const list = await api.get(`${path}/@comments`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ '@id': `${api.base}${path}/@comments`, items: [], items_total: 0, permissions: { can_reply: false, view_comments: true } });
    if (configurable) await configure(SETTINGS);
  });

  it('stays off for an object whose type does not allow discussion', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(undefined);
    expect((await api.get(path)).body.allow_discussion).toBe(false);
    expect((await api.post(`${path}/@comments/`, { text: 'hello' })).status).toBe(401);
    const off = await doc(false);
    expect((await api.post(`${off}/@comments/`, { text: 'hello' })).status).toBe(401);
  });
});

describe('commenting enabled', () => {
  it('adds comments and replies, lists them threaded with all fields', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    expect((await api.get(path)).body.allow_discussion).toBe(true);
    const c1 = await add(path, 'Comment 1');
    const reply = await api.post(`${path}/@comments/${c1}`, { text: 'Comment 1.1' });
    expect(reply.status).toBe(204);
    const c11 = reply.headers.get('location')!.split('/').pop()!;
    const c2 = await add(path, 'Comment 2', { auth: alice });
    const list = await api.get(`${path}/@comments`);
    expect(list.status).toBe(200);
    expect(list.body['@id']).toBe(`${api.base}${path}/@comments`);
    expect(list.body.items_total).toBe(3);
    expect(list.body.permissions).toEqual({ can_reply: true, view_comments: true });
    expect(list.body.items.map((i: any) => i.comment_id)).toEqual([c1, c11, c2]);
    const [first, second, third] = list.body.items;
    expect(first).toMatchObject({
      '@id': `${api.base}${path}/@comments/${c1}`,
      '@parent': null,
      '@type': 'Discussion Item',
      in_reply_to: null,
      text: { data: 'Comment 1', 'mime-type': 'text/plain' },
      user_notification: null,
      can_reply: true,
      is_deletable: true,
      is_editable: true,
    });
    expect(typeof first.creation_date).toBe('string');
    expect(typeof first.modification_date).toBe('string');
    expect(second['@parent']).toBe(`${api.base}${path}/@comments/${c1}`);
    expect(second.in_reply_to).toBe(c1);
    expect(third.author_username).toBe(alice.user);
    expect(third.author_name).toBe(alice.user);
    expect(third.author_image).toMatch(/^http/);
    const one = await api.get(`${path}/@comments/${c2}`);
    expect(one.status).toBe(200);
    expect(one.body.comment_id).toBe(c2);
  });

  it('validates the form and unknown reply targets', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    const empty = await api.post(`${path}/@comments/`, { text: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.type).toBe('BadRequest');
    const unknown = await api.post(`${path}/@comments/123`, { text: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBeNull();
  });

  it('lets only the creator (and managers) edit a comment', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    const id = await add(path, 'by alice', { auth: alice });
    const asBob = await api.get(`${path}/@comments/${id}`, { auth: bob });
    expect(asBob.body.is_editable).toBe(false);
    expect(asBob.body.is_deletable).toBe(false);
    expect((await api.patch(`${path}/@comments/${id}`, { text: 'bob was here' }, { auth: bob })).status).toBe(401);
    expect((await api.patch(`${path}/@comments/${id}`, { text: 'anon' }, { auth: 'anonymous' })).status).toBe(401);
    const ok = await api.patch(`${path}/@comments/${id}`, { text: 'edited by alice' }, { auth: alice });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('location')).toBe(`${api.base}${path}/@comments/${id}`);
    expect((await api.get(`${path}/@comments/${id}`)).body.text.data).toBe('edited by alice');
    expect((await api.patch(`${path}/@comments/${id}`, { text: 'admin edit' })).status).toBe(204);
    expect((await api.patch(`${path}/@comments/999`, { text: 'x' })).status).toBe(404);
    const noId = await api.patch(`${path}/@comments`, { text: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('Comment id is a required part of the url');
  });

  it('deletes a comment with its replies; own comments only without replies', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    const mine = await add(path, 'alice 1', { auth: alice });
    expect((await api.del(`${path}/@comments/${mine}`, undefined, { auth: bob })).status).toBe(401);
    const answer = await api.post(`${path}/@comments/${mine}`, { text: 'bob answers' }, { auth: bob });
    expect(answer.status).toBe(204);
    expect((await api.del(`${path}/@comments/${mine}`, undefined, { auth: alice })).status).toBe(401);
    const lone = await add(path, 'alice 2', { auth: alice });
    expect((await api.del(`${path}/@comments/${lone}`, undefined, { auth: alice })).status).toBe(204);
    const c = await add(path, 'root');
    const r1 = (await api.post(`${path}/@comments/${c}`, { text: 'r1' })).headers.get('location')!.split('/').pop();
    await api.post(`${path}/@comments/${r1}`, { text: 'r1.1' });
    expect((await api.get(`${path}/@comments`)).body.items_total).toBe(5);
    expect((await api.del(`${path}/@comments/${c}`)).status).toBe(204);
    expect((await api.del(`${path}/@comments/${mine}`)).status).toBe(204);
    const left = await api.get(`${path}/@comments`);
    expect(left.body.items_total).toBe(0);
    expect((await api.del(`${path}/@comments/${c}`)).status).toBe(404);
  });

  it('refuses anonymous posts unless anonymous commenting is on', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    const anon = await api.post(`${path}/@comments/`, { text: 'hi' }, { auth: 'anonymous' });
    expect(anon.status).toBe(401);
    const list = await api.get(`${path}/@comments`, { auth: 'anonymous' });
    expect(list.body.permissions).toEqual({ can_reply: false, view_comments: true });
    await configure({ anonymous_comments: true });
    try {
      const id = await add(path, 'anonymous hello', { auth: 'anonymous' });
      const one = await api.get(`${path}/@comments/${id}`, { auth: 'anonymous' });
      expect(one.body.author_username).toBeNull();
      expect(one.body.is_editable).toBe(false);
    } finally {
      await configure({ anonymous_comments: false });
    }
  });

  it('keeps new comments pending under moderation (visible to reviewers only)', async (ctx) => {
    if (!configurable) ctx.skip();
    const path = await doc(true);
    await configure({ moderation_enabled: true });
    try {
      await add(path, 'moderated', { auth: alice });
      expect((await api.get(`${path}/@comments`, { auth: bob })).body.items_total).toBe(0);
      expect((await api.get(`${path}/@comments`)).body.items_total).toBe(1);
    } finally {
      await configure({ moderation_enabled: false });
    }
  });
});
