// Writes in general (issue 12, goal 3): POST from 10 concurrent clients into a site of 100,000
// objects (serve-folder.ts SPREAD: folders of 500 documents), each request into the next folder
// in turn; every answer is checked (201, a Document in the folder it was sent to, its title), and
// afterwards the catalog must count exactly the documents made. The server's CPU time per POST
// (from /proc, Linux) is printed too: unlike the rate, it hardly moves when other work shares the cores.
//   BENCH_SPREAD (100000), BENCH_SPREAD_POSTS (30000), BENCH_SPREAD_CLIENTS (10),
//   BENCH_SERVER_FLAGS (node flags of the server, as in folders.ts), BENCH_GC (set: the server's
//   scavenges per POST, their pause and the bytes they promoted and kept young), BENCH_PROFILE (a file: the
//   server's CPU profile of the measured POSTs, without the warm-up; open it in Chrome's DevTools)
//   npx tsx bench/spread-writes.ts
import autocannon from 'autocannon';
import { withFolderServer } from './folders.ts';
import { cpuMs, fmt, gcBetween, isMain, threadCpuMs, printTable, type Row } from './lib.ts';

const SPREAD = Number(process.env.BENCH_SPREAD ?? 100_000);
const POSTS = Number(process.env.BENCH_SPREAD_POSTS ?? 30_000);
const CLIENTS = Number(process.env.BENCH_SPREAD_CLIENTS ?? 10);
const PER_FOLDER = 500; // as serve-folder.ts
const HEADERS = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };

async function documents(base: string): Promise<number> {
  const res = await fetch(`${base}/@search?portal_type=Document&b_size=1`, { headers: HEADERS });
  return ((await res.json()) as { items_total: number }).items_total;
}

export async function benchSpreadWrites(): Promise<Row[]> {
  const profile = process.env.BENCH_PROFILE;
  return withFolderServer({ SPREAD: String(SPREAD), ...(profile ? { PROFILE: profile } : {}) }, async (base, pid, gc) => {
    const folders = Math.max(1, Math.floor(SPREAD / (PER_FOLDER + 1)));
    const before = await documents(base);
    const site = new URL(base).pathname;
    let next = 0;
    let wrong = 0;
    const requests = [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const n = next++;
          context.folder = `f${n % folders}`;
          context.title = `Spread document ${n}`;
          return { ...req, path: `${site}/${context.folder}`, body: JSON.stringify({ '@type': 'Document', title: context.title }) };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          const doc = status === 201 ? (JSON.parse(body) as { '@id': string; '@type': string; title: string }) : undefined;
          const ok = doc && doc['@type'] === 'Document' && doc.title === context.title && doc['@id'].startsWith(`${base}/${context.folder}/`);
          if (!ok) wrong++;
        },
      },
    ];
    // by count, not duration: no request is left in flight when a run ends
    const run = (amount: number) => autocannon({ url: `${base}/f0`, connections: CLIENTS, amount, sampleInt: 10, headers: HEADERS, requests });
    const warm = await run(Math.min(2000, POSTS));
    if (profile) process.kill(pid, 'SIGUSR2');
    const t0 = performance.now();
    const cpu0 = cpuMs(pid);
    const threads0 = threadCpuMs(pid);
    const own0 = process.cpuUsage();
    const gc0 = gc();
    const r = await run(POSTS);
    const gc1 = gc();
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuMs(pid);
    const threads1 = threadCpuMs(pid);
    const own = process.cpuUsage(own0);
    const cpuPerPost = cpu0 !== undefined && cpu1 !== undefined ? ((cpu1 - cpu0) * 1000) / POSTS : undefined;
    const made = (await documents(base)) - before;
    const answered = r['2xx'] + r.non2xx;
    const rate = r['2xx'] / seconds;
    return [
      { part: 'spread', what: `POST into a site of ${SPREAD.toLocaleString('en')} objects, ${CLIENTS} clients, ${POSTS} POSTs`, value: `${fmt(rate, 0)} POST/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms)`, goal: '>= 5000/s', ok: rate >= 5000 },
      { part: 'spread', what: 'server CPU per POST (user + system; 5000/s on one core needs <= 200 us)', value: cpuPerPost === undefined ? 'n/a' : `${fmt(cpuPerPost, 0)} us` },
      ...(threads0 && threads1
        ? [{ part: 'spread', what: "of which the server's main thread / its other threads (V8's GC helpers, libuv)", value: `${fmt(((threads1.main - threads0.main) * 1000) / POSTS, 0)} us / ${fmt(((threads1.others - threads0.others) * 1000) / POSTS, 0)} us` }]
        : []),
      ...(process.env.BENCH_GC ? [{ part: 'spread', what: "server GC per POST (BENCH_GC: the server's --trace-gc-nvp lines)", value: gcBetween(gc0, gc1, POSTS) }] : []),
      { part: 'spread', what: 'client CPU per POST (the load generator, on the same cores)', value: `${fmt((own.user + own.system) / POSTS, 0)} us` },
      { part: 'spread', what: 'answers checked (201, the folder, the title) / wrong / errors', value: `${answered} / ${wrong} / ${r.errors}`, ok: wrong === 0 && r.errors === 0 },
      { part: 'spread', what: 'documents made (catalog count after minus before) / 201 answers', value: `${made} / ${warm['2xx'] + r['2xx']}`, ok: made === warm['2xx'] + r['2xx'] },
    ];
  });
}

if (isMain(import.meta.url)) printTable(await benchSpreadWrites());
