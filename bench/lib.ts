// Shared bench helpers: free ports, child servers, percentiles, the printed table.
import { readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node flags of the child servers that stand for the real one (BENCH_SERVER_FLAGS, split at
 * spaces; default none, as `npm start` runs the server), e.g. --max-semi-space-size=32: GC
 * settings change the CPU time per write (see src/lib/gc-tuning.ts).
 */
export const SERVER_FLAGS: readonly string[] = [...(process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean), ...(process.env.BENCH_GC ? ['--trace-gc-nvp'] : [])];

/** A child's garbage collections so far (BENCH_GC set: read from its --trace-gc-nvp lines). */
export interface GcTotals {
  scavenges: number;
  /** main-thread pause of the scavenges, ms */
  scavengeMs: number;
  /** bytes the scavenges promoted to the old generation, and copied within the young one */
  promoted: number;
  survived: number;
  /** full collections (mark-compact) and their main-thread pause, ms */
  marks: number;
  markMs: number;
}

const nvp = (line: string, name: string) => Number(new RegExp(`\\b${name}=([0-9.]+)`).exec(line)?.[1] ?? 0);

/** Count the --trace-gc-nvp lines of a child's stdout into `totals`. */
function countGc(stream: NodeJS.ReadableStream, totals: GcTotals): void {
  let rest = '';
  stream.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (/\bgc=s\b/.test(line)) {
        totals.scavenges++;
        totals.scavengeMs += nvp(line, 'pause');
        totals.promoted += nvp(line, 'promoted');
        totals.survived += nvp(line, 'new_space_survived');
      } else if (/\bgc=(mc|ms)\b/.test(line)) {
        totals.marks++;
        totals.markMs += nvp(line, 'pause');
      }
    }
  });
}

/** What happened between two readings of a child's GC totals, per `per` (e.g. per request): printable. */
export function gcBetween(a: GcTotals, b: GcTotals, per: number): string {
  const kb = (bytes: number) => `${(bytes / per / 1024).toFixed(1)} KB`;
  const us = (ms: number) => `${((ms * 1000) / per).toFixed(0)} µs`;
  return `${b.scavenges - a.scavenges} scavenges (${us(b.scavengeMs - a.scavengeMs)}, promoted ${kb(b.promoted - a.promoted)}, kept young ${kb(b.survived - a.survived)}), ${b.marks - a.marks} full (${us(b.markMs - a.markMs)})`;
}

/** A row of the summary table: what was measured, the figure, the goal and whether it is met. */
export interface Row {
  part: string;
  what: string;
  value: string;
  goal?: string;
  ok?: boolean;
}

/** True when `metaUrl` is the script node was started with (each bench runs alone too). */
export const isMain = (metaUrl: string) => !!process.argv[1] && metaUrl === pathToFileURL(process.argv[1]).href;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = netServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A child server script as one bundled module in .cache/bench/ (two levels below the root, as
 * `npm start`'s bundle: paths from import.meta.dirname stay right): the servers that stand for the
 * real one run its code as `npm start` does, without a TypeScript loader (whose function names kept
 * and source maps cost a few percent of a write).
 */
export async function bundled(script: string): Promise<string> {
  const { bundle } = await import('../bin/bundle.mjs');
  const outfile = join(ROOT, '.cache', 'bench', script.replace(/^.*\//, '').replace(/\.ts$/, '.mjs'));
  await bundle(outfile, join(ROOT, script));
  return outfile;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `url` until it answers `status` (or the deadline passes); returns when it did. */
export async function waitFor(url: string, status = 200, deadlineMs = 30_000, init?: RequestInit): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status === status) return true;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  return false;
}

/**
 * Start a child process (ours to stop with `stop`); its stderr is kept (last 4 KiB) in
 * `stderrTail`, its GC lines counted in `gc()` when BENCH_GC is set.
 */
export function start(cmd: string, args: string[], env: Record<string, string> = {}): ChildProcess & { stderrTail: () => string; gc: () => GcTotals } {
  // Its own process group, so that stopping a wrapper (npx -> sh -> tsx -> node) stops all of it.
  const traced = args.includes('--trace-gc-nvp');
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', traced ? 'pipe' : 'ignore', 'pipe'], detached: true });
  let tail = '';
  child.stderr!.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-4096)));
  const totals: GcTotals = { scavenges: 0, scavengeMs: 0, promoted: 0, survived: 0, marks: 0, markMs: 0 };
  if (traced) countGc(child.stdout!, totals);
  return Object.assign(child, { stderrTail: () => tail, gc: () => ({ ...totals }) });
}

/** Stop a child we started and the processes it started (its process group), and wait for it. */
export async function stop(child: ChildProcess): Promise<void> {
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  group('SIGTERM');
  const timer = setTimeout(() => group('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
  group('SIGKILL'); // grandchildren that outlived the wrapper
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

export function printTable(rows: Row[]): void {
  const cols = [
    ['part', ...rows.map((r) => r.part)],
    ['measure', ...rows.map((r) => r.what)],
    ['value', ...rows.map((r) => r.value)],
    ['goal', ...rows.map((r) => r.goal ?? '')],
    ['', ...rows.map((r) => (r.ok === undefined ? '' : r.ok ? 'met' : 'MISSED'))],
  ];
  const widths = cols.map((c) => Math.max(...c.map((s) => s.length)));
  const line = (i: number) => cols.map((c, k) => c[i].padEnd(widths[k])).join('  ').trimEnd();
  console.log(line(0));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (let i = 1; i <= rows.length; i++) console.log(line(i));
}

/** CPU time (user + system) a process has used, in ms; undefined where /proc is missing. */
export function cpuMs(pid: number): number | undefined {
  return procCpuMs(`/proc/${pid}/stat`);
}

/**
 * CPU time (user + system, ms) of a process's main thread and of its other threads together (V8's
 * GC helpers, libuv's pool); undefined where /proc is missing.
 */
export function threadCpuMs(pid: number): { main: number; others: number } | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let main = 0;
  let others = 0;
  for (const task of tasks) {
    const ms = procCpuMs(`/proc/${pid}/task/${task}/stat`) ?? 0;
    if (task === String(pid)) main += ms;
    else others += ms;
  }
  return { main, others };
}

function procCpuMs(file: string): number | undefined {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}
