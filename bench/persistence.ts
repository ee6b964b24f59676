// Persistence benchmarks:
//  1. a 100k-object site: snapshot write time, file size, longest event-loop stall while the
//     snapshot is written (a 1 ms setInterval probe + monitorEventLoopDelay), restore time;
//  2. writes/s (PATCH) with --durable and without, at 1 and 32 concurrent clients.
//   npx tsx bench/persistence.ts [objects=100000] [seconds=4]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Draft } from 'immer';
import superjson from 'superjson';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { restore } from '../src/persistence/restore.ts';
import { readSnapshot, writeSnapshot } from '../src/persistence/snapshot.ts';
import { createServer } from '../src/server.ts';
import type { SiteState } from '../src/state/model.ts';
import { bundled, fmt, freePort, isMain, printTable, SERVER_FLAGS, start, stop, waitFor, type Row } from './lib.ts';
import { stallDuring, stallFigure } from './stall-probe.ts';

const TEXT = '<p>' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6) + '</p>';

/** A site of `objects` content objects: folders of 1000 documents, built by batched commits. */
export async function bigSite(objects: number) {
  const server = await createServer({ deterministic: true });
  let n = 0;
  const req = (): ApiRequest =>
    ({ now: '2026-01-01T00:00:00+00:00', newUid: () => `u${(n++).toString(16).padStart(31, '0')}`, principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] } }) as unknown as ApiRequest;
  let made = 0;
  let folder = '';
  while (made < objects) {
    server.store.commit((draft: Draft<SiteState>) => {
      for (let i = 0; i < 1000 && made < objects; i++, made++) {
        if (made % 1000 === 0) {
          folder = createContent(draft, req(), { parentUid: draft.rootUid, body: { '@type': 'Folder', id: `folder-${made / 1000}`, title: `Folder ${made / 1000}` } });
          continue;
        }
        createContent(draft, req(), {
          parentUid: folder,
          body: {
            '@type': 'Document',
            id: `doc-${made}`,
            title: `Document number ${made}`,
            description: `The description of document ${made}, of an ordinary length.`,
            text: { data: TEXT, 'content-type': 'text/html', encoding: 'utf-8' },
            subjects: ['bench', `s${made % 50}`],
          },
        });
      }
    });
  }
  // The catalog merges its full-text segment when idle: do it now, it is not the snapshot's stall.
  (server.services as { catalog?: { flush(): void } }).catalog?.flush();
  return server.store.current;
}

export async function snapshotBench(objects: number): Promise<Row[]> {
  const t0 = performance.now();
  const state = await bigSite(objects);
  const built = performance.now() - t0;
  const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-bench-'));
  const rows: Row[] = [];
  try {
    const w0 = performance.now();
    const stall = await stallDuring(() =>
      writeSnapshot(dir, state, { seq: 1, created: new Date().toISOString(), lastChange: null, changes: 0 }),
    );
    const written = performance.now() - w0;
    const { result } = stall;
    const r0 = performance.now();
    readSnapshot(result.path);
    const read = performance.now() - r0;
    const f0 = performance.now();
    const restored = restore(dir, { info: () => {}, warn: () => {}, error: console.error })!;
    const full = performance.now() - f0;
    if (restored.state.nodeCount !== state.nodeCount) throw new Error('restore lost objects');
    const s0 = performance.now();
    superjson.stringify(state);
    const oneShot = performance.now() - s0;
    const n = `${state.nodeCount} objects`;
    rows.push(
      { part: 'snapshot', what: `build site (${n})`, value: `${fmt(built / 1000, 1)} s` },
      { part: 'snapshot', what: 'write (chunked, fsync, rename)', value: `${fmt(written, 0)} ms` },
      { part: 'snapshot', what: 'file size', value: `${fmt(result.size / 1024 ** 2, 1)} MiB` },
      { part: 'snapshot', what: 'longest event-loop stall while writing', ...stallFigure(stall) },
      { part: 'snapshot', what: 'one-shot superjson.stringify (what chunking avoids)', value: `${fmt(oneShot, 0)} ms` },
      { part: 'snapshot', what: 'read + verify + parse + freeze', value: `${fmt(read, 0)} ms` },
      { part: 'snapshot', what: 'restore (read + journal + checkSite)', value: `${fmt(full, 0)} ms` },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** PATCH requests/s from `clients` concurrent keep-alive clients for `seconds`. */
async function patchLoad(base: string, clients: number, seconds: number): Promise<{ perSecond: number; failed: number }> {
  const headers = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const client = async (c: number) => {
    for (let i = 0; performance.now() < end; i++) {
      const res = await fetch(`${base}/doc-${c % 32}`, { method: 'PATCH', headers, body: JSON.stringify({ description: `client ${c} write ${i}` }) });
      await res.arrayBuffer();
      if (res.status === 204) done++;
      else failed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return { perSecond: done / ((performance.now() - t0) / 1000), failed };
}

export async function writeBench(seconds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const durable of [false, true]) {
    const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-bench-'));
    const port = await freePort();
    const child = start(process.execPath, [...SERVER_FLAGS, await bundled('bench/serve-persistent.ts')], { PORT: String(port), DATA_DIR: dir, DURABLE: durable ? '1' : '0' });
    try {
      const base = `http://127.0.0.1:${port}/Plone`;
      if (!(await waitFor(`${base}/doc-31`, 401)) && !(await waitFor(`${base}/doc-31`, 200, 1000))) throw new Error(`server did not start: ${child.stderrTail()}`);
      await patchLoad(base, 8, 1); // warm-up
      for (const clients of [1, 32]) {
        const { perSecond, failed } = await patchLoad(base, clients, seconds);
        rows.push({
          part: 'writes',
          what: `PATCH/s, ${clients} client${clients > 1 ? 's' : ''}, ${durable ? '--durable (journal + fsync)' : 'snapshots only'}`,
          value: `${fmt(perSecond, 0)}${failed ? ` (${failed} failed)` : ''}`,
        });
      }
    } finally {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** For bench/run.ts: BENCH_PERSIST_OBJECTS (default 100000), BENCH_PERSIST_SECONDS (4). */
export async function benchPersistence(): Promise<Row[]> {
  const objects = Number(process.env.BENCH_PERSIST_OBJECTS ?? 100_000);
  const seconds = Number(process.env.BENCH_PERSIST_SECONDS ?? 4);
  return [...(await snapshotBench(objects)), ...(await writeBench(seconds))];
}

if (isMain(import.meta.url)) {
  const objects = Number(process.argv[2] ?? 100_000);
  const seconds = Number(process.argv[3] ?? 4);
  const rows = [...(await snapshotBench(objects)), ...(await writeBench(seconds))];
  printTable(rows);
}
