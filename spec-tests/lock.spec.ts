// @lock: every row of the seed's lock state table (allowed and refused moves), stealable, force,
// timeout and expiry, the `lock` field of content, Lock-Token on PATCH, deprecated endpoints.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api, type Auth } from './client.ts';
import { create, idOf, makeUser, sleep } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let alice: Auth | undefined;
let bob: Auth | undefined;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  alice = await makeUser(api, ['Editor']);
  bob = await makeUser(api, ['Editor']);
});

async function page(): Promise<string> {
  const id = `page-${++n}`;
  await create(api, box, { '@type': 'Document', id, title: `Page ${n}` });
  return `${box}/${id}`;
}

const lockOf = async (path: string, auth: Auth = 'admin') => (await api.get(`${path}/@lock`, { auth })).body;

describe('unlocked -> POST @lock -> locked', () => {
  it('answers the lock info with the defaults and shows it everywhere', async () => {
    const p = await page();
    const r = await api.post(`${p}/@lock`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ locked: true, stealable: true, timeout: 600, creator: api.admin.user, name: 'plone.locking.stealable' });
    expect(r.body.creator_url).toBe(`${api.base}/author/${api.admin.user}`);
    expect(typeof r.body.token).toBe('string');
    expect(typeof r.body.time).toBe('number');
    expect(r.body.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(await lockOf(p)).toEqual(r.body);
    expect((await api.get(p)).body.lock).toEqual(r.body);
  });

  it('takes stealable and timeout from the body', async () => {
    const p = await page();
    const r = await api.post(`${p}/@lock`, { stealable: false, timeout: 3600 });
    expect(r.body).toMatchObject({ locked: true, timeout: 3600, stealable: true }); // the owner may always remove it
    expect((await lockOf(p)).timeout).toBe(3600);
  });

  it('refuses a bad timeout or stealable value with 400 and stays unlocked', async () => {
    const p = await page();
    expect((await api.post(`${p}/@lock`, { timeout: -5 })).status).toBe(400);
    expect((await api.post(`${p}/@lock`, { stealable: 'maybe' })).status).toBe(400);
    expect(await lockOf(p)).toEqual({ locked: false, stealable: true });
  });

  it('refuses anonymous callers with 401', async () => {
    const p = await page();
    expect((await api.post(`${p}/@lock`, undefined, { auth: 'anonymous' })).status).toBe(401);
    expect((await lockOf(p)).locked).toBe(false);
  });
});

describe('locked -> POST @lock (refused: stays locked by the first owner)', () => {
  it('keeps the existing lock and answers it', async () => {
    const p = await page();
    const first = (await api.post(`${p}/@lock`)).body;
    const again = await api.post(`${p}/@lock`, { timeout: 5 });
    expect(again.status).toBe(200);
    expect(again.body.token).toBe(first.token);
    expect(again.body.timeout).toBe(600);
    expect((await lockOf(p)).token).toBe(first.token);
  });

  it('does not let another user take over a lock', async (ctx) => {
    if (!alice) return ctx.skip();
    const p = await page();
    const first = (await api.post(`${p}/@lock`)).body;
    const r = await api.post(`${p}/@lock`, undefined, { auth: alice });
    expect(r.body.creator).toBe(api.admin.user);
    expect((await lockOf(p)).token).toBe(first.token);
  });
});

describe('locked -> PATCH @lock -> locked (refreshed)', () => {
  it('refreshes the creation time so the lock lives longer', async () => {
    const p = await page();
    // Stored times have whole seconds: without the refresh this lock is gone 3 s after it was taken.
    const first = (await api.post(`${p}/@lock`, { timeout: 3 })).body;
    await sleep(1500);
    const refreshed = await api.patch(`${p}/@lock`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toBe(first.token);
    expect(refreshed.body.time).toBeGreaterThan(first.time);
    await sleep(1700);
    expect((await lockOf(p)).locked).toBe(true);
  });

  it('on an unlocked object answers the unlocked info and locks nothing', async () => {
    const p = await page();
    const r = await api.patch(`${p}/@lock`);
    expect(r.body).toEqual({ locked: false, stealable: true });
    expect((await lockOf(p)).locked).toBe(false);
  });
});

describe('locked -> DELETE @lock', () => {
  it('by the owner -> unlocked', async () => {
    const p = await page();
    await api.post(`${p}/@lock`);
    const r = await api.del(`${p}/@lock`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ locked: false, stealable: true });
    expect((await api.get(p)).body.lock).toEqual({ locked: false, stealable: true });
  });

  it('by another user on a stealable lock -> unlocked', async (ctx) => {
    if (!alice || !bob) return ctx.skip();
    const p = await page();
    await api.post(`${p}/@lock`, undefined, { auth: alice });
    expect((await lockOf(p, bob)).stealable).toBe(true);
    const r = await api.del(`${p}/@lock`, undefined, { auth: bob });
    expect(r.body).toEqual({ locked: false, stealable: true });
    expect((await lockOf(p)).locked).toBe(false);
  });

  it('by another user on a non-stealable lock (refused) -> still locked, answered 200', async (ctx) => {
    if (!alice || !bob) return ctx.skip();
    const p = await page();
    const lock = (await api.post(`${p}/@lock`, { stealable: false }, { auth: alice })).body;
    expect(lock.stealable).toBe(true);
    const seen = await lockOf(p, bob);
    expect(seen).toMatchObject({ locked: true, stealable: false, creator: idOf(alice) });
    const r = await api.del(`${p}/@lock`, undefined, { auth: bob });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ locked: true, stealable: false });
    expect((await lockOf(p)).token).toBe(lock.token);
  });

  it('with force by another user -> unlocked, even when non-stealable', async (ctx) => {
    if (!alice || !bob) return ctx.skip();
    const p = await page();
    await api.post(`${p}/@lock`, { stealable: false }, { auth: alice });
    const r = await api.del(`${p}/@lock`, { force: true }, { auth: bob });
    expect(r.body).toEqual({ locked: false, stealable: true });
    expect((await lockOf(p)).locked).toBe(false);
  });

  it('with force by the admin on a non-stealable lock of another user -> unlocked', async (ctx) => {
    if (!alice) return ctx.skip();
    const p = await page();
    await api.post(`${p}/@lock`, { stealable: false }, { auth: alice });
    expect((await api.del(`${p}/@lock`)).body.locked).toBe(true);
    expect((await api.del(`${p}/@lock`, { force: true })).body).toEqual({ locked: false, stealable: true });
  });

  it('on an unlocked object answers unlocked', async () => {
    const p = await page();
    expect((await api.del(`${p}/@lock`)).body).toEqual({ locked: false, stealable: true });
  });
});

