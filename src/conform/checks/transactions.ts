// @transactions: recent changes, newest first, and undoing one; who may see them.
import type { CheckContext } from '../context.ts';
import { anyNumber, anyString, satisfies } from '../expect.ts';
import { family, supplement } from './define.ts';

/** The newest transaction whose description names `path` (the request path of the change). */
async function transactionOf(t: CheckContext, path: string): Promise<{ id: string }> {
  const list = t.need(await t.get('/@transactions'), 'listing the transactions').body;
  const site = new URL(t.url('')).pathname.replace(/\/$/, '');
  const found = Array.isArray(list) ? list.find((e: { description?: string }) => e.description?.includes(`${site}${path}/`) || e.description?.endsWith(`${site}${path}`)) : undefined;
  if (!found) t.fail(`setup: no transaction names ${path}`, [{ path: 'body', expected: `an entry whose description names ${site}${path}`, actual: JSON.stringify(list).slice(0, 200) }]);
  return found;
}

export default family('transactions', [
  {
    id: 'transactions.list.newest-first',
    level: 'SHOULD',
    source: supplement('31.13 (GET: array, newest first, {id, description, size, time, username})'),
    title: 'GET /@transactions answers an array of {id, description, size, time, username}, newest first',
    async run(t) {
      const box = await t.sandbox();
      await t.create(box, { '@type': 'Document', id: 'page', title: 'Listed change' });
      const r = await t.get('/@transactions');
      t.status(r, 200);
      t.ok(Array.isArray(r.body) && r.body.length >= 2, 'the answer is an array of at least two entries', r.body, 'an array');
      t.like(r.body[0], { id: anyString, description: anyString, size: anyNumber, time: anyString, username: anyString }, 'the newest entry');
      t.like(r.body[0].time >= r.body[1].time, true, 'the newest entry is not older than the next one');
      t.like(r.body[0].description, satisfies(`a description naming the sandbox ${box}`, (d) => d.includes(box)), 'the description of the newest entry');
    },
  },
  {
    id: 'transactions.undo.reverts-the-change',
    level: 'SHOULD',
    source: supplement('31.13 (PATCH {transaction_ids}: 200 message)'),
    title: 'PATCH /@transactions {transaction_ids} answers 200 "Transactions have been reverted successfully." and the change is undone',
    async run(t) {
      const box = await t.sandbox();
      const p = (await t.create(box, { '@type': 'Document', id: 'page', title: 'Before' })).path;
      t.need(await t.patch(p, { title: 'After' }), 'changing the title');
      const { id } = await transactionOf(t, p);
      const r = await t.patch('/@transactions', { transaction_ids: [id] });
      t.status(r, 200);
      t.body(r, { message: 'Transactions have been reverted successfully.' });
      t.body(await t.get(p), { title: 'Before' }, 'the page afterwards');
    },
  },
  {
    id: 'transactions.undo.requires-ids',
    level: 'SHOULD',
    source: supplement('31.13 (failure: 400)'),
    title: 'An undo without transaction_ids, or with an unknown one, answers 400',
    async run(t) {
      t.status(await t.patch('/@transactions', {}), 400, 'PATCH without transaction_ids');
      t.status(await t.patch('/@transactions', { transaction_ids: ['bm8tc3VjaA== no such transaction'] }), 400, 'PATCH with an unknown id');
    },
  },
  {
    id: 'transactions.access.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('31.13 (List undoable changes; Undo changes)'),
    title: 'Anonymous callers can neither list nor undo transactions (401)',
    async run(t) {
      t.status(await t.get('/@transactions', { auth: 'anonymous' }), 401, 'GET by Anonymous');
      t.status(await t.patch('/@transactions', { transaction_ids: ['x'] }, { auth: 'anonymous' }), 401, 'PATCH by Anonymous');
    },
  },
]);
