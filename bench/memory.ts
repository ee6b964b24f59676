// Memory per object (issue 12, goal 4): a site of documents with ~1 KB of text (search.ts's
// generator: folders of 100), built in commits of at most GROUP_MAX objects, the largest group a
// server commits at once (a server also makes one draft per request and keeps its catalog in step
// after each commit; this build makes one per commit and its catalog at the end). In commits of
// 1,000 everything a commit made outlived young collections, and its garbage left 0.85 KB per object
// of holes in the old space at 100,000 objects (0.22 KB in commits of 64). Resident memory and V8
// heap per object after a forced GC, with the catalog built, and again at rest (writes quiet, as a
// server holds them: heap.ts settleAfterWrites, run here on the build's last write; with the old
// space V8 reserved and does not use: the holes the writes' garbage left, which a start from the
// snapshot does not have); then the snapshot written and loaded back (read + parse + checkSite: what a
// start does), and @search on fields and on full text at that size (app.request, in the started
// process, as a server started from that snapshot answers them).
// The load runs as cms-oracle runs that site: a site that needs a bigger heap than V8 gives by
// default gets its second run's environment (persistence/heap.ts runEnv). Searches are timed after
// the collector is done with what building and loading left behind (p50 of BENCH_MEMORY_RUNS, 300).
// Run with --expose-gc (run.ts does).
//   BENCH_MEMORY_N (100000); BENCH_MILLION=1 measures 1,000,000 objects instead (without the
//   catalog of the built site: the start from the snapshot builds one, and is what is measured);
//   BENCH_OPTIMIZE_FOR_SIZE=1 runs V8 with --optimize-for-size (a heap that stays near its live size)
//   node --expose-gc --max-old-space-size=16384 --import tsx bench/memory.ts   (1M: V8's default ~4 GB heap limit is too small)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/auth/passwords.ts';
import { createCatalog, type Catalog } from '../src/catalog/catalog.ts';
import { routeTable } from '../src/endpoints/index.ts';
import { createApp } from '../src/http/app.ts';
import { sequentialIds } from '../src/lib/clock.ts';
import { GROUP_MAX, Store } from '../src/state/store.ts';
import { restore } from '../src/persistence/restore.ts';
import { heapToAsk, MMAP_THRESHOLD_TUNABLE, QUIET_MS, runEnv, settleAfterWrites } from '../src/persistence/heap.ts';
import { writeSnapshot } from '../src/persistence/snapshot.ts';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { fmt, isMain, percentile, printTable, SERVER_FLAGS, type Row } from './lib.ts';
import { buildSite } from './search.ts';

const N = process.env.BENCH_MILLION === '1' ? 1_000_000 : Number(process.env.BENCH_MEMORY_N ?? 100_000);
/** Queries timed per search (after 10 not timed). */
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 300);
/** From this size the built site gets no catalog of its own (hours of a shared machine at 1M). */
const NO_BUILT_CATALOG_FROM = 1_000_000;
const AUTH = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json' };

/** Bytes V8 reserved for its old space and does not use (free lists: holes between live objects). */
function oldSpaceFree(): number {
  const old = getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
  return old ? old.space_size - old.space_used_size : 0;
}

function settled(): NodeJS.MemoryUsage {
  for (let i = 0; i < 3; i++) global.gc?.();
  return process.memoryUsage();
}

