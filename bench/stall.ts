// Event-loop stalls under hostile and huge requests (issue 9): the server runs in this thread
// with monitorEventLoopDelay; a worker thread sends hostile and huge requests one after another
// while small GETs run alongside. Reports the longest stall and the latency of the small GETs.
// Second part: the longest stall while a snapshot of a site with big values (1 MB texts and
// their saved versions) is written.
//   npx tsx bench/stall.ts [seconds=20]
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { writeSnapshot } from '../src/persistence/snapshot.ts';
import { createServer } from '../src/server.ts';
import { fmt, isMain, percentile, printTable, type Row } from './lib.ts';
import { stallDuring, stallFigure } from './stall-probe.ts';

const PORT = Number(process.env.BENCH_STALL_PORT ?? 8111); // the robustness helper's port range (8110-8119)
const AUTH = 'Basic ' + Buffer.from('admin:admin').toString('base64');

/**
 * The load generators, run in worker threads so that building huge bodies does not stall the
 * server: one worker sends the hostile and huge requests one after another (each body built once
 * and sent again), another runs the small GETs, so their latency is the server's, not that of a
 * client busy building a body.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { role, base, auth, seconds, only, bigFolder } = workerData;
// The load generators run 10 steps of niceness below the server's thread (on Linux a thread has
// its own): on 2 cores, a client parsing a listing of megabytes would otherwise take the CPU from
// the server, and the stall measured would be the client's.
try {
  const os = require('node:os');
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(tid, Math.min(19, os.getPriority(tid) + 10));
} catch {}
const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
const big = 'lorem ipsum '.repeat(440000);
const deep = (n) => '{"a":'.repeat(n) + '{}' + '}'.repeat(n);
const manyBlocks = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => ['b' + i, { '@type': 'slate', plaintext: String(i % 10).repeat(60000) }]));
const once = (make) => { let body; return () => (body ??= make()); };
const post = (path, headers, body) => () => fetch(base + path, { method: 'POST', headers, body: body() });
const get = (path, headers = {}) => () => fetch(base + path, { headers: { Accept: 'application/json', ...headers } });
const admin = { ...json, Authorization: auth };
const hostile = [
  ['baseline: GET of the site root', get('')],
  ['querystring-search, 5 MB SearchableText (anonymous)', post('/@querystring-search', json, once(() => JSON.stringify({ query: [{ i: 'SearchableText', o: 'plone.app.querystring.operation.string.contains', v: big }] })))],
  ['@login, 5 MB password', post('/@login', json, once(() => JSON.stringify({ login: 'admin', password: big })))],
  ['POST content, blocks nested 10,000 deep', post('', admin, once(() => '{"@type":"Document","title":"deep","blocks":' + deep(10000) + '}'))],
  ['POST content, 20 MB body (over the limit)', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 'x', description: 'x'.repeat(20 * 1024 * 1024) })))],
  ['POST content, 1 MB id', post('', admin, once(() => JSON.stringify({ '@type': 'Document', id: 'i'.repeat(1024 * 1024), title: 'x' })))],
  ['POST @users __proto__ / valueOf', post('/@users', admin, () => JSON.stringify({ username: Math.random() < 0.5 ? '__proto__' : 'valueOf', email: 'p@example.com', password: 'long-enough-1' }))],
  ['POST File, 10 MB base64 upload', post('', admin, once(() => JSON.stringify({ '@type': 'File', title: 'upload', file: { data: Buffer.alloc(7.5 * 1024 * 1024, 7).toString('base64'), encoding: 'base64', filename: 'f.bin', 'content-type': 'application/octet-stream' } })))],
  ['GET folder of ' + bigFolder + ' documents, b_size=1000000&fullobjects=1', get('/big?b_size=1000000&fullobjects=1', { Authorization: auth })],
  ['GET @search, b_size=1000000&fullobjects=1 (' + bigFolder + ' results)', get('/big/@search?portal_type=Document&b_size=1000000&fullobjects=1', { Authorization: auth })],
  ['POST Document, 4 MB rich text (the longest string value taken; catalog text analysis, safe-HTML filter of the answer)', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 'long read', text: { data: '<p>' + 'lorem ipsum '.repeat(349000) + '</p>', 'content-type': 'text/html', encoding: 'utf-8' } })))],
  ['POST content, 100,000 JSON values', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 'many', subjects: Array.from({ length: 99000 }, (_, i) => 's' + (i % 10)) })))],
  ['GET Document with 4 MB rich text (safe-HTML filter)', get('/long-read', { Authorization: auth })],
  ['POST @querystring-search, b_size=1000000&fullobjects (' + bigFolder + ' results)', post('/big/@querystring-search', admin, once(() => JSON.stringify({ query: [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }], b_size: 1000000, fullobjects: true })))],
  ['GET @navigation, expand.navigation.depth=3 (' + bigFolder + ' items)', get('/@navigation?expand.navigation.depth=3', { Authorization: auth })],
  ['POST content, 90,000 distinct subjects', post('', { ...admin, Prefer: 'return=minimal' }, once(() => JSON.stringify({ '@type': 'Document', title: 'tags', subjects: Array.from({ length: 90000 }, (_, i) => 'tag ' + i) })))],
  ['POST Document, 250 blocks of 60,000 characters (15 MB of strings just under 64 KiB)', post('', { ...admin, Prefer: 'return=minimal' }, once(() => JSON.stringify({ '@type': 'Document', title: 'blocks', blocks: manyBlocks(250) })))],
  ['GET Document with 250 blocks of 60,000 characters', get('/many-blocks', { Authorization: auth })],
  ['POST Document, a block of 49,000 strings of 128 characters', post('', { ...admin, Prefer: 'return=minimal' }, once(() => JSON.stringify({ '@type': 'Document', title: 'strings', blocks: { b: { '@type': 'table', rows: Array.from({ length: 49000 }, () => 'r'.repeat(128)) } } })))],
  ['POST Document, 4 MB title (its id and sortable title)', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 'T'.repeat(4150000) })))],
  ['POST Document, a subject of 4 MB (catalog postings and profiles)', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 's', subjects: ['w'.repeat(4150000)] })))],
  ['POST Document, 15 MB rich text (over the 4 MiB string value limit)', post('', admin, once(() => JSON.stringify({ '@type': 'Document', title: 'too long', text: { data: '<p>' + 'lorem ipsum '.repeat(1250000) + '</p>', 'content-type': 'text/html', encoding: 'utf-8' } })))],
];
const end = performance.now() + seconds * 1000;
const small = [];
const statuses = {};
let hostileSent = 0;
async function smallLoop() {
  while (performance.now() < end) {
    const t = performance.now();
    const r = await fetch(base + '/@navigation', { headers: { Accept: 'application/json' } });
    await r.arrayBuffer();
    small.push(performance.now() - t);
  }
}
async function hostileLoop() {
  for (let i = 0; performance.now() < end; i++) {
    const [label, send] = only === undefined ? hostile[i % hostile.length] : hostile[only];
    try {
      const r = await send();
      await r.arrayBuffer();
      (statuses[label] ??= new Set()).add(r.status);
    } catch (e) {
      (statuses[label] ??= new Set()).add('connection closed');
    }
    hostileSent++;
  }
}
const work = role === 'small' ? [smallLoop(), smallLoop()] : [hostileLoop()];
Promise.all(work).then(() => parentPort.postMessage({ small, hostileSent, statuses: Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, [...v]])) }));
`;

interface ClientReport {
  small: number[];
  hostileSent: number;
  statuses: Record<string, (number | string)[]>;
}

function client(role: 'small' | 'hostile', data: Record<string, unknown>): Promise<ClientReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { ...data, role } });
    worker.once('message', (m: ClientReport) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

/** The same measure with only plain GETs as the "hostile" requests: what the machine does anyway. */
async function baselineStall(seconds: number): Promise<Row> {
  const [stall, small] = await hostileStall(seconds, 0);
  return { part: 'stall', what: `baseline, ${seconds} s of plain GETs: longest stall; small GETs p50 / p99 / max`, value: `${stall.value}; ${small.value}` };
}

