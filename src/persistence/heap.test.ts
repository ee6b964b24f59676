import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snapshotName } from './files.ts';
import { heapToAsk, MMAP_THRESHOLD_TUNABLE, runEnv, SECOND_RUN_FLAGS, settleAfterStart, settleAfterWrites, snapshotObjects } from './heap.ts';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot.ts';

const GB = 2 ** 30;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A data dir whose newest snapshot's header says `nodeCount` (only the header is read). */
function dataDir(...counts: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-oracle-heap-'));
  dirs.push(dir);
  counts.forEach((nodeCount, i) => {
    const header = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seq: i + 1, created: '2026-01-01T00:00:00Z', lastChange: null, changes: 0, nodeCount };
    writeFileSync(join(dir, snapshotName(i + 1)), JSON.stringify(header) + '\n{"json":{}}\n');
  });
  return dir;
}

describe('the heap a start needs', () => {
  it('reads the object count from the newest snapshot header', () => {
    expect(snapshotObjects(dataDir(10, 1_000_000))).toBe(1_000_000);
    expect(snapshotObjects(dataDir())).toBe(0);
    const broken = dataDir();
    writeFileSync(join(broken, snapshotName(1)), 'not a snapshot\n');
    expect(snapshotObjects(broken)).toBe(0);
  });

  it('asks for more than a 4 GB limit at a million objects, nothing for a small site', () => {
    const mb = heapToAsk(dataDir(1_000_000), 4 * GB, 24 * GB);
    expect(mb).toBe(Math.floor((512 * 2 ** 20 + 1_000_000 * 8192) / 2 ** 20));
    expect(heapToAsk(dataDir(40_000), 4 * GB, 24 * GB)).toBeUndefined();
    expect(heapToAsk(dataDir(), 4 * GB, 24 * GB)).toBeUndefined();
  });

  it('runs a site of 50,000 objects or more in the second process (its malloc setting) with the present limit', () => {
    expect(heapToAsk(dataDir(49_999), 4 * GB, 24 * GB)).toBeUndefined();
    expect(heapToAsk(dataDir(50_000), 4 * GB, 24 * GB)).toBe(4096);
    expect(heapToAsk(dataDir(100_000), 4 * GB, 24 * GB)).toBe(4096);
  });

  it('never asks for more than three quarters of the machine', () => {
    expect(heapToAsk(dataDir(1_000_000), 4 * GB, 8 * GB)).toBe(6 * 1024);
    expect(heapToAsk(dataDir(1_000_000), 4 * GB, 4 * GB)).toBe(4096);
  });

  it('runs the second process with its heap size and a fixed malloc mmap threshold, unless the caller set one', () => {
    const env = runEnv({ PATH: '/bin' }, 8704);
    expect(env).toEqual({ PATH: '/bin', CMS_ORACLE_HEAP_MB: '8704', GLIBC_TUNABLES: MMAP_THRESHOLD_TUNABLE });
    expect(MMAP_THRESHOLD_TUNABLE).toBe('glibc.malloc.mmap_threshold=131072');
    expect(runEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 6144)).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2', CMS_ORACLE_HEAP_MB: '6144' });
  });

  it('gives the second run gc, and a start one young-generation collection once it has been quiet', () => {
    expect(SECOND_RUN_FLAGS).toEqual(['--expose-gc']);
    vi.useFakeTimers();
    try {
      const gc = vi.fn();
      settleAfterStart(gc, 6000);
      vi.advanceTimersByTime(5999);
      expect(gc).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(gc).toHaveBeenCalledWith({ type: 'minor' });
      expect(() => settleAfterStart(undefined, 10)).not.toThrow(); // no gc: nothing to do
      vi.advanceTimersByTime(10);
      expect(gc).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes that collection again once writes have been quiet, once per quiet spell, and stops when told', () => {
    vi.useFakeTimers();
    try {
      const gc = vi.fn();
      const listeners = new Set<() => void>();
      const commit = () => listeners.forEach((fn) => fn());
      const stop = settleAfterWrites((fn) => (listeners.add(fn), () => listeners.delete(fn)), gc, 1000);
      vi.advanceTimersByTime(5000);
      expect(gc).not.toHaveBeenCalled(); // no writes: nothing to settle
      commit();
      vi.advanceTimersByTime(600);
      commit(); // not quiet yet: the timer waits a quiet spell more
      vi.advanceTimersByTime(400);
      expect(gc).not.toHaveBeenCalled();
      vi.advanceTimersByTime(999);
      expect(gc).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(gc).toHaveBeenCalledTimes(1);
      expect(gc).toHaveBeenCalledWith({ type: 'minor' });
      vi.advanceTimersByTime(10_000);
      expect(gc).toHaveBeenCalledTimes(1); // quiet since: once
      commit();
      vi.advanceTimersByTime(1000);
      expect(gc).toHaveBeenCalledTimes(2);
      commit();
      stop();
      expect(listeners.size).toBe(0);
      vi.advanceTimersByTime(10_000);
      expect(gc).toHaveBeenCalledTimes(2);
      const none = settleAfterWrites((fn) => (listeners.add(fn), () => listeners.delete(fn)), undefined, 10);
      expect(listeners.size).toBe(0); // no gc: not even listening
      none();
    } finally {
      vi.useRealTimers();
    }
  });
});
