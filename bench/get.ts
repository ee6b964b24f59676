// GET of a document over real HTTP against a bare Hono hello-world, each server in its own child
// process built as `npm start` runs the site (an esbuild bundle, bin/bundle.mjs), loaded by
// autocannon (10 connections, 1-s slices for ~5 s; all servers up at once, one slice of each
// series in turn). Prints the server's CPU time per request and requests/s; the ratios are of CPU
// time per request (the least of the slices: the machine is shared, and other processes only ever
// add to it), rates being too noisy to compare.
import autocannon, { type Result } from 'autocannon';
import { readFileSync } from 'node:fs';
import { bundled, fmt, freePort, isMain, printTable, SERVER_FLAGS, start, stop, waitFor, type Row } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') };

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server CPU time per request, µs (the least of the slices). */
  cpu: number;
}

interface Server {
  base: string;
  pid: number;
}

/** CPU time (user + system) of a process so far, in µs (from /proc: clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** A load to measure: a URL of a server, its headers; with `unique`, every request has its own query string, so the response cache never hits. */
interface Series {
  server: Server;
  url: string;
  headers?: Record<string, string>;
  unique?: boolean;
}

/**
 * The series measured in 1-s slices taken in turns (a round: one slice of each, the order turned
 * by one each round), each warmed up first: a machine whose load drifts weighs on all alike, so
 * their ratios hold in one run.
 */
