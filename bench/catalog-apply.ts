// The catalog's share of a POST (issue 12, goal 3), in-process: two equal sites of 100,000 objects
// in folders of 500 (as serve-folder.ts SPREAD), one with a live catalog (createCatalog: it follows
// every commit, as the server's does) and one without; then the same new documents made by
// createContent (the POST's reducer) in both, each commit into the next folder in turn, in
// alternating rounds. The catalog's CPU per document is the difference of the two (CPU time of the
// process, user + system: it hardly moves when other work shares the cores); its wall time inside
// Catalog.apply is printed too.
//   BENCH_APPLY_SITE (100000), BENCH_APPLY_DOCS (20000), BENCH_APPLY_ROUND (1000: documents per
//   round), BENCH_APPLY_GROUP (1: new documents per commit, as a write group),
//   BENCH_PROFILE (a file: a CPU profile of the rounds with the catalog)
//   npx tsx bench/catalog-apply.ts
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Draft } from 'immer';
import { createCatalog } from '../src/catalog/catalog.ts';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { createSite } from '../src/state/site.ts';
import { Store, type Commit } from '../src/state/store.ts';
import type { SiteState } from '../src/state/model.ts';
import { fmt, isMain, printTable, type Row } from './lib.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';

const SITE = Number(process.env.BENCH_APPLY_SITE ?? 100_000);
const DOCS = Number(process.env.BENCH_APPLY_DOCS ?? 20_000);
const ROUND = Number(process.env.BENCH_APPLY_ROUND ?? 1_000);
const GROUP = Number(process.env.BENCH_APPLY_GROUP ?? 1);
const PER_FOLDER = 500;

type Profile = { nodes: { id: number; children?: number[] }[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The rounds' profiles as one (node ids renumbered apart; the samples one after the other). */
function joinProfiles(parts: Profile[]): Profile {
  const out: Profile = { nodes: [], samples: [], timeDeltas: [], startTime: parts[0]?.startTime ?? 0, endTime: 0 };
  let offset = 0;
  for (const p of parts) {
    let max = 0;
    for (const node of p.nodes) {
      max = Math.max(max, node.id);
      out.nodes.push({ ...node, id: node.id + offset, children: node.children?.map((c) => c + offset) });
    }
    for (const s of p.samples) out.samples.push(s + offset);
    out.timeDeltas.push(...p.timeDeltas);
    out.endTime = out.startTime + out.timeDeltas.reduce((a, b) => a + b, 0);
    offset += max + 1;
  }
  return out;
}

const NOW = '2026-01-01T00:00:00+00:00';
const req = { now: NOW, header: () => undefined, newUid: () => randomUUID().replace(/-/g, ''), principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] } } as unknown as ApiRequest;

/** A site of SITE objects in folders of PER_FOLDER documents; returns the store and the folders' UIDs. */
function spreadSite(): { store: Store; folders: string[] } {
  const store = new Store(
    createSite({
      settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' },
      title: 'Bench', rootUid: randomUUID().replace(/-/g, ''), now: NOW, creator: 'admin',
    }),
  );
  const rootUid = store.current.rootUid;
  const folders: string[] = [];
  for (let i = 0; i < SITE; ) {
    store.commit((draft: Draft<SiteState>) => {
      for (let k = 0; k < 1000 && i < SITE; k++, i++) {
        if (i % (PER_FOLDER + 1) === 0) folders.push(createContent(draft, req, { parentUid: rootUid, body: { '@type': 'Folder', id: `f${folders.length}`, title: `Folder ${i}` } }));
        else createContent(draft, req, { parentUid: folders[folders.length - 1], body: { '@type': 'Document', id: `d${i}`, title: `Document ${i}` } });
      }
    });
  }
  return { store, folders };
}

/** `count` new documents from `from` on, GROUP per commit, each commit into the next folder; CPU ms (user + system). */
function write(site: { store: Store; folders: string[] }, from: number, count: number): number {
  const c0 = process.cpuUsage();
  for (let n = from; n < from + count; ) {
    site.store.commit((draft: Draft<SiteState>) => {
      for (let g = 0; g < GROUP && n < from + count; g++, n++) {
        createContent(draft, req, { parentUid: site.folders[n % site.folders.length], body: { '@type': 'Document', title: `Spread document ${n}` } });
      }
    });
  }
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000;
}

export async function benchCatalogApply(): Promise<Row[]> {
  // two equal sites: the same writes into one with a catalog and into one without, round after
  // round; the catalog's share is the difference (the rounds alternate, so that a change of the
  // machine's load falls on both)
  const plain = spreadSite();
  const site = spreadSite();
  const t0 = performance.now();
  const catalog = createCatalog(site.store);
  catalog.flush();
  const buildMs = performance.now() - t0;
  let inApply = 0;
  let longest = 0;
  const apply = catalog.apply.bind(catalog);
  catalog.apply = (c: Commit) => {
    const a = performance.now();
    apply(c);
    const took = performance.now() - a;
    inApply += took;
    if (took > longest) longest = took;
  };
  const profile = process.env.BENCH_PROFILE;
  const profiles: Profile[] = [];
  const session = profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  write(plain, 0, Math.min(ROUND, DOCS)); // warm-up of both
  write(site, 0, Math.min(ROUND, DOCS));
  let withCatalog = 0;
  let without = 0;
  inApply = longest = 0;
  for (let n = 0; n < DOCS; n += ROUND) {
    const count = Math.min(ROUND, DOCS - n);
    without += write(plain, ROUND + n, count);
    if (session) await session.post('Profiler.start');
    withCatalog += write(site, ROUND + n, count);
    if (session) profiles.push((await session.post('Profiler.stop')).profile as Profile);
  }
  if (profile) writeFileSync(profile, JSON.stringify(joinProfiles(profiles)));
  catalog.close();
  const made = catalog.size - SITE - 1 - Math.min(ROUND, DOCS);
  const per = (ms: number) => `${fmt((ms * 1000) / DOCS, 1)} us`;
  return [
    { part: 'catalog-apply', what: `catalog build of ${SITE.toLocaleString('en')} objects`, value: `${fmt(buildMs, 0)} ms` },
    { part: 'catalog-apply', what: `catalog's CPU per new document (${GROUP} per commit, ${DOCS} documents): with minus without`, value: per(withCatalog - without) },
    { part: 'catalog-apply', what: 'CPU per new document with the catalog / without', value: `${per(withCatalog)} / ${per(without)}` },
    { part: 'catalog-apply', what: 'time in Catalog.apply per new document (wall) / longest apply', value: `${per(inApply)} / ${fmt(longest, 2)} ms` },
    { part: 'catalog-apply', what: 'documents indexed / made', value: `${made} / ${DOCS}`, ok: made === DOCS },
  ];
}

if (isMain(import.meta.url)) {
  keepGarbageYoung(); // as the server's process runs (bin/cms-oracle.ts)
  printTable(await benchCatalogApply());
}
