// Folder size must not matter (issue 12, goal 1). Over HTTP against a child server (serve-folder.ts)
// whose folder /big already holds 0, 10k or 100k documents: one client at a time, the p50/p99 of
// POST (create), PATCH (title), rename (PATCH id), reorder (PATCH the folder's ordering: top,
// bottom, delta -5) and DELETE of the objects the POSTs made; then the ratio of the largest size
// to the empty folder. Then bulk creation into one empty folder from 16 concurrent clients, in
// rounds, with the rate of each round as the folder fills.
//   BENCH_FOLDER_SIZES (0,10000,100000), BENCH_FOLDER_OPS (300), BENCH_BULK (100000),
//   BENCH_BULK_SECONDS (180: a round that would pass this stops the series), BENCH_BULK_WARM
//   (2000: documents posted into another folder first, so that the rounds measure a warm server),
//   BENCH_SERVER_FLAGS (node flags of the server, e.g. --max-semi-space-size=64: GC settings
//   change the CPU time per write; default none, as `npm start` runs it)
//   npx tsx bench/folders.ts
import autocannon from 'autocannon';
import { bundled, cpuMs, type GcTotals, fmt, freePort, isMain, percentile, printTable, SERVER_FLAGS, start, stop, waitFor, type Row } from './lib.ts';

const SIZES = (process.env.BENCH_FOLDER_SIZES ?? '0,10000,100000').split(',').map(Number);
const OPS = Number(process.env.BENCH_FOLDER_OPS ?? 300);
const BULK = Number(process.env.BENCH_BULK ?? 100_000);
const BULK_SECONDS = Number(process.env.BENCH_BULK_SECONDS ?? 180);
const BULK_WARM = Number(process.env.BENCH_BULK_WARM ?? 2000);
const HEADERS = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };

/** A child server prepared by serve-folder.ts with `env`; `body` runs against its base URL (and gets its pid, and its GC totals when BENCH_GC is set). */
export async function withFolderServer<T>(env: Record<string, string>, body: (base: string, pid: number, gc: () => GcTotals) => Promise<T>, args: string[] = []): Promise<T> {
  const port = await freePort();
  const child = start(process.execPath, [...SERVER_FLAGS, ...args, await bundled('bench/serve-folder.ts')], { PORT: String(port), ...env });
  try {
    const base = `http://127.0.0.1:${port}/Plone`;
    if (!(await waitFor(base, 200, 600_000))) throw new Error(`serve-folder did not start: ${child.stderrTail()}`);
    return await body(base, child.pid!, child.gc);
  } finally {
    await stop(child);
  }
}

async function send(method: string, url: string, body: unknown, want: number): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { method, headers: HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== want) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return ms;
}

type Series = Record<'POST' | 'PATCH' | 'rename' | 'reorder' | 'DELETE', number[]>;

async function series(size: number): Promise<Series> {
  return withFolderServer({ CHILDREN: String(size) }, async (base) => {
    const big = `${base}/big`;
    // warm-up: JIT and the password cache, on objects of their own
    for (let i = 0; i < 100; i++) await send('POST', big, { '@type': 'Document', id: `w${i}`, title: 'W' }, 201);
    for (let i = 0; i < 100; i++) await send('PATCH', `${big}/w${i}`, { title: 'W2' }, 204);
    for (let i = 0; i < 100; i++) await send('DELETE', `${big}/w${i}`, undefined, 204);
    const s: Series = { POST: [], PATCH: [], rename: [], reorder: [], DELETE: [] };
    for (let i = 0; i < OPS; i++) s.POST.push(await send('POST', big, { '@type': 'Document', id: `p${i}`, title: `Posted ${i}` }, 201));
    for (let i = 0; i < OPS; i++) s.PATCH.push(await send('PATCH', `${big}/p${i}`, { title: `Patched ${i}` }, 204));
    for (let i = 0; i < OPS; i++) s.rename.push(await send('PATCH', `${big}/p${i}`, { id: `r${i}` }, 204));
    const deltas = ['top', 'bottom', -5];
    for (let i = 0; i < OPS; i++) s.reorder.push(await send('PATCH', big, { ordering: { obj_id: `r${i}`, delta: deltas[i % 3] } }, 204));
    for (let i = 0; i < OPS; i++) s.DELETE.push(await send('DELETE', `${big}/r${i}`, undefined, 204));
    for (const xs of Object.values(s)) xs.sort((a, b) => a - b);
    return s;
  });
}

