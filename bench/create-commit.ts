// The state's share of a POST (issue 12, goal 3), without HTTP and the catalog: CPU time of one
// commit of createContent (Store.commit: the recipe, the patches, their refinement) on a site of
// 100,000 objects in folders of 500, each commit into the next folder, in one process. The time
// V8's collector spends is printed apart (the count of collections follows what a commit
// allocates). Compare runs alternated on the same load; the figures move far less with the load
// than the HTTP series do.
//   BENCH_CREATE_SITE (100000), BENCH_CREATE_COMMITS (10000 a round, 3 rounds)
//   npx tsx bench/create-commit.ts
import { randomUUID } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import { createServer } from '../src/server.ts';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';
import { fmt, isMain, printTable, type Row } from './lib.ts';

const SITE = Number(process.env.BENCH_CREATE_SITE ?? 100_000);
const COMMITS = Number(process.env.BENCH_CREATE_COMMITS ?? 10_000);
const PER_FOLDER = 500;

export async function benchCreateCommit(): Promise<Row[]> {
  keepGarbageYoung(); // as the server's command runs
  const s = await createServer({});
  const req = {
    now: s.clock.now(),
    newUid: () => randomUUID().replace(/-/g, ''),
    principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] },
    header: () => undefined,
  } as unknown as ApiRequest;
  const root = s.store.current.rootUid;
  const folders: string[] = [];
  for (let i = 0; i < SITE; ) {
    s.store.commit((draft) => {
      for (let k = 0; k < 1000 && i < SITE; k++, i++) {
        if (i % (PER_FOLDER + 1) === 0) folders.push(createContent(draft, req, { parentUid: root, body: { '@type': 'Folder', id: `f${folders.length}`, title: `Folder ${i}` } }));
        else createContent(draft, req, { parentUid: folders[folders.length - 1], body: { '@type': 'Document', id: `d${i}`, title: `Document ${i}` } });
      }
    });
  }
  // the catalog and every other subscriber apart: only the commit itself is measured
  (s.store as unknown as { subscribers: Set<unknown> }).subscribers.clear();
  let made = 0;
  const run = (n: number) => {
    for (let i = 0; i < n; i++, made++) {
      s.store.commit((draft) => createContent(draft, req, { parentUid: folders[made % folders.length], body: { '@type': 'Document', title: `Spread document ${made}` } }));
    }
  };
  let gcMs = 0;
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) (gcMs += e.duration), gcs++;
  });
  observer.observe({ entryTypes: ['gc'] });
  run(3000); // warm-up
  const rows: Row[] = [];
  for (let round = 1; round <= 3; round++) {
    await new Promise((r) => setTimeout(r, 10));
    gcMs = 0;
    gcs = 0;
    const cpu0 = process.cpuUsage();
    run(COMMITS);
    const cpu = process.cpuUsage(cpu0);
    await new Promise((r) => setTimeout(r, 10)); // the collections' entries arrive
    rows.push({
      part: 'create-commit',
      what: `round ${round}: one create per commit on a site of ${SITE.toLocaleString('en')}: CPU / of it GC (collections per 10k commits)`,
      value: `${fmt((cpu.user + cpu.system) / COMMITS, 1)} us / ${fmt((gcMs * 1000) / COMMITS, 1)} us (${fmt((gcs * 10_000) / COMMITS, 0)})`,
    });
  }
  observer.disconnect();
  return rows;
}

if (isMain(import.meta.url)) {
  printTable(await benchCreateCommit());
  process.exit(0);
}