export async function benchMemory(): Promise<Row[]> {
  if (!global.gc) throw new Error('run with --expose-gc');
  if (process.env.BENCH_OPTIMIZE_FOR_SIZE === '1') setFlagsFromString('--optimize-for-size');
  const empty = settled();
  const emptyOldFree = oldSpaceFree();
  const t0 = performance.now();
  const store = buildSite(N, GROUP_MAX);
  const built = performance.now() - t0;
  const objects = store.current.nodeCount;
  const stateOnly = settled();
  const per = (m: NodeJS.MemoryUsage, key: 'rss' | 'heapUsed' | 'heapTotal' | 'external') => (m[key] - empty[key]) / objects;
  const kb = (bytes: number) => `${fmt(bytes / 1024, 2)} KB`;
  const rows: Row[] = [{ part: 'memory', what: `site of ${objects.toLocaleString('en')} objects (~1 KB text each), built by commits of ${GROUP_MAX} (a server's group of writes, store.ts GROUP_MAX)`, value: `${fmt(built / 1000, 1)} s` }];
  if (objects < NO_BUILT_CATALOG_FROM) {
    const c0 = performance.now();
    const catalog = createCatalog(store);
    const indexed = performance.now() - c0;
    const withCatalog = settled();
    rows.push(
      { part: 'memory', what: 'V8 heap per object: state / state + catalog', value: `${kb(per(stateOnly, 'heapUsed'))} / ${kb(per(withCatalog, 'heapUsed'))}` },
      {
        part: 'memory',
        what: 'resident memory per object (state + catalog; RSS / peak RSS)',
        value: `${kb(per(withCatalog, 'rss'))} (${fmt(withCatalog.rss / 1e6, 0)} MB) / peak ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB`,
        goal: '<= 2 KB',
        ok: per(withCatalog, 'rss') <= 2048,
      },
      {
        part: 'memory',
        what: 'where it is, per object: V8 heap used / V8 heap reserved / outside V8 (typed arrays)',
        value: `${kb(per(withCatalog, 'heapUsed'))} / ${kb(per(withCatalog, 'heapTotal'))} / ${kb(per(withCatalog, 'external'))}`,
      },
      { part: 'memory', what: 'catalog built from the state (index values, full text)', value: `${fmt(indexed / 1000, 1)} s` },
    );
    // the built site as a server holds it once its writes have been quiet (heap.ts settleAfterWrites)
    // (the server's own code: the build's last write announced to it, then its timer and collection)
    await new Promise<void>((resolve) => {
      const gc = global.gc!;
      const alive = setInterval(() => {}, 1000); // its timer is unref'd: a server's listening keeps it
      const stop = settleAfterWrites(
        (lastWrite) => (lastWrite(), () => {}),
        (options?: object) => (gc(options as never), stop(), clearInterval(alive), resolve()),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // V8 gives the pages back in a task of its own
    const rest = process.memoryUsage();
    rows.push(
      {
        part: 'memory',
        what: 'resident memory per object of the built site at rest (writes quiet QUIET_MS, then the young-generation collection a server makes: heap.ts settleAfterWrites)',
        value: `${kb(per(rest, 'rss'))} (${fmt(rest.rss / 1e6, 0)} MB)`,
        goal: '<= 2 KB',
        ok: per(rest, 'rss') <= 2048,
      },
      { part: 'memory', what: 'V8 old space reserved but not used, per object: holes the writes\' garbage left (built) / empty process', value: `${kb((oldSpaceFree() - emptyOldFree) / objects)} / ${fmt(emptyOldFree / 1e6, 0)} MB` },
    );
    catalog.close();
  } else rows.push({ part: 'memory', what: 'V8 heap per object: state (no catalog of the built site at this size)', value: kb(per(stateOnly, 'heapUsed')) });
  // snapshot: written once, then loaded the way a start does it
  const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-memory-'));
  try {
    const w0 = performance.now();
    await writeSnapshot(dir, store.current, { seq: 1, created: new Date().toISOString(), lastChange: null, changes: 0 });
    const written = performance.now() - w0;
    // loaded the way a start does it: in a fresh process (same flags), whose heap holds nothing
    // else; in this one every full collection during the load would also mark the built site
    const start = startFrom(dir, objects);
    if (start.objects !== objects) throw new Error('the snapshot lost objects');
    rows.push({ part: 'memory', what: 'snapshot write / load (read + parse + checkSite; fresh process; CPU of the load)', value: `${fmt(written / 1000, 1)} s / ${fmt(start.loaded / 1000, 1)} s (CPU ${fmt(start.loadedCpu / 1000, 1)} s)` });
    // what a start does after the load, before it listens: the catalog of the restored state
    // (createApp builds it; searches need it). The site is loaded when the server answers.
    rows.push({ part: 'memory', what: 'snapshot load + catalog of the restored site (a start, until the server listens and @search answers; CPU)', value: `${fmt(start.searchable / 1000, 1)} s (CPU ${fmt(start.searchableCpu / 1000, 1)} s)`, goal: '<= 60 s at 1M', ok: start.searchable <= 60_000 });
    rows.push({
      part: 'memory',
      what: `resident memory per object after that start, at rest (state + catalog; RSS / peak RSS)${start.ownRun ? '; in the second run cms-oracle makes for a big site' : ''}`,
      value: `${kb(start.rss / objects)} (${fmt(start.rss / 1e6, 0)} MB) / peak ${fmt(start.peak / 1e6, 0)} MB`,
      goal: '<= 2 KB',
      ok: start.rss / objects <= 2048,
    });
    rows.push({
      part: 'memory',
      what: 'where it is after that start, per object: V8 heap used (state / + catalog) / V8 heap reserved / outside V8',
      value: `${kb(start.stateHeap / objects)} / ${kb(start.heapUsed / objects)} / ${kb(start.heapTotal / objects)} / ${kb(start.external / objects)}`,
    });
    rows.push({ part: 'memory', what: 'V8 old space reserved but not used after that start, per object (less an empty process\'s)', value: kb(start.oldFree / objects) });
    const { field, text } = start.searches;
    rows.push(
      { part: 'memory', what: '@search on fields (type + state, sort_on=modified, b_size=25) p50 (CPU p50), in the started process', value: `${fmt(field.wall, 2)} ms (${fmt(field.cpu, 2)} ms)`, goal: '<= 10 ms', ok: field.wall <= 10 },
      { part: 'memory', what: '@search SearchableText p50 (CPU p50), in the started process', value: `${fmt(text.wall, 2)} ms (${fmt(text.cpu, 2)} ms)`, goal: '<= 50 ms', ok: text.wall <= 50 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

interface Timed {
  /** ms: p50 of the wall time / of the process's CPU time */
  wall: number;
  cpu: number;
}

/** @search on fields and on full text, p50 of RUNS each, answered by `store` with `catalog`. */
async function searches(store: Store, catalog: Catalog): Promise<{ field: Timed; text: Timed }> {
  const { app } = createApp({ store, table: routeTable(), root: { id: 'admin', passwordHash: await hashPassword('admin') }, sitePath: '/Plone', catalog, ids: sequentialIds(10_000_000) });
  // wall time, and the CPU time of the process (on a machine shared with other work, a niced
  // run's wall time is mostly waiting for a core; the CPU time is what the search costs)
  const timed = async (path: (i: number) => string): Promise<Timed> => {
    // the collector done with what building and loading left behind, as on a server that has
    // been answering a while (a full collection of a site of millions of objects takes seconds)
    settled();
    const xs: number[] = [];
    const cs: number[] = [];
    for (let i = -10; i < RUNS; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const res = await app.request(`http://localhost/Plone${path(i)}&_bench=${i}`, { headers: AUTH });
      await res.text();
      if (res.status !== 200) throw new Error(`${path(i)}: ${res.status}`);
      const used = process.cpuUsage(c);
      if (i >= 0) xs.push(performance.now() - t), cs.push((used.user + used.system) / 1000);
    }
    return { wall: percentile(xs.sort((a, b) => a - b), 50), cpu: percentile(cs.sort((a, b) => a - b), 50) };
  };
  const field = await timed(() => '/@search?portal_type=Document&review_state=published&sort_on=modified&sort_order=descending&b_size=25');
  const text = await timed((i) => `/@search?SearchableText=${['kalone', 'xylophonist', 'mimo'][((i % 3) + 3) % 3]}&b_size=25`);
  return { field, text };
}

interface Start {
  objects: number;
  /** run as cms-oracle runs a site that needs a bigger heap (persistence/heap.ts runEnv) */
  ownRun?: boolean;
  /** ms: restore (read, parse, checkSite) / restore + catalog built */
  loaded: number;
  searchable: number;
  /** ms of CPU (all threads of the process): restore / restore + catalog */
  loadedCpu: number;
  searchableCpu: number;
  /** bytes: resident after the start, less an empty process's; peak resident */
  rss: number;
  peak: number;
  /** bytes, less an empty process's: V8 heap used by the restored state alone; heap used, reserved and outside V8 after the catalog */
  stateHeap: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** bytes, less an empty process's: old space reserved and not used, after the start */
  oldFree: number;
  /** @search timed once the start is measured */
  searches: { field: Timed; text: Timed };
}

/**
 * A start from the snapshot in `dir`, in a child process with this process's flags and
 * BENCH_SERVER_FLAGS (bench/lib.ts); for a site
 * that cms-oracle runs in a second process with a bigger heap (persistence/heap.ts), with that
 * process's environment.
 */
function startFrom(dir: string, objects: number): Start {
  const defaultLimit = Number(spawnSync(process.execPath, ['-p', 'require("v8").getHeapStatistics().heap_size_limit'], { encoding: 'utf8' }).stdout);
  const heap = heapToAsk(dir, defaultLimit);
  const env = heap === undefined ? process.env : runEnv(process.env, heap);
  if (heap !== undefined) console.error(`memory: ${objects} objects: the start runs as cms-oracle runs a big site (${MMAP_THRESHOLD_TUNABLE})`);
  const out = spawnSync(process.execPath, [...process.execArgv, ...SERVER_FLAGS, fileURLToPath(import.meta.url), '--start', dir], { encoding: 'utf8', maxBuffer: 1 << 20, env });
  if (out.status !== 0) throw new Error(`start from the snapshot failed: ${out.stderr}`);
  return { ...(JSON.parse(out.stdout.trim().split('\n').pop()!) as Start), ownRun: heap !== undefined };
}

/**
 * The child's side: restore, then the catalog, with times and memory. Memory is measured at rest,
 * as a server holds it once started: after full collections, a quiet QUIET_MS and the one
 * young-generation collection cms-oracle makes then (persistence/heap.ts settleAfterStart).
 */
async function start(dir: string): Promise<Start> {
  const empty = settled();
  const emptyOldFree = oldSpaceFree();
  const r0 = performance.now();
  const c0 = process.cpuUsage();
  const cpu = () => {
    const used = process.cpuUsage(c0);
    return (used.user + used.system) / 1000;
  };
  const restored = restore(dir, { info: () => {}, warn: () => {}, error: console.error })!;
  const loaded = performance.now() - r0;
  const loadedCpu = cpu();
  const g0 = performance.now();
  const stateHeap = settled().heapUsed - empty.heapUsed;
  const measuring = performance.now() - g0; // not part of a start
  const store = new Store(restored.state);
  const catalog = createCatalog(store);
  const searchable = performance.now() - r0 - measuring;
  const searchableCpu = cpu();
  settled();
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  global.gc!({ type: 'minor' });
  await new Promise((resolve) => setTimeout(resolve, 500)); // V8 gives the pages back in a task of its own
  const after = process.memoryUsage();
  const oldFree = oldSpaceFree() - emptyOldFree;
  const peak = process.resourceUsage().maxRSS * 1024;
  const found = await searches(store, catalog);
  catalog.close();
  return { objects: restored.state.nodeCount, loaded, searchable, loadedCpu, searchableCpu, rss: after.rss - empty.rss, peak, stateHeap, heapUsed: after.heapUsed - empty.heapUsed, heapTotal: after.heapTotal - empty.heapTotal, external: after.external - empty.external, oldFree, searches: found };
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf('--start');
  if (at > 0) console.log(JSON.stringify(await start(process.argv[at + 1])));
  else printTable(await benchMemory());
}