interface Round {
  upTo: number;
  rate: number;
  /** server CPU time per document made (us) */
  cpuUs?: number;
}

/**
 * Fill one folder over HTTP from 16 connections, in 10 rounds; the rate of each round. First a
 * warm-up of BULK_WARM documents into a folder of their own (as the series warm up): the first
 * round would otherwise measure the JIT compiling the server.
 */
async function bulk(): Promise<{ rounds: Round[]; failed: number; stopped?: string }> {
  return withFolderServer({}, async (base, pid) => {
    const rounds: Round[] = [];
    let made = 0;
    let failed = 0;
    const per = Math.ceil(BULK / 10);
    let next = 0;
    const requests = [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ '@type': 'Document', title: `Bulk document ${next++}` }) }),
      },
    ];
    await send('POST', base, { '@type': 'Folder', id: 'warm', title: 'Warm-up' }, 201);
    const warm = await autocannon({ url: `${base}/warm`, connections: 16, amount: BULK_WARM, sampleInt: 10, headers: HEADERS, requests });
    if (warm.non2xx + warm.errors) throw new Error(`bulk warm-up: ${warm.non2xx + warm.errors} failed`);
    while (made < BULK) {
      const t0 = performance.now();
      const cpu0 = cpuMs(pid);
      const r = await autocannon({ url: `${base}/big`, connections: 16, amount: per, sampleInt: 10, headers: HEADERS, requests });
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = cpuMs(pid);
      made += r['2xx'];
      failed += r.non2xx + r.errors;
      rounds.push({ upTo: made, rate: r['2xx'] / seconds, cpuUs: cpu0 !== undefined && cpu1 !== undefined && r['2xx'] ? ((cpu1 - cpu0) * 1000) / r['2xx'] : undefined });
      if (failed) break;
      if (seconds * (BULK - made) / per > BULK_SECONDS) return { rounds, failed, stopped: `stopped at ${made}: the rest would take over ${BULK_SECONDS} s` };
    }
    return { rounds, failed };
  });
}

export async function benchFolders(): Promise<Row[]> {
  const rows: Row[] = [];
  const results: [number, Series][] = [];
  for (const size of SIZES) results.push([size, await series(size)]);
  const ms = (xs: number[], p: number) => fmt(percentile(xs, p), 2);
  for (const [size, s] of results) {
    const cells = Object.entries(s).map(([op, xs]) => `${op} ${ms(xs, 50)}/${ms(xs, 99)}`);
    rows.push({ part: 'folders', what: `folder of ${size.toLocaleString('en')}: p50/p99 ms`, value: cells.join(', ') });
  }
  if (results.length >= 2) {
    const [, empty] = results[0];
    const [size, biggest] = results[results.length - 1];
    for (const op of Object.keys(empty) as (keyof Series)[]) {
      const r = percentile(biggest[op], 50) / percentile(empty[op], 50);
      rows.push({ part: 'folders', what: `${op} p50 ratio, folder of ${size.toLocaleString('en')} / empty`, value: fmt(r), goal: '<= 2x', ok: r <= 2 });
    }
  }
  const b = await bulk();
  const last = b.rounds[b.rounds.length - 1];
  const slowest = Math.min(...b.rounds.map((r) => r.rate));
  rows.push({ part: 'folders', what: `bulk create into one folder, 16 clients: docs/s by round (up to n children)`, value: b.rounds.map((r) => `${fmt(r.rate, 0)} (${r.upTo})`).join(', ') + (b.stopped ? `; ${b.stopped}` : '') + (b.failed ? `; ${b.failed} FAILED` : '') });
  const cpu = b.rounds.map((r) => r.cpuUs);
  if (cpu.length && cpu.every((c) => c !== undefined)) {
    rows.push({ part: 'folders', what: 'bulk create: server CPU per doc, first / last round (moves little with machine load)', value: `${fmt(cpu[0]!, 0)} / ${fmt(cpu[cpu.length - 1]!, 0)} us` });
  }
  rows.push({ part: 'folders', what: `bulk create: slowest round up to ${last?.upTo ?? 0} children`, value: `${fmt(slowest, 0)} docs/s`, goal: `>= 2000 up to ${BULK}`, ok: !b.failed && !b.stopped && slowest >= 2000 && (last?.upTo ?? 0) >= BULK });
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchFolders());
