// Catalog and search at scale: a generated site (documents with ~1 KB of text in folders of 100),
// built by committing reducers directly, then timed in-process through the app (app.request):
// @search by type + state sorted on modified, SearchableText common / rare word, create / patch
// latency at 1k vs 100k objects, catalog start-up time and RSS.
//   npx tsx bench/search.ts            (BENCH_SEARCH_N=100000 by default)
import type { Draft } from 'immer';
import { createApp } from '../src/http/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { createCatalog } from '../src/catalog/catalog.ts';
import { sequentialIds } from '../src/lib/clock.ts';
import { createSite } from '../src/state/site.ts';
import { Store } from '../src/state/store.ts';
import { addChild } from '../src/state/tree.ts';
import type { ContentNode, SiteState } from '../src/state/model.ts';
import { routeTable } from '../src/endpoints/index.ts';

const N = Number(process.env.BENCH_SEARCH_N ?? 100_000);
const SMALL = 1_000;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const AUTH = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json' };

let seed = 12345;
const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'ri', 'mo', 'la', 'de', 'fi', 'gu', 'ho'];
const VOCAB = Array.from({ length: 5000 }, (_, i) => SYL[i % 18] + SYL[(i * 7) % 18] + SYL[(i * 13) % 17] + i.toString(36));
const word = () => VOCAB[Math.floor(rnd() ** 3 * VOCAB.length)]; // skewed: low indexes are common
const text = () => {
  const words: string[] = [];
  for (let len = 0; len < 1000; ) {
    const w = word();
    words.push(w);
    len += w.length + 1;
  }
  return words.join(' ');
};
/** A flat copy of `s`, as a parsed request body holds (a template literal makes a tree of pieces). */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const RARE = 'xylophonist';

function node(uid: string, id: string, type: string, intid: number, now: string, fields: Record<string, unknown>): ContentNode {
  return {
    uid, intid, id, type, parent: null, fields: { creators: ['admin'], ...fields },
    created: now, modified: now, layout: 'view', reviewState: rnd() < 0.5 ? 'published' : 'private', workflowHistory: [], localRoles: { admin: ['Owner'] }, blockLocalRoles: false,
  };
}

