// The V8 heap a start from a data dir needs. A site of a million objects outgrows V8's default
// limit (about 4 GB on a 64-bit machine, whatever the machine has): `cms-oracle` then runs itself
// again with a limit that fits (bin/cms-oracle.ts), instead of failing out of memory while loading.
import { closeSync, openSync, readSync } from 'node:fs';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { listDataDir } from './files.ts';
import { parseHeader } from './snapshot.ts';

/** Heap per object while a site starts and runs (state, catalog, what the load holds a while). */
const PER_OBJECT = 8 * 1024;
/** Heap of the server itself. */
const BASE = 512 * 1024 * 1024;
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
 * The heap limit (MB) a start from `dir` should ask for, when V8's present limit is too small for
 * its snapshot; undefined when it fits (or when more would not fit the machine either).
 */
export function heapToAsk(dir: string, limit = getHeapStatistics().heap_size_limit, memory = totalmem()): number | undefined {
  const need = Math.min(BASE + snapshotObjects(dir) * PER_OBJECT, memory * 0.75);
  return need > limit ? Math.floor(need / 2 ** 20) : undefined;
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
