// The longest event-loop stall while some work runs: a 1 ms timer's longest gap, the event-loop
// delay histogram's maximum, and, on Linux, the CPU time the main thread actually ran during the
// longest gaps (from /proc/thread-self/schedstat). On a busy machine a gap also holds the time the
// thread waited for a core; the CPU figure is what the stall is on a quiet one.
import { openSync, readSync, closeSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fmt, type Row } from './lib.ts';

/**
 * The calling thread's clocks in ns — time it ran on a core, time it waited in the run queue for
 * one — or undefined where /proc/thread-self/schedstat is missing.
 */
function threadClock(): (() => [number, number]) | undefined {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(128);
    const read = (): [number, number] => {
      const [ran, waited] = buf.toString('latin1', 0, readSync(fd, buf, 0, buf.length, 0)).split(' ');
      return [Number(ran), Number(waited)];
    };
    read();
    process.once('exit', () => closeSync(fd));
    return read;
  } catch {
    return undefined;
  }
}

const clock = threadClock();

export interface Stall<T> {
  result: T;
  /** Longest gap of a 1 ms timer, in ms. */
  probe: number;
  /** Maximum of the event-loop delay histogram, in ms. */
  histogram: number;
  /** Most CPU time the main thread ran in one gap of the timer, in ms (NaN without /proc). */
  cpu: number;
  /** The longest gap: ms the thread ran, waited for a core, and neither (blocked: locks, page faults served by others, GC helpers). NaN without /proc. */
  longest: { ran: number; queued: number; blocked: number };
}

export async function stallDuring<T>(work: () => Promise<T>): Promise<Stall<T>> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let [lastRan, lastQueued] = clock?.() ?? [0, 0];
  let worst = 0;
  let worstCpu = 0;
  let longest = { ran: NaN, queued: NaN, blocked: NaN };
  const probe = setInterval(() => {
    const now = performance.now();
    const gap = now - last - 1;
    last = now;
    if (clock) {
      const [ran, queued] = clock();
      const r = (ran - lastRan) / 1e6;
      const q = (queued - lastQueued) / 1e6;
      worstCpu = Math.max(worstCpu, r);
      if (gap > worst) longest = { ran: r, queued: q, blocked: Math.max(0, gap + 1 - r - q) };
      [lastRan, lastQueued] = [ran, queued];
    }
    worst = Math.max(worst, gap);
  }, 1);
  h.enable();
  const result = await work();
  h.disable();
  clearInterval(probe);
  return { result, probe: worst, histogram: h.max / 1e6, cpu: clock ? worstCpu : NaN, longest };
}

/**
 * A stall as a row's value and goal. Judged on the CPU time the server's thread ran in its longest
 * gap where Linux tells it (on a busy machine the wall-clock gap also holds time spent waiting for
 * a core), else on the wall-clock gap.
 */
export function stallFigure({ probe, histogram, cpu, longest }: Stall<unknown>): Pick<Row, 'value' | 'goal' | 'ok'> {
  const wall = Math.max(probe, histogram);
  const split = Number.isNaN(longest.ran) ? '' : `: ran ${fmt(longest.ran, 1)}, waited for a core ${fmt(longest.queued, 1)}, blocked ${fmt(longest.blocked, 1)}`;
  const ran = Number.isNaN(cpu) ? '' : `; most the server's thread ran in one gap ${fmt(cpu, 1)} ms`;
  return { value: `${fmt(probe, 1)} ms${split} (histogram max ${fmt(histogram, 1)} ms${ran})`, goal: '<= 50 ms', ok: (Number.isNaN(cpu) ? wall : cpu) <= 50 };
}
