// A data dir written before the children shape of snapshot version 2 (a `children` UID array and a
// `childIds` map per node; journal patches in that shape) restores into today's shape, keeps order
// and ids, and keeps working durably afterwards.
import { createHash } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { enablePatches, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { checkChildren, childEntries, childList, childUid, insertChild, type Children } from '../state/children.ts';
import { checkSite } from '../state/invariants.ts';
import type { ContentNode, NodeShards, SiteState } from '../state/model.ts';
import { allNodes, bucketNumber, getNode, indexOf, nodeSlots, shardKeys } from '../state/nodes.ts';
import { traverse } from '../state/select.ts';
import { encode } from './codec.ts';
import { journalName, snapshotName } from './files.ts';
import { encodeRecord } from './journal.ts';
import { migrateState } from './migrate.ts';
import { readSnapshot, SNAPSHOT_VERSION } from './snapshot.ts';
import { persistentSite, tmpDataDir } from '../compose/persistence-testing.ts';
import { own } from '../lib/records.ts';

enablePatches();

type OldNode = Omit<ContentNode, 'children'> & { children: string[]; childIds: Record<string, string> };

/** The state as version 1 stored it. */
function toOldShape(state: SiteState): SiteState {
  const nodes: Record<string, Record<string, Record<string, OldNode>>> = {};
  for (const node of allNodes(state)) {
    const [a, b] = shardKeys(node.uid);
    const { children: _c, ...rest } = node;
    ((nodes[a] ??= {})[b] ??= {})[node.uid] = { ...rest, children: childList(node), childIds: Object.fromEntries(childEntries(node)) };
  }
  return { ...state, nodes: nodes as unknown as NodeShards };
}

/** A snapshot file of version `version` of `state`: its header, the state without nodes, then `nodeLines`. */
function writeOldSnapshot(dir: string, version: number, seq: number, changes: number, state: SiteState, nodeLines: string[]): void {
  const header = { format: 'cms-oracle-snapshot', version, seq, created: '2026-01-01T00:00:00.000Z', lastChange: null, changes, nodeCount: state.nodeCount };
  const lines = [JSON.stringify(header), encode({ ...state, nodes: null }), ...nodeLines];
  const body = lines.map((l) => l + '\n').join('');
  const sha256 = createHash('sha256').update(body).digest('hex');
  writeFileSync(join(dir, snapshotName(seq)), body + JSON.stringify({ end: true, chunks: lines.length - 2, sha256 }) + '\n');
}

/** A version-1 snapshot file of `state` (the format of snapshot.ts, one line per outer shard). */
function writeV1Snapshot(dir: string, seq: number, changes: number, state: SiteState): void {
  writeOldSnapshot(dir, 1, seq, changes, state, Object.entries(state.nodes).map(([a, s]) => encode({ a, s })));
}

describe('data dirs of snapshot version 1', () => {
  it('restore into the version-2 children shape, journal of version 1 replayed, and stay durable', async () => {
    const dir = tmpDataDir('migrate');
    const a = await persistentSite(dir);
    expect((await a.call('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' })).status).toBe(201);
    for (const id of ['a', 'b', 'c', 'valueOf', 'constructor']) expect((await a.call('POST', '/box', { '@type': 'Document', id, title: id })).status).toBe(201);
    expect((await a.call('PATCH', '/box', { ordering: { obj_id: 'c', delta: 'top' } })).status).toBe(204);
    await a.persistence!.close();
    const [written] = readdirSync(dir).filter((n) => n.endsWith('.sj'));
    const { header, state } = readSnapshot(join(dir, written));
    rmSync(join(dir, written));

    // the same site as version 1 wrote it, plus a journaled change in the old shape: a child added
    const old = toOldShape(state);
    writeV1Snapshot(dir, header.seq, header.changes, old);
    const box = traverse(state, ['box'])!;
    const source = traverse(state, ['box', 'a'])!;
    const extra = { ...source, uid: 'e'.repeat(32), intid: state.nextIntid, id: 'extra', fields: { ...source.fields, title: 'extra' } };
    delete (extra as Partial<ContentNode>).children;
    const [, patches] = produceWithPatches(old, (d) => {
      const v1 = d.nodes as unknown as Record<string, Record<string, Record<string, unknown>>>;
      const [ea, eb] = shardKeys(extra.uid);
      ((v1[ea] ??= {})[eb] ??= {})[extra.uid] = extra;
      d.nodeCount += 1;
      d.nextIntid += 1;
      const [ba, bb] = shardKeys(box.uid);
      const parent = v1[ba][bb][box.uid] as unknown as OldNode;
      parent.children.push(extra.uid);
      parent.childIds.extra = extra.uid;
    });
    writeFileSync(join(dir, journalName(header.seq)), encodeRecord({ c: header.changes + 1, t: '2026-01-01T00:00:01+00:00', patches }));

    const b = await persistentSite(dir, { durable: true });
    expect(b.log.lines.join('\n')).toMatch(new RegExp(`snapshot version 1 brought to version ${SNAPSHOT_VERSION}`));
    expect(checkSite(b.store.current)).toEqual([]);
    const listing = await b.call('GET', '/box');
    expect(listing.body.items.map((i: { title: string }) => i.title)).toEqual(['c', 'a', 'b', 'valueOf', 'constructor', 'extra']);
    expect((await b.call('GET', '/box/constructor')).body.title).toBe('constructor');
    expect((await b.call('POST', '/box', { '@type': 'Document', id: 'after', title: 'after' })).status).toBe(201);

    // a crash (no close): the new journal goes with the version-2 base snapshot written at start
    const c = await persistentSite(dir, { durable: true });
    expect(checkSite(c.store.current)).toEqual([]);
    expect((await c.call('GET', '/box')).body.items.map((i: { title: string }) => i.title)).toEqual(['c', 'a', 'b', 'valueOf', 'constructor', 'extra', 'after']);
  });

  it('migrateState leaves a state of today untouched', async () => {
    const dir = tmpDataDir('migrate');
    const a = await persistentSite(dir);
    expect((await a.call('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' })).status).toBe(201);
    const now = a.store.current;
    expect(migrateState(now)).toEqual({ state: now, migrated: false });
    const back = migrateState(toOldShape(now));
    expect(back.migrated).toBe(true);
    // the same state but for the seeds of the rebuilt children records' hashes (state/children.ts)
    const seedless = (s: unknown) => JSON.parse(JSON.stringify(s, (key, v) => (key === 'k' && typeof v === 'number' ? undefined : v)));
    expect(seedless(back.state)).toEqual(seedless(now));
    expect(JSON.stringify(back.state)).toMatch(/"k":\d+/);
  });

  it('migrateState takes a site of 300,000 objects (no spread of every node)', () => {
    // a big UID index (a spread of 300k overflows the stack), nodes reduced to what migrateState reads
    const nodes = Array.from({ length: 300_000 }, (_, i) => ({ uid: `u${i}`, intid: i }) as unknown as ContentNode);
    const state = { nodes: indexOf(nodes), nodeCount: nodes.length } as unknown as SiteState;
    expect(migrateState(state)).toEqual({ state, migrated: false });
  });
});