/** Documents in the folder /big that the b_size=1000000 requests list (BENCH_STALL_FOLDER). */
const BIG_FOLDER = Number(process.env.BENCH_STALL_FOLDER ?? 10_000);

/** Fill /big with BIG_FOLDER documents, and add /long-read, by direct commits of the POST reducer (no HTTP). */
function fillBigFolder(server: Awaited<ReturnType<typeof createServer>>): void {
  const req = { now: server.clock.now(), newUid: () => randomUUID().replace(/-/g, ''), principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] } } as unknown as ApiRequest;
  let folder = '';
  server.store.commit((draft) => void (folder = createContent(draft, req, { parentUid: server.store.current.rootUid, body: { '@type': 'Folder', id: 'big', title: 'Big' } })));
  for (let i = 0; i < BIG_FOLDER; ) {
    server.store.commit((draft) => {
      for (let k = 0; k < 1000 && i < BIG_FOLDER; k++, i++) createContent(draft, req, { parentUid: folder, body: { '@type': 'Document', id: `d${i}`, title: `Document ${i}`, description: 'A document of the big folder' } });
    });
  }
  // A document of 4 MB rich text with markup (the safe-HTML filter runs on every read of it; 4 MiB is
  // the longest string value taken)
  const text = '<p>Lorem <b>ipsum</b> dolor <a href="https://example.com/x" onclick="x()">sit</a> amet.</p>'.repeat(46_000);
  server.store.commit((draft) => void createContent(draft, req, { parentUid: server.store.current.rootUid, body: { '@type': 'Document', id: 'long-read', title: 'Long read', text: { data: text, 'content-type': 'text/html', encoding: 'utf-8' } } }));
  // A document of 250 blocks of 60,000 characters: 15 MB of strings each under 64 KiB
  const blocks = Object.fromEntries(Array.from({ length: 250 }, (_, i) => ['b' + i, { '@type': 'slate', plaintext: String(i % 10).repeat(60_000) }]));
  server.store.commit((draft) => void createContent(draft, req, { parentUid: server.store.current.rootUid, body: { '@type': 'Document', id: 'many-blocks', title: 'Many blocks', blocks } }));
  // index them now, not while the stall is measured
  (server.services as { catalog?: { flush(): void } }).catalog?.flush();
}