/** A site of about `n` objects: folders of 100 documents each, `perCommit` objects per commit. */
export function buildSite(n: number, perCommit = 1000): Store {
  const ids = sequentialIds();
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const store = new Store(
    createSite({
      settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' },
      title: 'Bench', rootUid: ids.next(), now: iso(t0), creator: 'admin',
    }),
  );
  let made = 0;
  let folderUid = '';
  let folderNo = 0;
  while (made < n) {
    store.commit((d: Draft<SiteState>) => {
      const draft = d as SiteState;
      for (let i = 0; i < perCommit && made < n; i++, made++) {
        const now = iso(t0 + made * 1000);
        if (made % 101 === 0) {
          folderUid = ids.next();
          addChild(draft, draft.rootUid, node(folderUid, `folder-${folderNo++}`, 'Folder', draft.nextIntid++, now, { title: `Folder ${folderNo}` }));
          continue;
        }
        const body = made === Math.floor(n / 2) ? `${text()} ${RARE}` : text();
        addChild(draft, folderUid, node(ids.next(), `doc-${made}`, 'Document', draft.nextIntid++, now, {
          title: flat(`${word()} ${word()} ${made}`), description: flat(`${word()} ${word()} ${word()}`), subjects: [flat(`tag${made % 20}`)],
          text: { data: flat(`<p>${body}</p>`), 'content-type': 'text/html', encoding: 'utf-8' },
        }));
      }
    });
  }
  return store;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function site(n: number) {
  const tBuild = performance.now();
  const store = buildSite(n);
  const buildMs = performance.now() - tBuild;
  global.gc?.();
  global.gc?.();
  const stateHeap = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const catalog = createCatalog(store);
  const catalogMs = performance.now() - t0;
  global.gc?.();
  global.gc?.();
  const catalogHeap = process.memoryUsage().heapUsed - stateHeap;
  const { app } = createApp({ store, table: routeTable(), root: { id: 'admin', passwordHash: await hashPassword('admin') }, sitePath: '/Plone', catalog, ids: sequentialIds(10_000_000) });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH) => {
    const t = performance.now();
    const res = await app.request(`http://localhost/Plone${path}`, {
      method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const out = await res.text();
    const ms = performance.now() - t;
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${out.slice(0, 200)}`);
    return { ms, body: out };
  };
  return { store, catalog, call, buildMs, catalogMs, stateHeap, catalogHeap };
}

async function timed(runs: number, fn: (i: number) => Promise<{ ms: number }>) {
  for (let i = 0; i < 10; i++) await fn(i); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) xs.push((await fn(i + 10)).ms);
  return { p50: pct(xs, 50), p99: pct(xs, 99) };
}

async function writes(s: Awaited<ReturnType<typeof site>>) {
  const create = await timed(RUNS, (i) => s.call('POST', '/folder-1', { '@type': 'Document', id: `bench-${i}`, title: `Bench ${i}`, text: { data: text(), 'content-type': 'text/plain' } }));
  const patch = await timed(RUNS, (i) => s.call('PATCH', `/folder-1/bench-${i % 50}`, { title: `Edited ${word()} ${i}` }));
  return { create, patch };
}

const f = (n: number) => n.toFixed(2);
/** A parameter no index reads, so that no response cache answers a repeated query. */
const bust = (i: number) => `&_bench=${i}`;

async function main() {
  const small = await site(SMALL);
  const smallWrites = await writes(small);
  small.catalog.close();

  global.gc?.();
  const big = await site(N);
  const rss = process.memoryUsage().rss;
  const heap = process.memoryUsage().heapUsed;
  const common = VOCAB[0];
  const q1 = await timed(RUNS, (i) => big.call('GET', `/@search?portal_type=Document&review_state=published&sort_on=modified&sort_order=descending&b_size=25${bust(i)}`));
  const q1anon = await timed(RUNS, (i) => big.call('GET', `/@search?portal_type=Document&review_state=published&sort_on=modified&b_size=25${bust(i)}`, undefined, { Accept: 'application/json' }));
  const hits = JSON.parse((await big.call('GET', `/@search?SearchableText=${common}&b_size=1`)).body).items_total;
  const qCommon = await timed(RUNS, (i) => big.call('GET', `/@search?SearchableText=${common}&b_size=25${bust(i)}`));
  const qRare = await timed(RUNS, (i) => big.call('GET', `/@search?SearchableText=${RARE}&b_size=25${bust(i)}`));
  const qPrefix = await timed(RUNS, (i) => big.call('GET', `/@search?SearchableText=${VOCAB[1].slice(0, 4)}*&b_size=25${bust(i)}`));
  const bigWrites = await writes(big);
  const afterWrite = await timed(50, async (i) => {
    await big.call('PATCH', `/folder-2/doc-${205 + (i % 90)}`, { title: `zzfresh${i}` });
    return big.call('GET', `/@search?SearchableText=zzfresh${i}`);
  });
  // the idle merge runs in slices (setImmediate between them): total time and the longest slice
  const tMerge = performance.now();
  big.catalog.longestSlice = 0;
  await big.catalog.mergeInSlices();
  const mergeMs = performance.now() - tMerge;
  const sliceMs = big.catalog.longestSlice;

  const rows: [string, string, string][] = [
    ['objects', `${big.store.current.nodeCount}`, ''],
    ['site generation (commits of 1000)', `${(big.buildMs / 1000).toFixed(1)} s`, ''],
    ['catalog + full text build at start', `${(big.catalogMs / 1000).toFixed(2)} s`, ''],
    ['RSS / heap after build', `${(rss / 1e6).toFixed(0)} MB / ${(heap / 1e6).toFixed(0)} MB`, ''],
    ...(global.gc ? [['heap of the state / of the catalog', `${(big.stateHeap / 1e6).toFixed(0)} MB / ${(big.catalogHeap / 1e6).toFixed(0)} MB`, ''] as [string, string, string]] : []),
    ['@search type+state sort_on=modified b_size=25 (admin)', `p50 ${f(q1.p50)} ms, p99 ${f(q1.p99)} ms`, 'p50 <= 5 ms'],
    ['  same, anonymous (security + window filter)', `p50 ${f(q1anon.p50)} ms, p99 ${f(q1anon.p99)} ms`, 'p50 <= 5 ms'],
    [`SearchableText common word (${hits} hits)`, `p50 ${f(qCommon.p50)} ms, p99 ${f(qCommon.p99)} ms`, 'p50 <= 20 ms'],
    ['SearchableText rare word (1 hit)', `p50 ${f(qRare.p50)} ms, p99 ${f(qRare.p99)} ms`, 'p50 <= 20 ms'],
    ['SearchableText prefix word*', `p50 ${f(qPrefix.p50)} ms, p99 ${f(qPrefix.p99)} ms`, ''],
    ['create (POST) at 1k', `p50 ${f(smallWrites.create.p50)} ms, p99 ${f(smallWrites.create.p99)} ms`, ''],
    [`create (POST) at ${N / 1000}k`, `p50 ${f(bigWrites.create.p50)} ms, p99 ${f(bigWrites.create.p99)} ms`, '<= 2x 1k'],
    ['patch (PATCH) at 1k', `p50 ${f(smallWrites.patch.p50)} ms, p99 ${f(smallWrites.patch.p99)} ms`, ''],
    [`patch (PATCH) at ${N / 1000}k`, `p50 ${f(bigWrites.patch.p50)} ms, p99 ${f(bigWrites.patch.p99)} ms`, '<= 2x 1k'],
    ['patch then search the new word (sees it)', `p50 ${f(afterWrite.p50)} ms, p99 ${f(afterWrite.p99)} ms (search only)`, ''],
    ['idle merge of the fresh segment after the writes', `${mergeMs.toFixed(0)} ms in slices, longest ${sliceMs.toFixed(1)} ms`, 'no tick > ~20 ms'],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n| ${'measure'.padEnd(w)} | figure | goal |\n|${'-'.repeat(w + 2)}|---|---|`);
  for (const [a, b, c] of rows) console.log(`| ${a.padEnd(w)} | ${b} | ${c} |`);
  big.catalog.close();
}

import { pathToFileURL } from 'node:url';
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