describe('PATCH of a locked object needs the Lock-Token header', () => {
  it('refuses a PATCH without or with a wrong token, accepts the right one', async () => {
    const p = await page();
    const { token } = (await api.post(`${p}/@lock`)).body;
    const none = await api.patch(p, { title: 'Changed' });
    expect(none.status).toBe(403);
    expect(none.body).toEqual({ error: { type: 'Forbidden', message: 'Resource is locked.' } });
    const wrong = await api.patch(p, { title: 'Changed' }, { headers: { 'Lock-Token': 'nope' } });
    expect(wrong.status).toBe(403);
    expect((await api.get(p)).body.title).not.toBe('Changed');
    const right = await api.patch(p, { title: 'Changed' }, { headers: { 'Lock-Token': token } });
    expect(right.status).toBe(204);
    const after = await api.get(p);
    expect(after.body.title).toBe('Changed');
    expect(after.body.lock.locked).toBe(true);
  });

  it('also applies to another user holding the token', async (ctx) => {
    if (!alice || !bob) return ctx.skip();
    const p = await page();
    const { token } = (await api.post(`${p}/@lock`, undefined, { auth: alice })).body;
    expect((await api.patch(p, { title: 'By Bob' }, { auth: bob })).status).toBe(403);
    expect((await api.patch(p, { title: 'By Bob' }, { auth: bob, headers: { 'Lock-Token': token } })).status).toBe(204);
  });
});

describe('expiry by the clock', () => {
  it('a lock whose timeout passed counts as unlocked', async () => {
    const p = await page();
    await api.post(`${p}/@lock`, { timeout: 1 });
    await sleep(1100);
    expect(await lockOf(p)).toEqual({ locked: false, stealable: true });
    expect((await api.patch(p, { title: 'After expiry' })).status).toBe(204);
    const relock = await api.post(`${p}/@lock`);
    expect(relock.body.locked).toBe(true);
    expect(relock.body.timeout).toBe(600);
  });
});

describe('types without the locking behavior', () => {
  it('answer {} everywhere and are never locked', async () => {
    await create(api, box, { '@type': 'Folder', id: `folder-${++n}`, title: 'F' });
    const f = `${box}/folder-${n}`;
    expect((await api.post(`${f}/@lock`)).body).toEqual({});
    expect((await api.get(`${f}/@lock`)).body).toEqual({});
    expect((await api.get(f)).body.lock).toEqual({});
    expect((await api.patch(f, { title: 'Still editable' })).status).toBe(204);
  });
});

describe('deprecated @unlock and @refresh-lock', () => {
  it('POST @refresh-lock refreshes and POST @unlock unlocks', async () => {
    const p = await page();
    const { token } = (await api.post(`${p}/@lock`)).body;
    const refreshed = await api.post(`${p}/@refresh-lock`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ locked: true, token });
    const unlocked = await api.post(`${p}/@unlock`);
    expect(unlocked.body).toEqual({ locked: false, stealable: true });
    expect((await lockOf(p)).locked).toBe(false);
  });
});

describe('permissions', () => {
  it('a user who may not modify the object cannot lock it (401) but may read the lock', async (ctx) => {
    const member = await makeUser(api, ['Member']);
    if (!member) return ctx.skip();
    const p = await page();
    await api.post(`${p}/@workflow/publish`);
    expect((await api.post(`${p}/@lock`, undefined, { auth: member })).status).toBe(401);
    expect((await api.get(`${p}/@lock`, { auth: member })).status).toBe(200);
  });
});