describe('data of snapshot version 2 (children in one level of chunks)', () => {
  it('migrate into groups of chunks, order and ids kept', () => {
    const folder = { children: undefined as Children | undefined };
    for (let i = 0; i < 5000; i++) insertChild(folder, `id-${i}`, `uid-${i}`);
    const entries = [...childEntries(folder)];
    // version 2: the pairs in chunks of one list, with its keys, sizes and trie
    const order: string[][] = [];
    for (let i = 0; i < entries.length; i += 128) order.push(entries.slice(i, i + 128).flatMap(([id, uid]) => [uid, id]));
    const oneLevel = { n: entries.length, order, keys: order.map((_, k) => k), sizes: order.map((c) => c.length / 2), next: order.length, ids: [] };
    const node = { uid: 'F', id: 'f', children: oneLevel } as unknown as ContentNode;
    // the index of versions 2 and 3: two levels of 256 slots
    const nodes = new Array(256).fill(null);
    nodes[7] = new Array(256).fill(null);
    nodes[7][9] = { F: node };
    const { state, migrated } = migrateState({ nodes } as SiteState);
    expect(migrated).toBe(true);
    const back = getNode(state, 'F')!;
    expect(checkChildren(back.children!, 'F')).toEqual([]);
    expect([...childEntries(back)]).toEqual(entries);
    expect(childUid(back, 'id-4321')).toBe('uid-4321');
  });
});

/** The UID index as versions 2 and 3 stored it: two levels of 256 slots by the same 16 bits. */
function toTwoLevels(state: SiteState): SiteState {
  const nodes: (Record<string, ContentNode>[] | null)[] = new Array(256).fill(null);
  for (const node of allNodes(state)) {
    const n = bucketNumber(node.uid);
    ((nodes[n >>> 8] ??= new Array(256).fill(null))[n & 0xff] ??= {})[node.uid] = node;
  }
  return { ...state, nodes: nodes as unknown as NodeShards };
}