export async function hostileStall(seconds: number, only?: number): Promise<Row[]> {
  const server = await createServer({ fixture: 'demo', volto: true }); // Volto's Document: with blocks
  fillBigFolder(server);
  const http = serve({ fetch: server.app.fetch, port: PORT, hostname: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${PORT}/Plone`;
    const data = { base, auth: AUTH, seconds, only, bigFolder: BIG_FOLDER };
    const stall = await stallDuring(async () => {
      const [hostile, smallGets] = await Promise.all([client('hostile', data), client('small', data)]);
      return { ...hostile, small: smallGets.small };
    });
    const { result } = stall;
    const small = [...result.small].sort((a, b) => a - b);
    const rows: Row[] = [
      { part: 'stall', what: `longest event-loop stall, ${seconds} s of hostile + huge requests`, ...stallFigure(stall) },
      { part: 'stall', what: `small GETs alongside (@navigation, 2 clients): p50 / p99 / max`, value: `${fmt(percentile(small, 50), 1)} / ${fmt(percentile(small, 99), 1)} / ${fmt(small[small.length - 1] ?? NaN, 1)} ms (${small.length} GETs)` },
      { part: 'stall', what: 'hostile requests sent', value: String(result.hostileSent) },
    ];
    for (const [label, statuses] of Object.entries(result.statuses)) {
      // Over the body limit the server answers 413 and closes the connection: a client still
      // sending sees the connection closed.
      const fine = statuses.every((s) => typeof s !== 'number' || s < 500);
      rows.push({ part: 'stall', what: `  ${label}: statuses`, value: statuses.join(', '), goal: 'no 5xx', ok: fine });
    }
    return rows;
  } finally {
    (http as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((r) => http.close(r));
  }
}

/** A site with `docs` documents of 1 MB text, each edited `edits` times (a saved version each). */
async function bigValueSite(docs: number, edits: number) {
  const server = await createServer({ deterministic: true });
  const headers = { Authorization: AUTH, 'Content-Type': 'application/json', Accept: 'application/json' };
  const send = async (method: string, path: string, body: unknown) => {
    const res = await server.app.request(`http://localhost/Plone${path}`, { method, headers, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  const mb = (n: number) => `<p>${`version ${n} `.repeat(1)}${'Lorem ipsum dolor sit amet. '.repeat(37_000)}</p>`;
  for (let d = 0; d < docs; d++) {
    await send('POST', '', { '@type': 'Document', id: `big-${d}`, title: `Big ${d}`, text: { data: mb(0), 'content-type': 'text/html', encoding: 'utf-8' } });
    for (let e = 1; e <= edits; e++) await send('PATCH', `/big-${d}`, { text: { data: mb(e), 'content-type': 'text/html', encoding: 'utf-8' } });
  }
  (server.services as { catalog?: { flush(): void } }).catalog?.flush();
  return server.store.current;
}

export async function bigValueSnapshotStall(docs = 5, edits = 5): Promise<Row[]> {
  const state = await bigValueSite(docs, edits);
  const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-bench-'));
  try {
    const t0 = performance.now();
    const stall = await stallDuring(() => writeSnapshot(dir, state, { seq: 1, created: new Date().toISOString(), lastChange: null, changes: 0 }));
    const took = performance.now() - t0;
    return [
      { part: 'stall', what: `snapshot of ${docs} documents of 1 MB text with ${edits} saved versions each (${fmt(stall.result.size / 1024 ** 2, 0)} MiB, ${fmt(took, 0)} ms): longest stall`, ...stallFigure(stall) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** For bench/run.ts: BENCH_STALL_SECONDS (default 20). */
export async function benchStall(seconds = Number(process.env.BENCH_STALL_SECONDS ?? 20)): Promise<Row[]> {
  return [await baselineStall(Math.min(10, seconds)), ...(await hostileStall(seconds)), ...(await bigValueSnapshotStall())];
}

if (isMain(import.meta.url)) {
  const seconds = Number(process.argv[2] ?? 20);
  const only = process.argv[3] === undefined ? undefined : Number(process.argv[3]); // one kind of hostile request, by index
  printTable(only === undefined ? await benchStall(seconds) : await hostileStall(seconds, only));
  process.exit(0);
}
