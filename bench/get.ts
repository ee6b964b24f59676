// GET of a document over real HTTP against a bare Hono hello-world, each server in its own child
// process, loaded by autocannon (10 connections, ~5 s each). Prints requests/s and the ratio.
import autocannon from 'autocannon';
import { fmt, freePort, isMain, printTable, start, stop, waitFor, type Row } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') };

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** With `unique`, every request has its own query string, so the response cache never hits. */
async function load(url: string, headers: Record<string, string> = {}, unique = false): Promise<Load> {
  let n = 0;
  const join = url.includes('?') ? '&' : '?';
  const requests = unique ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${req.path}${join}n=${n++}` }) }] : undefined;
  await autocannon({ url, connections: 10, duration: 1, headers, requests }); // warm-up (JIT, caches)
  const r = await autocannon({ url, connections: 10, duration: SECONDS, headers, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function withServer<T>(script: string, readyPath: string, body: (base: string) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const port = await freePort();
  const child = start(process.execPath, ['--import', 'tsx', script], { PORT: String(port), ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    if (!(await waitFor(base + readyPath))) throw new Error(`${script} did not start: ${child.stderrTail()}`);
    return await body(base);
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

/** One-off requests (never the same URL twice): the document as anonymous, the page load as an editor. */
async function coldReads(base: string): Promise<[Load, Load]> {
  const doc = base + '/Plone/front-page';
  return [await load(doc, { Accept: 'application/json' }, true), await load(doc + PAGE_LOAD, await bearer(base), true)];
}

export async function benchGet(): Promise<Row[]> {
  const [hello, fixed] = await withServer('bench/serve-hello.ts', '/', async (base) => [await load(base + '/'), await load(base + '/doc')]);
  const [anon, admin, uncached, pageLoad] = await withServer('bench/serve-site.ts', '/Plone', async (base) => {
    const doc = base + '/Plone/front-page';
    const check = await fetch(doc, { headers: { Accept: 'application/json' } });
    if (check.status !== 200) throw new Error(`anonymous GET ${doc}: ${check.status}`);
    await check.arrayBuffer();
    return [await load(doc, { Accept: 'application/json' }), await load(doc, { Accept: 'application/json', ...ADMIN }), ...(await coldReads(base))];
  });
  const [noCacheDoc, noCachePage] = await withServer('bench/serve-site.ts', '/Plone', coldReads, { RESPONSE_CACHE: 'off' });
  const line = (l: Load) => `${fmt(l.rps, 0)} req/s (p50 ${l.p50} ms, p99 ${l.p99} ms${l.non2xx ? `, ${l.non2xx} non-2xx/errors` : ''})`;
  const ratio = (a: Load, b: Load) => a.rps / b.rps;
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
