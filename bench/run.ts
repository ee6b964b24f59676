// npm run bench: every benchmark in turn, one table, then the search and auth scripts (which
// print their own tables). Figures only, no assertions.
//   BENCH_SECONDS (get, default 5), BENCH_STARTUP_RUNS (3), BENCH_FIXTURE (demo),
//   BENCH_SIZES (1000,100000), BENCH_WRITES (2000), BENCH_STALL_SECONDS (20) tune them; folders.ts
//   and its BENCH_FOLDER_* and BENCH_BULK* variables the big-folder series, spread-writes.ts and
//   BENCH_SPREAD* the writes into a 100k-object site, site-walks.ts and BENCH_WALK_* the requests
//   that once walked the whole site (type counts, intid look-up, @relations listing, user delete).
import { benchGet } from './get.ts';
import { printTable, type Row } from './lib.ts';
import { benchStartup } from './startup.ts';
import { benchWriteScaling } from './write-scaling.ts';
import { benchPersistence } from './persistence.ts';
import { benchLifecycle } from './lifecycle.ts';
import { benchSetupTeardown } from './setup-teardown.ts';
import { benchStall } from './stall.ts';
import { benchHashFlood } from './hash-flood.ts';
import { benchTermOrder } from './term-order.ts';
import { benchRichText } from './rich-text.ts';
import { benchFolders } from './folders.ts';
import { benchSpreadWrites } from './spread-writes.ts';
import { benchSiteWalks } from './site-walks.ts';
import { spawnSync } from 'node:child_process';

const parts: [string, () => Promise<Row[]>][] = [
  ['get', benchGet],
  ['startup', benchStartup],
  ['writes', benchWriteScaling],
  ['persistence', benchPersistence],
  ['lifecycle', benchLifecycle],
  ['setup-teardown', benchSetupTeardown],
  ['stall', benchStall],
  ['hash-flood', benchHashFlood],
  ['term-order', benchTermOrder],
  ['rich-text', benchRichText],
  ['folders', benchFolders],
  ['spread', benchSpreadWrites],
  ['site-walks', benchSiteWalks],
];
const rows: Row[] = [];
for (const [name, run] of parts) {
  const t0 = performance.now();
  console.error(`bench ${name}...`);
  try {
    rows.push(...(await run()));
  } catch (err) {
    rows.push({ part: name, what: 'failed', value: (err as Error).message.slice(0, 200) });
  }
  console.error(`bench ${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} CPUs, load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
printTable(rows);

// Scripts with their own output: the 100k-object search figures, the authentication costs, the
// memory per object (100k; BENCH_MILLION=1: 1M) and the catalog's CPU per new document (BENCH_APPLY_*).
for (const script of ['bench/search.ts', 'bench/auth.ts', 'bench/memory.ts', 'bench/catalog-apply.ts']) {
  console.log(`\n== ${script}`);
  // a 1M-object site (BENCH_MILLION=1) outgrows V8's default heap limit (~4 GB): the bench raises it
  spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=16384', '--import', 'tsx', script], { stdio: 'inherit' });
}
