// The V8 heap a start from a data dir needs. A site of a million objects outgrows V8's default
// limit (about 4 GB on a 64-bit machine, whatever the machine has): `cms-oracle` then runs itself
// again with a limit that fits (bin/cms-oracle.ts), instead of failing out of memory while loading.
// A site of 50,000 objects or more runs that way too, for the second run's malloc setting (runEnv).
import { closeSync, openSync, readSync } from 'node:fs';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { listDataDir } from './files.ts';
import { parseHeader } from './snapshot.ts';

/** Heap per object while a site starts and runs (state, catalog, what the load holds a while). */
const PER_OBJECT = 8 * 1024;
/** Heap of the server itself. */
const BASE = 512 * 1024 * 1024;
/**
 * Objects from which a start runs in the second process even when V8's heap would hold the site:
 * its malloc setting (runEnv) keeps ~0.28 KiB per object out of the process at 100,000 documents
 * (RSS after the start 3.06 against 2.79 KiB per object), worth the second process's start.
 */
export const OWN_RUN_FROM = 50_000;
/** The header line is short; a file without a newline in its first bytes is not read further. */
const HEADER_BYTES = 64 * 1024;

/** Objects in the newest snapshot of `dir`, from its header line (0: none, or unreadable). */
export function snapshotObjects(dir: string): number {
  try {
    const newest = listDataDir(dir).snapshots.at(-1);
    if (!newest) return 0;
    const fd = openSync(newest.path, 'r');
    try {
      const bytes = Buffer.alloc(HEADER_BYTES);
      const n = readSync(fd, bytes, 0, HEADER_BYTES, 0);
      const nl = bytes.subarray(0, n).indexOf(0x0a);
      return nl < 0 ? 0 : parseHeader(newest.path, bytes.subarray(0, nl).toString('utf8')).nodeCount;
    } finally {
      closeSync(fd);
    }
  } catch {
    return 0; // the start itself reports what is wrong with the data dir
  }
}

/**
 * The heap limit (MB) of the second run a start from `dir` should make: what its snapshot needs
 * when V8's present limit is too small (at most three quarters of the machine), else the present
 * limit for a site of OWN_RUN_FROM objects or more; undefined: no second run.
 */
export function heapToAsk(dir: string, limit = getHeapStatistics().heap_size_limit, memory = totalmem()): number | undefined {
  const objects = snapshotObjects(dir);
  const need = Math.min(BASE + objects * PER_OBJECT, memory * 0.75);
  if (need > limit) return Math.floor(need / 2 ** 20);
  return objects >= OWN_RUN_FROM ? Math.floor(limit / 2 ** 20) : undefined;
}

/** glibc's malloc tunable of that second run (see runEnv). */
export const MMAP_THRESHOLD_TUNABLE = 'glibc.malloc.mmap_threshold=131072';

/**
 * The environment of the second run with a bigger heap: `env` plus `CMS_ORACLE_HEAP_MB`, and
 * glibc's malloc given a fixed mmap threshold (128 KiB, its default start). By default glibc raises
 * the threshold to the size of every mapped block freed (up to 32 MiB); from then on, blocks
 * below it come from its heap, and what is freed there mostly stays in the process. Building the
 * catalog frees many typed arrays of a few MiB (lists that double, scratch space), and a start of
 * 100,000 objects kept ~0.3 KiB per object that way (RSS 3.1 against 2.8 KiB per object). A
 * GLIBC_TUNABLES the caller set is kept as it is. Other C libraries ignore the variable.
 */
export function runEnv(env: NodeJS.ProcessEnv, heapMb: number): NodeJS.ProcessEnv {
  return { ...env, CMS_ORACLE_HEAP_MB: String(heapMb), GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? MMAP_THRESHOLD_TUNABLE };
}

/** Node flag of the second run: `gc`, for settleAfterStart. */
export const SECOND_RUN_FLAGS = ['--expose-gc'];
/** Quiet time after a start before settleAfterStart's collection (V8 judges the allocation rate over the last ~5 s). */
export const QUIET_MS = 6000;

/**
 * Once a start has been quiet for QUIET_MS, one young-generation collection: at a collection that
 * follows little allocation V8 shrinks its young generation, so the two 16 MB semi-spaces the load
 * grew it to go back to the system (33.6 MB: 0.33 KiB per object at 100,000 objects); requests
 * that allocate much grow it again. Needs `gc` (--expose-gc, which the second run has); without
 * it the space stays until the process's next collection at rest.
 */
export function settleAfterStart(gc = (globalThis as { gc?: (options?: object) => void }).gc, quietMs = QUIET_MS): void {
  if (typeof gc !== 'function') return;
  setTimeout(() => gc({ type: 'minor' }), quietMs).unref();
}

/**
 * The same young-generation collection once writes have been quiet for QUIET_MS (at most twice
 * that) after any number of them: a burst of writes grows the young generation to its largest
 * (two 16 MB semi-spaces), and a server at rest afterwards makes no collection that would shrink
 * it again. `subscribe` is told of every commit (Store.subscribe); a commit costs a counter and,
 * the first after a settle, a timer. Returns the function that stops it. Needs `gc`, like
 * settleAfterStart.
 */
export function settleAfterWrites(subscribe: (fn: () => void) => () => unknown, gc = (globalThis as { gc?: (options?: object) => void }).gc, quietMs = QUIET_MS): () => void {
  if (typeof gc !== 'function') return () => {};
  let writes = 0;
  /** writes counted when the timer was set */
  let seen = 0;
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    if (writes !== seen) {
      seen = writes;
      timer = setTimeout(check, quietMs).unref();
      return;
    }
    timer = undefined;
    gc({ type: 'minor' });
  };
  const unsubscribe = subscribe(() => {
    writes++;
    if (timer === undefined) {
      seen = writes;
      timer = setTimeout(check, quietMs).unref();
    }
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