/** A version-3 snapshot file of a state already in the two-level shape. */
function writeV3Snapshot(dir: string, seq: number, changes: number, state: SiteState): void {
  writeOldSnapshot(dir, 3, seq, changes, state, (state.nodes as unknown[]).flatMap((s, a) => (s ? [encode({ a, s })] : [])));
}

/** A data dir whose site (a box of three documents) was written once, its snapshot read and removed. */
async function boxWrittenOnce() {
  const dir = tmpDataDir('migrate');
  const a = await persistentSite(dir);
  expect((await a.call('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' })).status).toBe(201);
  for (const id of ['a', 'b', 'valueOf']) expect((await a.call('POST', '/box', { '@type': 'Document', id, title: id })).status).toBe(201);
  await a.persistence!.close();
  const [written] = readdirSync(dir).filter((n) => n.endsWith('.sj'));
  const { header, state } = readSnapshot(join(dir, written));
  rmSync(join(dir, written));
  return { dir, header, state };
}

/** The site of boxWrittenOnce read back from a snapshot of `version` and its journal (which gave the box two local roles), then written to. */
async function readBackWithRoles(dir: string, version: number, boxUid: string) {
  const b = await persistentSite(dir, { durable: true });
  expect(b.log.lines.join('\n')).toMatch(new RegExp(`snapshot version ${version} brought to version ${SNAPSHOT_VERSION}`));
  expect(checkSite(b.store.current)).toEqual([]);
  const roles = getNode(b.store.current, boxUid)!.localRoles;
  expect(Object.getPrototypeOf(roles)).toBeNull();
  expect(Object.entries(roles)).toEqual([['constructor', ['Editor']], ['valueOf', ['Reader']]]);
  expect((await b.call('GET', '/box')).body.items.map((i: { title: string }) => i.title)).toEqual(['a', 'b', 'valueOf']);
  expect((await b.call('POST', '/box', { '@type': 'Document', id: 'after', title: 'after' })).status).toBe(201);
  return b;
}

describe('data dirs of snapshot version 3 (UID index in two levels of 256 slots)', () => {
  it('restore into four levels of 16, journal of version 3 replayed, and stay durable', async () => {
    const { dir, header, state } = await boxWrittenOnce();

    // version 3 wrote this site; its journal then set local roles on the box, in that shape's paths
    const old = toTwoLevels(state);
    writeV3Snapshot(dir, header.seq, header.changes, old);
    const box = traverse(state, ['box'])!;
    const [, patches] = produceWithPatches(old, (d) => {
      const n = bucketNumber(box.uid);
      const v3 = d.nodes as unknown as Record<string, ContentNode>[][];
      v3[n >>> 8][n & 0xff][box.uid].localRoles = JSON.parse('{"constructor": ["Editor"], "valueOf": ["Reader"]}');
    });
    expect(patches[0].path.slice(0, 4)).toEqual(['nodes', bucketNumber(box.uid) >>> 8, bucketNumber(box.uid) & 0xff, box.uid]);
    writeFileSync(join(dir, journalName(header.seq)), encodeRecord({ c: header.changes + 1, t: '2026-01-01T00:00:01+00:00', patches }));

    const b = await readBackWithRoles(dir, 3, box.uid);

    // a crash (no close): the new journal goes with the version-4 base snapshot written at start
    const c = await persistentSite(dir, { durable: true });
    expect(checkSite(c.store.current)).toEqual([]);
    expect(c.log.lines.join('\n')).not.toMatch(/brought to version/);
    expect((await c.call('GET', '/box')).body.items.map((i: { title: string }) => i.title)).toEqual(['a', 'b', 'valueOf', 'after']);
    // keyed records get their null prototype back from the new shape too (state/keyed.ts)
    expect(Object.getPrototypeOf(getNode(c.store.current, box.uid)!.localRoles)).toBeNull();
    expect(Object.entries(getNode(c.store.current, box.uid)!.localRoles)).toEqual([['constructor', ['Editor']], ['valueOf', ['Reader']]]);
  });
});

