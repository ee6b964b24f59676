// @workingcopy (supplement 31.21): check-out, the working_copy / working_copy_of fields,
// check-in (baseline takes the copy's content), cancel, and the refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api, type Auth } from './client.ts';
import { create, makeUser } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let member: Auth | undefined;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  member = await makeUser(api, ['Member']);
});

async function page(): Promise<string> {
  const id = `doc-${++n}`;
  await create(api, box, { '@type': 'Document', id, title: `Doc ${n}` });
  return `${box}/${id}`;
}

const info = async (path: string) => (await api.get(`${path}/@workingcopy`)).body;

describe('check-out', () => {
  it('copies the object next to it and links both ways', async () => {
    const p = await page();
    expect(await info(p)).toEqual({ working_copy: null, working_copy_of: null });
    const r = await api.post(`${p}/@workingcopy`);
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${api.base}${p}`);
    const copyUrl = `${api.base}${box}/copy_of_doc-${n}`;
    expect(r.body).toEqual({ '@id': copyUrl });
    const wc = {
      '@id': copyUrl,
      title: `Doc ${n}`,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
      creator_url: `${api.base}/author/${api.admin.user}`,
      creator_name: api.admin.user,
    };
    expect(await info(p)).toEqual({ working_copy: wc, working_copy_of: null });
    const copyPath = `${box}/copy_of_doc-${n}`;
    expect(await info(copyPath)).toEqual({ working_copy: wc, working_copy_of: { '@id': `${api.base}${p}`, title: `Doc ${n}` } });
    const baseline = (await api.get(p)).body;
    expect(baseline.working_copy).toEqual(wc);
    expect(baseline.working_copy_of).toBeNull();
    const copy = (await api.get(copyPath)).body;
    expect(copy.UID).not.toBe(baseline.UID);
    expect(copy.working_copy_of['@id']).toBe(`${api.base}${p}`);
  });

  it('refuses a second check-out and a check-out of the working copy (403)', async () => {
    const p = await page();
    expect((await api.post(`${p}/@workingcopy`)).status).toBe(201);
    const again = await api.post(`${p}/@workingcopy`);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ error: { type: 'Not authorized', message: 'Checkout not allowed' } });
    expect((await api.post(`${box}/copy_of_doc-${n}/@workingcopy`)).status).toBe(403);
  });

  it('answers 401 to anonymous and 403 to a member without permission', async () => {
    const p = await page();
    await api.post(`${p}/@workflow/publish`);
    const anon = await api.post(`${p}/@workingcopy`, undefined, { auth: 'anonymous' });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ error: { type: 'Not authenticated', message: 'Checkout not allowed' } });
    if (member) {
      const r = await api.post(`${p}/@workingcopy`, undefined, { auth: member });
      expect(r.status).toBe(403);
    }
    expect(await info(p)).toEqual({ working_copy: null, working_copy_of: null });
  });
});

describe('check-in and cancel', () => {
  it('check-in gives the baseline the copy content and removes the copy', async () => {
    const p = await page();
    await api.post(`${p}/@workingcopy`);
    const copyPath = `${box}/copy_of_doc-${n}`;
    expect((await api.patch(copyPath, { title: 'I just changed the title' })).status).toBe(204);
    expect((await api.get(p)).body.title).toBe(`Doc ${n}`);
    const r = await api.patch(`${copyPath}/@workingcopy`);
    expect(r.status).toBe(204);
    const baseline = (await api.get(p)).body;
    expect(baseline.title).toBe('I just changed the title');
    expect(baseline.working_copy).toBeNull();
    expect((await api.get(copyPath)).status).toBe(404);
    const history = (await api.get(`${p}/@history`)).body;
    expect(history.filter((h: any) => h.type === 'versioning').length).toBeGreaterThanOrEqual(2);
  });

  it('check-in works from the baseline too', async () => {
    const p = await page();
    await api.post(`${p}/@workingcopy`);
    await api.patch(`${box}/copy_of_doc-${n}`, { description: 'from the copy' });
    expect((await api.patch(`${p}/@workingcopy`)).status).toBe(204);
    expect((await api.get(p)).body.description).toBe('from the copy');
  });

  it('check-in without a check-out is refused', async () => {
    const p = await page();
    const r = await api.patch(`${p}/@workingcopy`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { type: 'Not authorized', message: 'Checkin not allowed' } });
    expect((await api.patch(`${p}/@workingcopy`, undefined, { auth: 'anonymous' })).status).toBe(401);
  });

  it('cancel deletes the copy and leaves the baseline untouched', async () => {
    const p = await page();
    await api.post(`${p}/@workingcopy`);
    const copyPath = `${box}/copy_of_doc-${n}`;
    await api.patch(copyPath, { title: 'changed' });
    expect((await api.del(`${copyPath}/@workingcopy`)).status).toBe(204);
    expect((await api.get(copyPath)).status).toBe(404);
    expect((await api.get(p)).body).toMatchObject({ title: `Doc ${n}`, working_copy: null });
    // A new check-out is possible again; cancel from the baseline.
    expect((await api.post(`${p}/@workingcopy`)).status).toBe(201);
    expect((await api.del(`${p}/@workingcopy`)).status).toBe(204);
    expect((await api.get(copyPath)).status).toBe(404);
  });

  it('cancel without a check-out is 403; anonymous gets 401', async () => {
    const p = await page();
    const r = await api.del(`${p}/@workingcopy`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { type: 'Not authorized', message: 'Cancel not allowed' } });
    expect((await api.del(`${p}/@workingcopy`, undefined, { auth: 'anonymous' })).status).toBe(401);
  });

  it('deleting the working copy ends the check-out', async () => {
    const p = await page();
    await api.post(`${p}/@workingcopy`);
    expect((await api.del(`${box}/copy_of_doc-${n}`)).status).toBe(204);
    expect(await info(p)).toEqual({ working_copy: null, working_copy_of: null });
    expect((await api.post(`${p}/@workingcopy`)).status).toBe(201);
  });
});

describe('the baseline is locked while checked out', () => {
  const lockOf = async (path: string, auth?: Auth) => (await api.get(`${path}/@lock`, auth ? { auth } : {})).body;

  it('check-out locks the baseline: not stealable, even for the one who checked out, creator that user', async () => {
    const p = await page();
    expect((await api.post(`${p}/@workingcopy`)).status).toBe(201);
    const lock = await lockOf(p);
    expect(lock).toMatchObject({ locked: true, stealable: false, creator: api.admin.user, name: 'iterate.lock' });
    expect((await api.get(p)).body.lock).toMatchObject({ locked: true, stealable: false });
    // the copy itself is not locked
    expect(await lockOf(`${box}/copy_of_doc-${n}`)).toEqual({ locked: false, stealable: true });
    // neither unlock nor refresh of @lock lift it; editing the baseline needs its token
    expect((await api.del(`${p}/@lock`)).body).toMatchObject({ locked: true, stealable: false });
    expect((await api.patch(p, { title: 'edited behind the copy' })).status).toBe(403);
    expect((await api.patch(p, { title: 'with the token' }, { headers: { 'Lock-Token': lock.token } })).status).toBe(204);
  });

  it('check-in, cancel and deleting the copy unlock the baseline; a forced unlock removes the lock', async () => {
    for (const end of ['checkin', 'cancel', 'delete', 'force'] as const) {
      const p = await page();
      expect((await api.post(`${p}/@workingcopy`)).status).toBe(201);
      const copy = `${box}/copy_of_doc-${n}`;
      if (end === 'checkin') expect((await api.patch(`${copy}/@workingcopy`)).status).toBe(204);
      if (end === 'cancel') expect((await api.del(`${p}/@workingcopy`)).status).toBe(204);
      if (end === 'delete') expect((await api.del(copy)).status).toBe(204);
      if (end === 'force') expect((await api.del(`${p}/@lock`, { force: true })).status).toBe(200);
      expect(await lockOf(p), end).toEqual({ locked: false, stealable: true });
    }
  });
});
