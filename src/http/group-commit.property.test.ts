// The group commit (Store.write): writes that are ready in the same turn of the event loop are
// committed together, yet each behaves as if alone. Property: the same writes sent at once to one
// site and one by one to another, in the order the group took them, give the same answers and the
// same tree. Requests answered before they reached the group (a bad type, a path that never
// existed) saw the state the group started from, so the one-by-one run sends them first.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from '../server.ts';
import { checkSite } from '../state/invariants.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { childEntries } from '../state/children.ts';
import { mustGetNode } from '../state/nodes.ts';
import { rootOf } from '../state/select.ts';
import type { Commit, GroupWrite, Written } from '../state/store.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');

interface Call {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

const container = fc.constantFrom('', '/f1', '/f2');
const call: fc.Arbitrary<Call> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ method: fc.constant('POST' as const), path: container, body: fc.record({ '@type': fc.constant('Document'), title: fc.constantFrom('A', 'B', 'A b') }) }) },
  { weight: 2, arbitrary: fc.record({ method: fc.constant('POST' as const), path: container, body: fc.record({ '@type': fc.constant('Document'), id: fc.constantFrom('x', 'y', 'd1'), title: fc.constant('Named') }) }) },
  { weight: 1, arbitrary: fc.record({ method: fc.constant('POST' as const), path: container, body: fc.constant({ '@type': 'Bogus', title: 'No' }) }) },
  { weight: 2, arbitrary: fc.record({ method: fc.constant('PATCH' as const), path: fc.constantFrom('/d0', '/f1/d1', '/f2/d2', '/gone'), body: fc.record({ title: fc.constantFrom('P', 'Q') }) }) },
  { weight: 1, arbitrary: fc.record({ method: fc.constant('DELETE' as const), path: fc.constantFrom('/f2', '/f1/d1', '/f1/x', '/gone') }) },
);

async function site() {
  const s = await createServer({ deterministic: true });
  // `call` (ignored by the server) makes each request line unique: the group's order is read from them
  const send = async (c: Call, n = 0) => {
    const res = await s.app.request(`${BASE}${c.path}?call=${n}`, {
      method: c.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: ADMIN },
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
    });
    const text = await res.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    // what does not depend on the UIDs or the clock
    const seen = body && { '@id': body['@id'], id: body.id, title: body.title, '@type': body['@type'], type: body.type, message: body.message };
    return { status: res.status, seen };
  };
  for (const c of [
    { method: 'POST', path: '', body: { '@type': 'Folder', id: 'f1', title: 'F1' } },
    { method: 'POST', path: '', body: { '@type': 'Folder', id: 'f2', title: 'F2' } },
    { method: 'POST', path: '', body: { '@type': 'Document', id: 'd0', title: 'D0' } },
    { method: 'POST', path: '/f1', body: { '@type': 'Document', id: 'd1', title: 'D1' } },
    { method: 'POST', path: '/f2', body: { '@type': 'Document', id: 'd2', title: 'D2' } },
  ] as Call[]) {
    expect((await send(c)).status).toBe(201);
  }
  return { ...s, send, start: s.store.current };
}

/** The tree without UIDs and times: path -> type, title, child ids in order. */
function tree(state: SiteState): Record<string, [string, unknown, string[]]> {
  const out: Record<string, [string, unknown, string[]]> = {};
  const visit = (node: ContentNode, path: string) => {
    const ids: string[] = [];
    for (const [id, uid] of childEntries(node)) {
      ids.push(id);
      visit(mustGetNode(state, uid), `${path}/${id}`);
    }
    out[path || '/'] = [node.type, node.fields.title, ids];
  };
  visit(rootOf(state), '');
  return out;
}

const together = await site();
together.store.groupMs = 60_000; // groups bounded by count only: the same on a slow machine
const alone = await site();

/** Commits of the runs so far, and the writes they held. */
const made = { commits: 0, writes: 0 };

async function check(calls: Call[]) {
  together.store.replace(together.start);
  alone.store.replace(alone.start);
  // Every write waits until each request has either reached the group commit or answered, then
  // all go to Store.write in the same turn: one group, in the order they came (by request line).
  const taken: string[] = [];
  const held: (() => void)[] = [];
  let finished = 0;
  let released = false;
  const release = () => {
    if (released || held.length + finished < calls.length) return;
    released = true;
    for (const go of held.splice(0)) go();
  };
  const write = together.store.write.bind(together.store);
  together.store.write = <T>(w: GroupWrite<T>): Promise<Written<T> | undefined> => {
    if (released) return write(w);
    taken.push(w.meta.request ?? '');
    return new Promise<Written<T> | undefined>((resolve, reject) => {
      held.push(() => void write(w).then(resolve, reject));
      release();
    });
  };
  const sizes: number[] = [];
  const stop = together.store.subscribe((c: Commit) => sizes.push(c.parts?.length ?? 1));
  let replies: Awaited<ReturnType<typeof together.send>>[];
  try {
    replies = await Promise.all(
      calls.map((c, i) =>
        together.send(c, i).finally(() => {
          if (!released) {
            finished++;
            release();
          }
        }),
      ),
    );
  } finally {
    together.store.write = write;
    stop();
  }
  expect(checkSite(together.store.current)).toEqual([]);
  const line = (c: Call, i: number) => `${c.method} /Plone${c.path}?call=${i}`;
  const waiting = calls.map((c, i) => ({ c, i }));
  const grouped: number[] = [];
  for (const request of taken) {
    const at = waiting.findIndex(({ c, i }) => line(c, i) === request);
    expect(at, `a write of the group that was not sent: ${request}`).toBeGreaterThanOrEqual(0);
    grouped.push(waiting[at].i);
    waiting.splice(at, 1);
  }
  // the same writes one by one: those answered before the group first (they saw the state it
  // started from), then the group's writes in its order
  const order = [...waiting.map(({ i }) => i), ...grouped];
  const one: typeof replies = new Array(calls.length);
  for (const i of order) one[i] = await alone.send(calls[i], i);
  const steps = calls.map((c, i) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? '')} -> ${replies[i].status} / ${one[i].status}`).join('\n');
  expect(replies, steps).toEqual(one);
  expect(tree(together.store.current), steps).toEqual(tree(alone.store.current));
  made.commits += sizes.length;
  made.writes += sizes.reduce((a, b) => a + b, 0);
}

describe('group commit (property)', () => {
  it('writes sent at once answer and change the site as the same writes one by one', async () => {
    await fc.assert(fc.asyncProperty(fc.array(call, { minLength: 2, maxLength: 24 }), check), { numRuns: 60 });
    // the writes were committed in groups, not one by one
    expect(made.commits).toBeGreaterThan(0);
    expect(made.commits).toBeLessThan(made.writes / 2);
  });

  it('a write into a folder deleted earlier in the same group is decided again and answers 404', async () => {
    await check([
      { method: 'DELETE', path: '/f2' },
      { method: 'POST', path: '/f2', body: { '@type': 'Document', title: 'Late' } },
      { method: 'POST', path: '/f1', body: { '@type': 'Document', title: 'A' } },
      { method: 'POST', path: '/f1', body: { '@type': 'Document', title: 'A' } },
      { method: 'POST', path: '/f1', body: { '@type': 'Document', id: 'x', title: 'X' } },
      { method: 'POST', path: '/f1', body: { '@type': 'Document', id: 'x', title: 'X again' } },
    ]);
  });
});
