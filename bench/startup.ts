// Start to first answer: spawn the command line server and poll GET /Plone until it answers 200.
// Measured with `npx tsx` (what `npm start` runs) and with `node --import tsx` (no npx, no tsx
// CLI wrapper process), plus the cost of starting an empty module the same two ways.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, freePort, isMain, printTable, start, stop, waitFor, type Row } from './lib.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const FIXTURE = process.env.BENCH_FIXTURE ?? 'demo';

type Launcher = { name: string; cmd: string; args: string[] };
const LAUNCHERS: Launcher[] = [
  { name: 'npx tsx', cmd: 'npx', args: ['tsx'] },
  { name: 'node --import tsx', cmd: process.execPath, args: ['--import', 'tsx'] },
];

/** ms from spawn to the first 200 of GET /Plone. */
async function serverStart(l: Launcher, dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = start(l.cmd, [...l.args, 'bin/cms-oracle.ts', '--port', String(port), '--fixture', FIXTURE, '--data-dir', dataDir, '--log-level', 'warn']);
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
    for (const l of LAUNCHERS) {
      await serverStart(l, join(dir, 'data')); // warm the tsx transform cache
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await serverStart(l, join(dir, 'data')));
      const base: number[] = [];
      for (let i = 0; i < RUNS; i++) base.push(await emptyStart(l, empty));
      const ms = median(times);
      rows.push({ part: 'startup', what: `${l.name} bin/cms-oracle.ts --fixture ${FIXTURE}`, value: `${fmt(ms, 0)} ms (runs: ${times.map((t) => fmt(t, 0)).join(', ')})`, goal: '<= 1000 ms', ok: ms <= 1000 });
      rows.push({ part: 'startup', what: `${l.name} empty module`, value: `${fmt(median(base), 0)} ms` });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchStartup());
