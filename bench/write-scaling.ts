// Create and patch latency through app.request (in-process) with 1k and with 100k objects in the
// site. The big site is built by committing createContent directly, ~1000 nodes per commit, spread
// over folders of <= 500 children. The measured writes go into one empty folder at both sizes, so
// only the size of the site differs. Also: the raw cost of store.commit for a one-field write.
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createServer } from '../src/server.ts';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { mustGetNode } from '../src/state/nodes.ts';
import { rootOf } from '../src/state/select.ts';
import { childAt } from '../src/state/children.ts';
import { fmt, isMain, percentile, printTable, type Row } from './lib.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_WRITES ?? 2000);
const PER_FOLDER = 500;
const PER_COMMIT = 1000;
const BASE = 'http://localhost:8080/Plone';
const HEADERS = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Figures {
  /** Nodes in the site once built (before the measured writes). */
  size: number;
  buildMs: number;
  post: number[];
  patch: number[];
  commit: number[];
  heapMb: number;
}

type Server = Awaited<ReturnType<typeof createServer>>;

/** Fill the site to `size` nodes (root included) by direct commits of createContent. */
export function build(server: Server, size: number): void {
  const req = {
    now: server.clock.now(),
    newUid: () => randomUUID().replace(/-/g, ''),
    principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] },
    header: () => undefined,
  } as unknown as ApiRequest;
  const rootUid = server.store.current.rootUid;
  let folder = '';
  let inFolder = PER_FOLDER;
  let made = server.store.current.nodeCount;
  while (made < size) {
    server.store.commit((draft) => {
      for (let i = 0; i < PER_COMMIT && made < size; i++, made++) {
        if (inFolder >= PER_FOLDER) {
          folder = createContent(draft, req, { parentUid: rootUid, body: { '@type': 'Folder', title: `Folder ${made}` } });
          inFolder = 0;
          continue;
        }
        createContent(draft, req, { parentUid: folder, body: { '@type': 'Document', title: `Document ${made}`, description: 'Filler.' } });
        inFolder++;
      }
    });
  }
}

async function timed(n: number, fn: (i: number) => Promise<void> | void): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

async function expectStatus(res: Response | Promise<Response>, status: number): Promise<void> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text.slice(0, 300)}`);
}

async function measure(size: number): Promise<Figures> {
  const server = await createServer({});
  const t0 = performance.now();
  build(server, size);
  const buildMs = performance.now() - t0;
  const { app, store } = server;
  const built = store.current.nodeCount;
  const post = (id: string) => app.request(`${BASE}/bench`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ '@type': 'Document', id, title: `Bench ${id}` }) });
  const patch = (id: string, i: number) => app.request(`${BASE}/bench/${id}`, { method: 'PATCH', headers: HEADERS, body: JSON.stringify({ title: `Patched ${i}` }) });
  await expectStatus(app.request(BASE, { method: 'POST', headers: HEADERS, body: JSON.stringify({ '@type': 'Folder', id: 'bench', title: 'Bench' }) }), 201);
  // Warm-up (JIT, password cache) in a folder of its own, then the measured runs.
  await expectStatus(app.request(BASE, { method: 'POST', headers: HEADERS, body: JSON.stringify({ '@type': 'Folder', id: 'warm', title: 'Warm' }) }), 201);
  for (let i = 0; i < 300; i++) {
    await expectStatus(app.request(`${BASE}/warm`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ '@type': 'Document', id: `w${i}`, title: 'W' }) }), 201);
    await expectStatus(app.request(`${BASE}/warm/w${i}`, { method: 'PATCH', headers: HEADERS, body: JSON.stringify({ title: 'W2' }) }), 204);
  }
  gc();
  const postTimes = await timed(REQUESTS, (i) => expectStatus(post(`d${i}`), 201));
  const patchTimes = await timed(REQUESTS, (i) => expectStatus(patch(`d${(i * 7919) % REQUESTS}`, i), 204));
  const someUid = childAt(rootOf(store.current), 0)!;
  const commitTimes = await timed(REQUESTS, (i) => {
    store.commit((d) => {
      mustGetNode(d, someUid).fields.title = `Commit ${i}`;
    });
  });
  gc();
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  return { size: built, buildMs, post: postTimes, patch: patchTimes, commit: commitTimes, heapMb };
}

const ms = (xs: number[], p: number) => fmt(percentile(xs, p), 3);

export async function benchWriteScaling(): Promise<Row[]> {
  const results: Figures[] = [];
  for (const size of SIZES) {
    results.push(await measure(size));
    gc();
  }
  const rows: Row[] = [];
  for (const r of results) {
    const tag = `${r.size.toLocaleString('en')} nodes`;
    rows.push({ part: 'writes', what: `${tag}: build by direct commits`, value: `${fmt(r.buildMs / 1000, 1)} s` });
    rows.push({ part: 'writes', what: `${tag}: POST create Document p50 / p99`, value: `${ms(r.post, 50)} / ${ms(r.post, 99)} ms` });
    rows.push({ part: 'writes', what: `${tag}: PATCH title p50 / p99`, value: `${ms(r.patch, 50)} / ${ms(r.patch, 99)} ms` });
    rows.push({ part: 'writes', what: `${tag}: store.commit one field p50 / p99`, value: `${ms(r.commit, 50)} / ${ms(r.commit, 99)} ms` });
    rows.push({ part: 'writes', what: `${tag}: heap used after build + writes`, value: `${fmt(r.heapMb, 0)} MB` });
  }
  if (results.length >= 2) {
    const [small, big] = [results[0], results[results.length - 1]];
    const ratio = (f: (x: Figures) => number[], p: number) => percentile(f(big), p) / percentile(f(small), p);
    for (const [label, f] of [['POST', (x: Figures) => x.post], ['PATCH', (x: Figures) => x.patch], ['store.commit', (x: Figures) => x.commit]] as const) {
      const r50 = ratio(f, 50);
      rows.push({ part: 'writes', what: `${label} ratio ${big.size}/${small.size} p50 (p99)`, value: `${fmt(r50)} (${fmt(ratio(f, 99))})`, goal: '<= 2x', ok: r50 <= 2 });
    }
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchWriteScaling());
