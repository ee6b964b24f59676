// fast-check: any reachable state round-trips through a snapshot; replaying the journal of any
// change sequence gives the live state.
import type { Patch } from 'immer';
import { replayPatches } from '../state/patches.ts';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import type { SiteState } from '../state/model.ts';
import { allNodes } from '../state/nodes.ts';
import { pathOf } from '../state/select.ts';
import { decodeRecord, encodeRecord } from './journal.ts';
import { restore } from './restore.ts';
import { readSnapshot, writeSnapshot } from './snapshot.ts';
import { capturingLogger, persistentSite, tmpDataDir } from '../compose/persistence-testing.ts';

type Op =
  | { kind: 'create'; parent: number; type: string; title: string; id: string | null }
  | { kind: 'patch'; target: number; title: string; description: string }
  | { kind: 'delete'; target: number }
  | { kind: 'publish'; target: number }
  | { kind: 'order'; target: number; delta: number };

const text = fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', 'é', ' ', '"', '\n', '💥', '\\', 'Z') });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    parent: fc.nat(),
    type: fc.constantFrom('Folder', 'Document', 'News Item', 'Event', 'Link'),
    title: text,
    id: fc.option(fc.constantFrom('a', 'b', 'c', 'item'), { nil: null }),
  }),
  fc.record({ kind: fc.constant('patch' as const), target: fc.nat(), title: text, description: text }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('publish' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('order' as const), target: fc.nat(), delta: fc.integer({ min: -2, max: 2 }) }),
);

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

function paths(state: SiteState, folderish: boolean): string[] {
  const out: string[] = [];
  for (const node of allNodes(state)) {
    if (node.parent === null) {
      if (folderish) out.push('');
      continue;
    }
    if (folderish && !state.types[node.type]?.folderish) continue;
    out.push('/' + pathOf(state, node).join('/'));
  }
  return out.sort();
}

async function run(ops: Op[], state: () => SiteState, call: Call): Promise<void> {
  for (const o of ops) {
    if (o.kind === 'create') {
      const folders = paths(state(), true);
      await call('POST', folders[o.parent % folders.length], {
        '@type': o.type,
        title: o.title,
        ...(o.id ? { id: o.id } : {}),
        ...(o.type === 'Link' ? { remoteUrl: 'https://example.org/' } : {}),
      });
      continue;
    }
    const all = paths(state(), false);
    if (!all.length) continue;
    const target = all[o.target % all.length];
    if (o.kind === 'patch') await call('PATCH', target, { title: o.title, description: o.description });
    else if (o.kind === 'delete') await call('DELETE', target);
    else if (o.kind === 'publish') await call('POST', `${target}/@workflow/publish`, {});
    else {
      const parent = target.slice(0, target.lastIndexOf('/'));
      await call('PATCH', parent, { ordering: { obj_id: target.slice(target.lastIndexOf('/') + 1), delta: o.delta } });
    }
  }
}

async function memorySite() {
  const server = await createServer({ admin: { user: 'admin', password: 'admin' } });
  const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
  const call: Call = async (method, path, body) => {
    const res = await server.app.request('http://localhost:8080/Plone' + path, {
      method,
      headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.text();
  };
  return { server, call };
}

describe('persistence properties', () => {
  it('any reachable state round-trips through snapshot + restore', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const { server, call } = await memorySite();
        await run(ops, () => server.store.current, call);
        const dir = tmpDataDir('prop');
        const live = server.store.current;
        const { path } = await writeSnapshot(dir, live, { seq: 1, created: 'now', lastChange: null, changes: 0 }, { sliceMs: 0 });
        const { state } = readSnapshot(path);
        expect(isDeepStrictEqual(state, live)).toBe(true);
        expect(JSON.stringify(state)).toBe(JSON.stringify(live));
        // read a few bytes at a time: lines (and UTF-8 characters) span the reads
        expect(isDeepStrictEqual(readSnapshot(path, { pieceBytes: 7 + (ops.length % 5) }).state, live)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('replaying the journal records of any change sequence gives the live state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const { server, call } = await memorySite();
        const initial = server.store.current;
        const lines: string[] = [];
        server.store.subscribe((commit) => lines.push(encodeRecord({ c: lines.length + 1, t: 'now', patches: commit.patches })));
        await run(ops, () => server.store.current, call);
        let replayed = initial;
        for (const line of lines) {
          const record = decodeRecord(line.slice(0, -1))!;
          expect(record).toBeDefined();
          replayed = replayPatches(replayed, record.patches as Patch[]);
        }
        expect(isDeepStrictEqual(replayed, server.store.current)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('durable mode: restore(data dir) after any change sequence equals the live state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 20 }), fc.nat({ max: 20 }), async (ops, snapshotAt) => {
        const dir = tmpDataDir('prop');
        const site = await persistentSite(dir, { durable: true });
        await run(ops.slice(0, snapshotAt), () => site.store.current, site.call);
        await site.persistence!.snapshot();
        await run(ops.slice(snapshotAt), () => site.store.current, site.call);
        const restored = restore(dir, capturingLogger());
        expect(isDeepStrictEqual(restored!.state, site.store.current)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
