// @lock: every row of the seed's lock state table, the lock info, Lock-Token on PATCH, the
// deprecated @unlock/@refresh-lock, expiry and types without locking.
import type { CheckContext } from '../context.ts';
import { anyNumber, anyString, isoTimestamp, nonEmptyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const UNLOCKED = { locked: false, stealable: true };

async function page(t: CheckContext): Promise<string> {
  const box = await t.sandbox();
  return (await t.create(box, { '@type': 'Document', id: 'page', title: 'Lockable page' })).path;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default family('locking', [
  {
    id: 'locking.lock.answers-the-lock-info',
    level: 'MUST',
    source: seed('Resources/Lock; States/Lock; Limits (lock timeout 600)'),
    title: 'POST @lock answers 200 with the lock info: locked, stealable (default true), timeout 600, token, creator, time',
    async run(t) {
      const p = await page(t);
      const r = await t.post(`${p}/@lock`);
      t.status(r, 200);
      t.body(r, {
        locked: true,
        stealable: true,
        timeout: 600,
        token: nonEmptyString,
        creator: t.admin.user,
        creator_name: anyString,
        creator_url: anyString,
        created: isoTimestamp,
        name: anyString,
        time: anyNumber,
      });
    },
  },
  {
    id: 'locking.lock.timeout-from-the-body',
    level: 'MUST',
    source: seed('Endpoints/Locking (timeout: integer seconds)'),
    title: 'POST @lock {timeout} sets the lock timeout',
    async run(t) {
      const p = await page(t);
      t.body(await t.post(`${p}/@lock`, { timeout: 3600 }), { locked: true, timeout: 3600 });
      t.body(await t.get(`${p}/@lock`), { timeout: 3600 }, 'GET @lock');
    },
  },
  {
    id: 'locking.read.get-lock',
    level: 'MUST',
    source: seed('Endpoints/Locking (GET @lock)'),
    title: 'GET @lock answers the lock info, and {locked: false, stealable} when unlocked',
    async run(t) {
      const p = await page(t);
      const before = await t.get(`${p}/@lock`);
      t.status(before, 200);
      t.body(before, { locked: false, stealable: true });
      const lock = await t.post(`${p}/@lock`);
      t.body(await t.get(`${p}/@lock`), { locked: true, token: lock.body?.token }, 'GET @lock after locking');
    },
  },
  {
    id: 'locking.read.lock-field-of-content',
    level: 'MUST',
    source: seed('Resources/Content object (lock)'),
    title: 'The content object’s lock field shows the lock',
    async run(t) {
      const p = await page(t);
      t.body(await t.get(p), { lock: UNLOCKED }, 'the page before locking');
      await t.post(`${p}/@lock`);
      t.body(await t.get(p), { lock: { locked: true, stealable: true } }, 'the page after locking');
    },
  },
  {
    id: 'locking.refresh.patch-lock',
    level: 'MUST',
    source: seed('States/Lock (PATCH @lock: creation time refreshed)'),
    title: 'PATCH @lock answers 200 with the lock info, same token, time not earlier',
    async run(t) {
      const p = await page(t);
      const first = (await t.post(`${p}/@lock`)).body;
      const r = await t.patch(`${p}/@lock`);
      t.status(r, 200);
      t.body(r, { locked: true, token: first?.token, time: satisfies(`at least ${first?.time}`, (v) => v >= first?.time) });
    },
  },
  {
    id: 'locking.unlock.by-the-owner',
    level: 'MUST',
    source: seed('States/Lock (DELETE @lock by the owner); Endpoints/Locking'),
    title: 'DELETE @lock by the owner answers 200 {locked: false, stealable: true}; the object is unlocked',
    async run(t) {
      const p = await page(t);
      await t.post(`${p}/@lock`);
      const r = await t.del(`${p}/@lock`);
      t.status(r, 200);
      t.body(r, UNLOCKED);
      t.body(await t.get(`${p}/@lock`), { locked: false }, 'GET @lock afterwards');
    },
  },
  {
    id: 'locking.unlock.stealable-by-another-user',
    level: 'MUST',
    source: seed('States/Lock (a stealable lock can be unlocked by another user)'),
    title: 'Another user may remove a stealable lock',
    async run(t) {
      const p = await page(t);
      const alice = await t.user(['Member', 'Editor']);
      const bob = await t.user(['Member', 'Editor']);
      t.body(await t.post(`${p}/@lock`, undefined, { auth: alice }), { locked: true }, 'alice locks');
      t.body(await t.del(`${p}/@lock`, undefined, { auth: bob }), UNLOCKED, 'bob unlocks');
      t.body(await t.get(`${p}/@lock`), { locked: false }, 'GET @lock afterwards');
    },
  },
  {
    id: 'locking.unlock.force',
    level: 'MUST',
    source: seed('States/Lock (DELETE @lock with force: true)'),
    title: 'DELETE @lock {force: true} removes another user’s non-stealable lock',
    async run(t) {
      const p = await page(t);
      const alice = await t.user(['Member', 'Editor']);
      const bob = await t.user(['Member', 'Editor']);
      await t.post(`${p}/@lock`, { stealable: false }, { auth: alice });
      t.body(await t.del(`${p}/@lock`, { force: true }, { auth: bob }), UNLOCKED, 'bob forces the unlock');
      t.body(await t.get(`${p}/@lock`), { locked: false }, 'GET @lock afterwards');
    },
  },
  {
    id: 'locking.unlock.non-stealable-stays',
    level: 'SHOULD',
    source: supplement('17'),
    title: 'Without force, another user’s non-stealable lock stays; others see stealable: false',
    async run(t) {
      const p = await page(t);
      const alice = await t.user(['Member', 'Editor']);
      const bob = await t.user(['Member', 'Editor']);
      const lock = (await t.post(`${p}/@lock`, { stealable: false }, { auth: alice })).body;
      t.body(await t.get(`${p}/@lock`, { auth: bob }), { locked: true, stealable: false }, 'the lock as bob sees it');
      await t.del(`${p}/@lock`, undefined, { auth: bob });
      t.body(await t.get(`${p}/@lock`), { locked: true, token: lock?.token }, 'GET @lock after bob tried');
    },
  },
  {
    id: 'locking.patch-content.with-the-lock-token',
    level: 'MUST',
    source: seed('States/Lock (a PATCH of a locked object carries the Lock-Token header)'),
    title: 'A PATCH of a locked object with the Lock-Token header succeeds and the object stays locked',
    async run(t) {
      const p = await page(t);
      const { token } = (await t.post(`${p}/@lock`)).body ?? {};
      t.status(await t.patch(p, { title: 'Changed' }, { headers: { 'Lock-Token': String(token) } }), [200, 204]);
      t.body(await t.get(p), { title: 'Changed', lock: { locked: true } }, 'the page afterwards');
    },
  },
  {
    id: 'locking.patch-content.without-the-token-403',
    level: 'SHOULD',
    source: supplement('9.3'),
    title: 'A PATCH of a locked object without (or with a wrong) Lock-Token answers 403 "Resource is locked."',
    async run(t) {
      const p = await page(t);
      await t.post(`${p}/@lock`);
      const none = await t.patch(p, { title: 'Changed' });
      t.status(none, 403);
      t.body(none, { error: { type: 'Forbidden', message: 'Resource is locked.' } });
      t.status(await t.patch(p, { title: 'Changed' }, { headers: { 'Lock-Token': 'not-the-token' } }), 403, 'a wrong token');
      t.body(await t.get(p), { title: 'Lockable page' }, 'the page is unchanged');
    },
  },
  {
    id: 'locking.deprecated.unlock-and-refresh-lock',
    level: 'MUST',
    source: seed('Endpoints/Locking; Versioning 3 (@unlock and @refresh-lock deprecated)'),
    title: 'The deprecated POST @refresh-lock refreshes and POST @unlock unlocks',
    async run(t) {
      const p = await page(t);
      const { token } = (await t.post(`${p}/@lock`)).body ?? {};
      const refreshed = await t.post(`${p}/@refresh-lock`);
      t.status(refreshed, 200);
      t.body(refreshed, { locked: true, token });
      t.body(await t.post(`${p}/@unlock`), UNLOCKED, 'POST @unlock');
      t.body(await t.get(`${p}/@lock`), { locked: false }, 'GET @lock afterwards');
    },
  },
  {
    id: 'locking.expiry.after-the-timeout',
    level: 'SHOULD',
    source: supplement('17'),
    title: 'A lock whose timeout has passed counts as unlocked',
    async run(t) {
      const p = await page(t);
      t.body(await t.post(`${p}/@lock`, { timeout: 1 }), { locked: true }, 'a lock of one second');
      await sleep(1200);
      t.body(await t.get(`${p}/@lock`), UNLOCKED, 'GET @lock after 1.2 s');
      t.status(await t.patch(p, { title: 'After expiry' }), [200, 204], 'a PATCH without a token');
    },
  },
  {
    id: 'locking.lock.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('17'),
    title: 'Anonymous callers cannot lock (401)',
    async run(t) {
      const p = await page(t);
      await t.transition(p, 'publish');
      t.status(await t.post(`${p}/@lock`, undefined, { auth: 'anonymous' }), 401);
      t.body(await t.get(`${p}/@lock`), { locked: false }, 'GET @lock afterwards');
    },
  },
  {
    id: 'locking.types.folder-not-lockable',
    level: 'SHOULD',
    source: supplement('7.1; 17'),
    title: 'Types without the locking behavior (Folder) answer lock {} and stay editable',
    needs: ['folders'],
    async run(t) {
      const box = await t.sandbox();
      const f = await t.create(box, { '@type': 'Folder', id: 'folder', title: 'F' });
      t.equal(f.body.lock, {}, 'the folder’s lock field');
      t.equal((await t.post(`${f.path}/@lock`)).body, {}, 'POST @lock on the folder');
      t.status(await t.patch(f.path, { title: 'Still editable' }), [200, 204], 'a PATCH of the folder');
    },
  },
  {
    id: 'locking.lock.name-is-stealable-lock-type',
    level: 'SHOULD',
    source: supplement('Appendix C (lock type name plone.locking.stealable)'),
    title: 'The lock name is the lock type plone.locking.stealable (a literal name, not renamed to cms.)',
    async run(t) {
      const p = await page(t);
      t.body(await t.post(`${p}/@lock`), { name: 'plone.locking.stealable' });
    },
  },
]);