/** The UID index as version 4 stored it: four levels of 16 slots above records of nodes by UID. */
function toRecordBuckets(state: SiteState): SiteState {
  const nodes: unknown[] = new Array(16).fill(null);
  for (const node of allNodes(state)) {
    const slots = nodeSlots(node.uid);
    let at = nodes;
    for (const slot of slots.slice(0, -1)) at = (at[slot] ??= new Array(16).fill(null)) as unknown[];
    ((at[slots[3]] ??= {}) as Record<string, ContentNode>)[node.uid] = node;
  }
  return { ...state, nodes: nodes as NodeShards };
}

/** A version-4 snapshot file of a state already in that shape: one line per bucket {a, b, s}. */
function writeV4Snapshot(dir: string, seq: number, changes: number, state: SiteState): void {
  const buckets: string[] = [];
  for (const node of allNodes(toArrays(state))) {
    const n = bucketNumber(node.uid);
    const slots = nodeSlots(node.uid);
    let at: unknown = state.nodes;
    for (const slot of slots) at = (at as unknown[])[slot];
    const line = encode({ a: n >>> 8, b: n & 0xff, s: at });
    if (!buckets.includes(line)) buckets.push(line);
  }
  writeOldSnapshot(dir, 4, seq, changes, state, buckets);
}

/** The nodes of a state whose buckets are records, in today's index (to list them). */
const toArrays = (state: SiteState): SiteState => migrateState(state).state;

describe('data dirs of snapshot version 4 (buckets that are records of nodes by UID)', () => {
  it('restore into buckets that are arrays, journal of version 4 replayed, and stay durable', async () => {
    const { dir, header, state } = await boxWrittenOnce();

    // version 4 wrote this site; its journal then set local roles on the box, in that shape's paths
    const old = toRecordBuckets(state);
    writeV4Snapshot(dir, header.seq, header.changes, old);
    const box = traverse(state, ['box'])!;
    const [, patches] = produceWithPatches(old, (d) => {
      const slots = nodeSlots(box.uid);
      let at: unknown = d.nodes;
      for (const slot of slots) at = (at as unknown[])[slot];
      (at as Record<string, ContentNode>)[box.uid].localRoles = JSON.parse('{"constructor": ["Editor"], "valueOf": ["Reader"]}');
    });
    expect(patches[0].path.slice(0, 6)).toEqual(['nodes', ...nodeSlots(box.uid), box.uid]);
    writeFileSync(join(dir, journalName(header.seq)), encodeRecord({ c: header.changes + 1, t: '2026-01-01T00:00:01+00:00', patches }));

    const b = await readBackWithRoles(dir, 4, box.uid);
    expect((await b.call('POST', '/@users', { username: 'toString', email: 't@example.com', password: 'long-enough-1' })).status).toBe(201);
    expect((await b.call('POST', '/box/@sharing', { entries: [{ id: 'toString', type: 'user', roles: { Reviewer: true } }] })).status).toBe(204);

    // a crash (no close): the new journal, in today's paths, goes with the base snapshot written at start
    const c = await persistentSite(dir, { durable: true });
    expect(checkSite(c.store.current)).toEqual([]);
    expect(c.log.lines.join('\n')).not.toMatch(/brought to version/);
    expect((await c.call('GET', '/box')).body.items.map((i: { title: string }) => i.title)).toEqual(['a', 'b', 'valueOf', 'after']);
    const after = getNode(c.store.current, box.uid)!.localRoles;
    expect(Object.getPrototypeOf(after)).toBeNull();
    expect(own(after, 'toString')).toEqual(['Reviewer']);
    expect(own(after, 'constructor')).toEqual(['Editor']);
  });

  it('makes a children record from before seeds again, seeded, with the same children in order', async () => {
    const a = await persistentSite(tmpDataDir('migrate'));
    expect((await a.call('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' })).status).toBe(201);
    for (const id of ['b', 'a', 'valueOf', 'c']) expect((await a.call('POST', '/box', { '@type': 'Document', id, title: id })).status).toBe(201);
    const now = a.store.current;
    const box = traverse(now, ['box'])!;
    const { k: _seed, ...seedless } = box.children!;
    const nodes = [...allNodes(now)].map((n) => (n.uid === box.uid ? { ...n, children: seedless as Children } : n));
    const old = { ...now, nodes: indexOf(nodes) };
    const back = migrateState(old);
    expect(back.migrated).toBe(true);
    const again = traverse(back.state, ['box'])!;
    expect(again.children!.k).toEqual(expect.any(Number));
    expect([...childEntries(again)]).toEqual([...childEntries(box)]);
    expect(checkSite(back.state)).toEqual([]);
    expect(migrateState(back.state).migrated).toBe(false);
  });
});
