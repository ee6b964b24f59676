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
  const requests = unique ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${req.path}?n=${n++}` }) }] : undefined;
  await autocannon({ url, connections: 10, duration: 1, headers, requests }); // warm-up (JIT, caches)
  const r = await autocannon({ url, connections: 10, duration: SECONDS, headers, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function withServer<T>(script: string, readyPath: string, body: (base: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = start(process.execPath, ['--import', 'tsx', script], { PORT: String(port) });
  try {
    const base = `http://127.0.0.1:${port}`;
    if (!(await waitFor(base + readyPath))) throw new Error(`${script} did not start: ${child.stderrTail()}`);
    return await body(base);
  } finally {
    await stop(child);
  }
}

export async function benchGet(): Promise<Row[]> {
  const hello = await withServer('bench/serve-hello.ts', '/', (base) => load(base + '/'));
  const [anon, admin, uncached] = await withServer('bench/serve-site.ts', '/Plone', async (base) => {
    const doc = base + '/Plone/front-page';
    const check = await fetch(doc, { headers: { Accept: 'application/json' } });
    if (check.status !== 200) throw new Error(`anonymous GET ${doc}: ${check.status}`);
    await check.arrayBuffer();
    return [
      await load(doc, { Accept: 'application/json' }),
      await load(doc, { Accept: 'application/json', ...ADMIN }),
      await load(doc, { Accept: 'application/json' }, true),
    ];
  });
  const line = (what: string, l: Load) => `${fmt(l.rps, 0)} req/s (p50 ${l.p50} ms, p99 ${l.p99} ms${l.non2xx ? `, ${l.non2xx} non-2xx/errors` : ''})`;
  return [
    { part: 'get', what: 'hello-world Hono', value: line('hello', hello) },
    { part: 'get', what: 'GET document, anonymous', value: line('anon', anon) },
    { part: 'get', what: 'GET document, admin (Basic)', value: line('admin', admin) },
    { part: 'get', what: 'GET document, anonymous, response cache bypassed', value: line('uncached', uncached) },
    { part: 'get', what: 'ratio uncached anonymous / hello', value: fmt(uncached.rps / hello.rps) },
    { part: 'get', what: 'ratio anonymous / hello', value: fmt(anon.rps / hello.rps), goal: '>= 0.5', ok: anon.rps / hello.rps >= 0.5 },
    { part: 'get', what: 'ratio admin / hello', value: fmt(admin.rps / hello.rps), goal: '>= 0.5', ok: admin.rps / hello.rps >= 0.5 },
  ];
}

if (isMain(import.meta.url)) printTable(await benchGet());
