// @workingcopy: check-out (a copy next to the baseline, linked both ways), check-in (the baseline
// takes the copy's content), cancel, and the refusals.
import type { CheckContext } from '../context.ts';
import { anyString, isoTimestamp, satisfies } from '../expect.ts';
import { family, supplement } from './define.ts';

const NONE = { working_copy: null, working_copy_of: null };

/** A page in a sandbox: its path. */
async function baseline(t: CheckContext): Promise<string> {
  const box = await t.sandbox();
  return (await t.create(box, { '@type': 'Document', id: 'page', title: 'Baseline page', description: 'As it was' })).path;
}

/** Checks the page out (any 2xx will do); returns the working copy's path. */
async function checkout(t: CheckContext, page: string): Promise<string> {
  const r = t.need(await t.post(`${page}/@workingcopy`), `checking out ${page}`);
  const url = r.body?.['@id'];
  if (typeof url !== 'string') t.fail('setup: the check-out answered no @id of the working copy', [], r.step);
  return t.pathOf(url);
}

export default family('workingcopy', [
  {
    id: 'workingcopy.checkout.answers-201',
    level: 'SHOULD',
    source: supplement('31.21 (POST: 201, Location of the baseline, {@id} of the working copy)'),
    title: 'POST <page>/@workingcopy answers 201 with the baseline’s Location and {@id} of a working copy next to it',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      t.body(await t.get(`${p}/@workingcopy`), NONE, 'GET @workingcopy before the check-out');
      const r = await t.post(`${p}/@workingcopy`);
      t.status(r, 201);
      t.header(r, 'Location', t.url(p));
      const parent = p.slice(0, p.lastIndexOf('/'));
      t.equal(r.body, { '@id': t.url(`${parent}/copy_of_page`) }, 'the answer');
      const copy = await t.get(`${parent}/copy_of_page`);
      t.status(copy, 200, 'the working copy');
      t.body(copy, { title: 'Baseline page', UID: anyString });
    },
  },
  {
    id: 'workingcopy.checkout.links-both-ways',
    level: 'SHOULD',
    source: supplement('31.21 (working_copy on the baseline; working_copy and working_copy_of on the copy)'),
    title: 'After a check-out the baseline shows working_copy and the copy shows working_copy and working_copy_of',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      const wc = { '@id': t.url(copy), title: 'Baseline page', created: isoTimestamp, creator_url: anyString, creator_name: anyString };
      t.body(await t.get(`${p}/@workingcopy`), { working_copy: wc, working_copy_of: null }, 'GET <baseline>/@workingcopy');
      t.body(await t.get(`${copy}/@workingcopy`), { working_copy: wc, working_copy_of: { '@id': t.url(p), title: 'Baseline page' } }, 'GET <copy>/@workingcopy');
      const base = await t.get(p);
      t.body(base, { working_copy: { '@id': t.url(copy) }, working_copy_of: null }, 'the baseline’s fields');
      const other = await t.get(copy);
      t.body(other, { working_copy_of: { '@id': t.url(p) }, UID: satisfies('a UID other than the baseline’s', (u) => typeof u === 'string' && u !== base.body?.UID) }, 'the copy’s fields');
    },
  },
  {
    id: 'workingcopy.checkin.baseline-takes-the-copy',
    level: 'SHOULD',
    source: supplement('31.21 (PATCH: 204; the baseline receives the copy’s content, the copy is deleted)'),
    title: 'PATCH <copy>/@workingcopy answers 204: the baseline has the copy’s content and the copy is gone',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      t.need(await t.patch(copy, { title: 'Edited in the copy' }), 'editing the working copy');
      t.body(await t.get(p), { title: 'Baseline page' }, 'the baseline before the check-in');
      t.status(await t.patch(`${copy}/@workingcopy`), 204);
      t.body(await t.get(p), { title: 'Edited in the copy', description: 'As it was', working_copy: null }, 'the baseline after the check-in');
      t.status(await t.get(copy), 404, 'the working copy after the check-in');
    },
  },
  {
    id: 'workingcopy.checkin.from-the-baseline',
    level: 'SHOULD',
    source: supplement('31.21 (PATCH on the working copy or the baseline)'),
    title: 'PATCH <baseline>/@workingcopy checks the copy in as well',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      t.need(await t.patch(copy, { description: 'From the copy' }), 'editing the working copy');
      t.status(await t.patch(`${p}/@workingcopy`), 204);
      t.body(await t.get(p), { description: 'From the copy' }, 'the baseline after the check-in');
      t.status(await t.get(copy), 404, 'the working copy after the check-in');
    },
  },
  {
    id: 'workingcopy.cancel.deletes-the-copy',
    level: 'SHOULD',
    source: supplement('31.21 (DELETE: 204, the working copy is deleted)'),
    title: 'DELETE @workingcopy answers 204: the copy is gone and the baseline is unchanged and can be checked out again',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      t.need(await t.patch(copy, { title: 'Never checked in' }), 'editing the working copy');
      t.status(await t.del(`${copy}/@workingcopy`), 204);
      t.status(await t.get(copy), 404, 'the working copy afterwards');
      t.body(await t.get(p), { title: 'Baseline page', working_copy: null }, 'the baseline afterwards');
      t.status(await t.post(`${p}/@workingcopy`), 201, 'a new check-out');
    },
  },
  {
    id: 'workingcopy.checkout.only-once',
    level: 'SHOULD',
    source: supplement('31.21 (403 "Checkout not allowed")'),
    title: 'A second check-out of the baseline, or a check-out of the copy, answers 403',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      const again = await t.post(`${p}/@workingcopy`);
      t.status(again, 403);
      t.body(again, { error: { message: 'Checkout not allowed' } });
      t.status(await t.post(`${copy}/@workingcopy`), 403, 'a check-out of the working copy');
    },
  },
  {
    id: 'workingcopy.refusals.without-a-checkout',
    level: 'SHOULD',
    source: supplement('31.21 ("Checkin not allowed", "Cancel not allowed")'),
    title: 'Check-in and cancel of a page that is not checked out answer 403',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const checkin = await t.patch(`${p}/@workingcopy`);
      t.status(checkin, 403, 'a check-in');
      t.body(checkin, { error: { message: 'Checkin not allowed' } });
      const cancel = await t.del(`${p}/@workingcopy`);
      t.status(cancel, 403, 'a cancel');
      t.body(cancel, { error: { message: 'Cancel not allowed' } });
    },
  },
  {
    id: 'workingcopy.refusals.anonymous',
    level: 'SHOULD',
    source: supplement('31.21 (401 "Checkout not allowed" for Anonymous)'),
    title: 'Anonymous callers cannot check out a published page (401); nothing is checked out',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      await t.transition(p, 'publish');
      const r = await t.post(`${p}/@workingcopy`, undefined, { auth: 'anonymous' });
      t.status(r, 401);
      t.body(r, { error: { message: 'Checkout not allowed' } });
      t.body(await t.get(`${p}/@workingcopy`), NONE, 'GET @workingcopy afterwards');
    },
  },
  {
    id: 'workingcopy.delete.copy-ends-the-checkout',
    level: 'SHOULD',
    source: supplement('31.21 (deleting a working copy also cancels the check-out)'),
    title: 'Deleting the working copy ends the check-out: the baseline can be checked out again',
    needs: ['working-copy'],
    async run(t) {
      const p = await baseline(t);
      const copy = await checkout(t, p);
      t.need(await t.del(copy), 'deleting the working copy');
      t.body(await t.get(`${p}/@workingcopy`), NONE, 'GET @workingcopy afterwards');
      t.status(await t.post(`${p}/@workingcopy`), 201, 'a new check-out');
    },
  },
]);
