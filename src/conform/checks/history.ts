// @history: versioning and workflow entries, reading an old version, reverting.
import type { CheckContext } from '../context.ts';
import { anyBoolean, anyString, containing, includes, isoTimestamp, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

async function page(t: CheckContext, extra: Record<string, unknown> = {}): Promise<string> {
  const box = await t.sandbox();
  return (await t.create(box, { '@type': 'Document', id: 'page', title: 'First title', ...extra })).path;
}

const versioning = (entries: unknown) => (Array.isArray(entries) ? entries.filter((e: any) => e?.type === 'versioning') : entries);

const ACTOR = { '@id': anyString, fullname: satisfies('a string or null', (v) => v === null || typeof v === 'string'), id: anyString, username: satisfies('a string or null', (v) => v === null || typeof v === 'string') };

export default family('history', [
  {
    id: 'history.read.entries',
    level: 'MUST',
    source: seed('Resources/History entry; Endpoints/History'),
    title: 'GET @history answers an array with a versioning entry and the creation entry (type null, action Create)',
    async run(t) {
      const p = await page(t);
      const r = await t.get(`${p}/@history`);
      t.status(r, 200);
      t.like(r.body, containing([
        { '@id': t.url(`${p}/@history/0`), action: 'Edited', actor: ACTOR, comments: anyString, may_revert: anyBoolean, time: isoTimestamp, transition_title: anyString, type: 'versioning', version: 0 },
        { action: 'Create', actor: satisfies('an actor', (a) => a !== undefined), comments: anyString, review_state: 'private', state_title: anyString, time: isoTimestamp, transition_title: anyString, type: null },
      ]), 'the history of a new page');
    },
  },
  {
    id: 'history.read.newest-first',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'History entries come newest first',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Second title' });
      const versions = versioning((await t.get(`${p}/@history`)).body) as any[];
      t.like(versions?.map((e) => e.version), [1, 0], 'versions in order');
    },
  },
  {
    id: 'history.edit.adds-a-version',
    level: 'MUST',
    source: seed('Resources/History entry (versioning for edits)'),
    title: 'Each edit of a versioned type adds a versioning entry',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Second title' });
      await t.patch(p, { description: 'More' });
      t.like((versioning((await t.get(`${p}/@history`)).body) as any[])?.length, 3, 'versioning entries after two edits');
    },
  },
  {
    id: 'history.edit.change-note-as-comment',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'The changeNote of an edit is the comment of its version; version 0 says "Initial version"',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Second title', changeNote: 'Retitled' });
      const versions = versioning((await t.get(`${p}/@history`)).body) as any[];
      t.like(versions?.map((e) => [e.version, e.comments]), [[1, 'Retitled'], [0, 'Initial version']], 'versions and comments');
    },
  },
  {
    id: 'history.workflow.entry',
    level: 'MUST',
    source: seed('Resources/History entry (workflow entry)'),
    title: 'A transition adds a workflow entry with action, comments, review_state and state_title',
    async run(t) {
      const p = await page(t);
      await t.post(`${p}/@workflow/publish`, { comment: 'Go live' });
      t.like((await t.get(`${p}/@history`)).body, containing([
        { action: 'publish', actor: satisfies('an actor', (a) => a !== undefined), comments: 'Go live', review_state: 'published', state_title: anyString, time: isoTimestamp, transition_title: anyString, type: 'workflow' },
      ]), 'the history after publishing');
    },
  },
  {
    id: 'history.version.read-an-old-version',
    level: 'MUST',
    source: seed('Endpoints/History (GET @history/<version>); Versioning 4'),
    title: 'GET @history/<n> answers the object as it was in version n',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'New title' });
      const old = await t.get(`${p}/@history/0`);
      t.status(old, 200);
      t.body(old, { title: 'First title' });
      t.body(await t.get(p), { title: 'New title', version: 'current' }, 'the current object');
    },
  },
  {
    id: 'history.version.number-and-query-parameter',
    level: 'SHOULD',
    source: supplement('7.1; 9.2'),
    title: 'An old version has version "<n>"; GET ?version=<n> answers the same',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'New title' });
      t.body(await t.get(`${p}/@history/0`), { '@id': t.url(p), version: '0' }, 'GET @history/0');
      t.body(await t.get(`${p}?version=0`), { title: 'First title', version: '0' }, 'GET ?version=0');
    },
  },
  {
    id: 'history.version.unknown-answers-4xx',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'A version that does not exist answers 404 (or 400)',
    async run(t) {
      const p = await page(t);
      t.status(await t.get(`${p}/@history/7`), [400, 404]);
    },
  },
  {
    id: 'history.revert.patch',
    level: 'MUST',
    source: seed('Endpoints/History (PATCH @history {version}: 200 {message})'),
    title: 'PATCH @history {version} reverts the object and answers 200 {message}',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Changed' });
      const r = await t.patch(`${p}/@history`, { version: 0 });
      t.status(r, 200);
      t.body(r, { message: anyString });
      t.body(await t.get(p), { title: 'First title' }, 'the object after the revert');
    },
  },
  {
    id: 'history.revert.message-and-new-version',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'A revert says "<title> has been reverted to revision <n>." and saves a new version',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Changed' });
      t.body(await t.patch(`${p}/@history`, { version: 0 }), { message: 'First title has been reverted to revision 0.' });
      const latest = (versioning((await t.get(`${p}/@history`)).body) as any[])?.[0];
      t.like(latest, { version: 2, comments: includes('0') }, 'the newest version');
    },
  },
  {
    id: 'history.read.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'Anonymous callers cannot read the history of a published page (401)',
    async run(t) {
      const p = await page(t);
      await t.transition(p, 'publish');
      t.status(await t.get(`${p}/@history`, { auth: 'anonymous' }), 401);
    },
  },
  {
    id: 'history.revert.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('22'),
    title: 'Anonymous callers cannot revert (401); nothing changes',
    async run(t) {
      const p = await page(t);
      await t.patch(p, { title: 'Changed' });
      await t.transition(p, 'publish');
      t.status(await t.patch(`${p}/@history`, { version: 0 }, { auth: 'anonymous' }), 401);
      t.body(await t.get(p), { title: 'Changed' }, 'the object afterwards');
    },
  },
]);