async function loads(series: Series[]): Promise<Load[]> {
  const runs = series.map(({ url, headers = {}, unique }) => {
    let n = 0;
    const join = url.includes('?') ? '&' : '?';
    const requests = unique ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${req.path}${join}n=${n++}` }) }] : undefined;
    return () => autocannon({ url, connections: 10, duration: 1, headers, requests });
  });
  // warm-up (JIT, caches, a young generation grown to the load): 2 s each
  for (const run of runs) for (let i = 0; i < 2; i++) await run();
  const slices: { r: Result; cpu: number }[][] = series.map(() => []);
  for (let round = 0; round < Math.max(1, SECONDS); round++) {
    for (let k = 0; k < series.length; k++) {
      const i = (k + round) % series.length;
      const before = cpuOf(series[i].server.pid);
      const r = await runs[i]();
      slices[i].push({ r, cpu: (cpuOf(series[i].server.pid) - before) / Math.max(1, r.requests.total) });
    }
  }
  return slices.map((own) => {
    const mean = (f: (r: Result) => number) => own.reduce((sum, s) => sum + f(s.r), 0) / own.length;
    return {
      rps: mean((r) => r.requests.average),
      p50: mean((r) => r.latency.p50),
      p99: Math.max(...own.map((s) => s.r.latency.p99)),
      non2xx: own.reduce((sum, s) => sum + s.r.non2xx + s.r.errors, 0),
      cpu: Math.min(...own.map((s) => s.cpu)),
    };
  });
}

/** BENCH_PORT: the servers listen on that port and the next ones (a range of your own), else on free ports. */
let nextPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;

async function withServer<T>(script: string, readyPath: string, body: (server: Server) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const port = nextPort !== undefined ? nextPort++ : await freePort();
  const child = start(process.execPath, [...SERVER_FLAGS, await bundled(script)], { PORT: String(port), ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    if (!(await waitFor(base + readyPath))) throw new Error(`${script} did not start: ${child.stderrTail()}`);
    return await body({ base, pid: child.pid! });
  } finally {
    await stop(child);
  }
}

/** What a page load of a frontend asks for (Volto: one GET with these expansions, as a logged-in editor). */
const PAGE_LOAD = '?expand=breadcrumbs,navigation,actions,types,workflow';

async function bearer(base: string): Promise<Record<string, string>> {
  const res = await fetch(base + '/Plone/@login', { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify({ login: 'admin', password: 'admin' }) });
  const { token } = (await res.json()) as { token: string };
  return { Accept: 'application/json', Authorization: `Bearer ${token}` };
}

/** The one-off series (never the same URL twice): the document as anonymous, the page load as an editor. */
async function coldSeries(server: Server): Promise<Series[]> {
  const doc = server.base + '/Plone/front-page';
  return [
    { server, url: doc, headers: { Accept: 'application/json' }, unique: true },
    { server, url: doc + PAGE_LOAD, headers: await bearer(server.base), unique: true },
  ];
}

export async function benchGet(): Promise<Row[]> {
  // All servers up at once, their series measured in turns (loads): the ratios are of one run.
  const [hello, fixed, anon, admin, uncached, pageLoad, noCacheDoc, noCachePage] = await withServer('bench/serve-hello.ts', '/', (ceiling) =>
    withServer('bench/serve-site.ts', '/Plone', (site) =>
      withServer(
        'bench/serve-site.ts',
        '/Plone',
        async (bare) => {
          const doc = site.base + '/Plone/front-page';
          const check = await fetch(doc, { headers: { Accept: 'application/json' } });
          if (check.status !== 200) throw new Error(`anonymous GET ${doc}: ${check.status}`);
          await check.arrayBuffer();
          return loads([
            { server: ceiling, url: ceiling.base + '/' },
            { server: ceiling, url: ceiling.base + '/doc' },
            { server: site, url: doc, headers: { Accept: 'application/json' } },
            { server: site, url: doc, headers: { Accept: 'application/json', ...ADMIN } },
            ...(await coldSeries(site)),
            ...(await coldSeries(bare)),
          ]);
        },
        { RESPONSE_CACHE: 'off' },
      ),
    ),
  );
  const line = (l: Load) => `${fmt(l.cpu, 1)} µs CPU/req, ${fmt(l.rps, 0)} req/s (p50 ${fmt(l.p50, 1)} ms, p99 ${l.p99} ms${l.non2xx ? `, ${l.non2xx} non-2xx/errors` : ''})`;
  // Requests per second of CPU: what one core serves.
  const ratio = (a: Load, b: Load) => b.cpu / a.cpu;
  return [
    { part: 'get', what: 'hello-world Hono', value: line(hello) },
    { part: 'get', what: 'Hono, fixed 2.4 KB JSON document', value: line(fixed) },
    { part: 'get', what: 'GET document, anonymous', value: line(anon) },
    { part: 'get', what: 'GET document, admin (Basic)', value: line(admin) },
    { part: 'get', what: 'GET document, anonymous, response cache bypassed', value: line(uncached) },
    { part: 'get', what: `GET page load (${PAGE_LOAD.slice(1)}), editor (Bearer), uncached`, value: line(pageLoad) },
    { part: 'get', what: 'same two without a response cache: document / page load', value: `${line(noCacheDoc)} / ${line(noCachePage)}` },
    { part: 'get', what: 'ratio uncached anonymous / hello', value: fmt(ratio(uncached, hello)) },
    { part: 'get', what: 'ratio uncached document / fixed 2.4 KB JSON', value: fmt(ratio(uncached, fixed)), goal: '>= 0.5', ok: ratio(uncached, fixed) >= 0.5 },
    { part: 'get', what: 'ratio uncached page load / fixed 2.4 KB JSON', value: fmt(ratio(pageLoad, fixed)), goal: '>= 0.25', ok: ratio(pageLoad, fixed) >= 0.25 },
    { part: 'get', what: 'ratio one-off requests with / without the response cache (document, page load)', value: `${fmt(ratio(uncached, noCacheDoc))}, ${fmt(ratio(pageLoad, noCachePage))}`, goal: '>= 0.95', ok: Math.min(ratio(uncached, noCacheDoc), ratio(pageLoad, noCachePage)) >= 0.95 },
    { part: 'get', what: 'ratio anonymous / hello', value: fmt(ratio(anon, hello)), goal: '>= 0.5', ok: ratio(anon, hello) >= 0.5 },
    { part: 'get', what: 'ratio admin / hello', value: fmt(ratio(admin, hello)), goal: '>= 0.5', ok: ratio(admin, hello) >= 0.5 },
  ];
}

if (isMain(import.meta.url)) printTable(await benchGet());
