// Start to first answer: spawn the command line server and poll GET /Plone until it answers 200.
// Measured with `npx tsx` (what `npm start` runs) and with `node --import tsx` (no npx, no tsx
// CLI wrapper process), plus the cost of starting an empty module the same two ways, and with
// plain `node` on an esbuild bundle (what a precompiled bin would cost; packages stay external).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, freePort, ROOT, isMain, printTable, start, stop, waitFor, type Row } from './lib.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const FIXTURE = process.env.BENCH_FIXTURE ?? 'demo';

type Launcher = { name: string; cmd: string; args: string[]; entry: string };
const LAUNCHERS: Launcher[] = [
  { name: 'npm start (bin/start.mjs, bundled)', cmd: 'npm', args: ['start', '--silent', '--'], entry: '' },
  { name: 'npx tsx', cmd: 'npx', args: ['tsx'], entry: 'bin/cms-oracle.ts' },
  { name: 'node --import tsx', cmd: process.execPath, args: ['--import', 'tsx'], entry: 'bin/cms-oracle.ts' },
];

/** Bundle bin/cms-oracle.ts under tmp/ (so node_modules still resolves); undefined without esbuild. */
async function bundle(): Promise<Launcher | undefined> {
  try {
    const esbuild = await import('esbuild' as string);
    const outdir = join(ROOT, 'tmp', 'bench-bundle');
    mkdirSync(outdir, { recursive: true });
    const outfile = join(outdir, 'cms-oracle.mjs');
    await esbuild.build({ entryPoints: [join(ROOT, 'bin/cms-oracle.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
    return { name: 'node (esbuild bundle)', cmd: process.execPath, args: [], entry: outfile };
  } catch (err) {
    console.error(`no bundle row: ${(err as Error).message}`);
    return undefined;
  }
}

/** ms from spawn to the first 200 of GET /Plone. */
async function serverStart(l: Launcher, dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const fixture = FIXTURE.includes('/') ? FIXTURE : join(ROOT, 'fixtures', FIXTURE);
  const child = start(l.cmd, [...l.args, ...(l.entry ? [l.entry] : []), '--port', String(port), '--fixture', fixture, '--data-dir', dataDir, '--log-level', 'warn']);
  try {
    if (!(await waitFor(`http://127.0.0.1:${port}/Plone`, 200, 60_000, { headers: { Accept: 'application/json' } }))) {
      throw new Error(`${l.name} bin/cms-oracle.ts did not answer: ${child.stderrTail()}`);
    }
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

/** ms to run an empty module to completion. */
async function emptyStart(l: Launcher, file: string): Promise<number> {
  const t0 = performance.now();
  const child = start(l.cmd, [...l.args, file]);
  await new Promise((r) => child.once('exit', r));
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchStartup(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-bench-'));
  const empty = join(dir, 'empty.ts');
  writeFileSync(empty, 'export {};\n');
  const rows: Row[] = [];
  try {
    const bundled = await bundle();
    for (const l of bundled ? [...LAUNCHERS, bundled] : LAUNCHERS) {
      await serverStart(l, join(dir, 'data')); // warm the tsx transform cache
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await serverStart(l, join(dir, 'data')));
      const base: number[] = [];
      if (l.args.length) for (let i = 0; i < RUNS; i++) base.push(await emptyStart(l, empty));
      const ms = median(times);
      rows.push({ part: 'startup', what: `${l.name}: first 200 of GET /Plone, fixture ${FIXTURE}`, value: `${fmt(ms, 0)} ms (runs: ${times.map((t) => fmt(t, 0)).join(', ')})`, goal: '<= 1000 ms', ok: ms <= 1000 });
      if (l.args.length) rows.push({ part: 'startup', what: `${l.name}: empty module`, value: `${fmt(median(base), 0)} ms` });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchStartup());
