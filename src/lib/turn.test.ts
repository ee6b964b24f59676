import { describe, expect, it } from 'vitest';
import { mapInTurns, runInTurns, runNow, TURN_BUDGET_MS, type Steps } from './turn.ts';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('work in turns', () => {
  it('mapInTurns keeps order and lets other work run between slices of TURN_BUDGET_MS', async () => {
    const seen: number[] = [];
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const out = await mapInTurns([1, 2, 3, 4, 5, 6, 7, 8], (n) => {
      busy(TURN_BUDGET_MS / 2 + 1);
      seen.push(n);
      return n * 10;
    });
    clearInterval(timer);
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(others).toBeGreaterThanOrEqual(2);
  });

  it('steps (a generator) run at once or in turns give the same value; in turns, other work runs between slices', async () => {
    function* walk(n: number, slow: boolean): Steps<number[]> {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        if (slow) busy(TURN_BUDGET_MS / 2 + 1);
        out.push(i * i);
        yield;
      }
      return out;
    }
    expect(runNow(walk(5, false))).toEqual([0, 1, 4, 9, 16]);
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const out = await runInTurns(walk(8, true));
    clearInterval(timer);
    expect(out).toEqual(runNow(walk(8, false)));
    expect(others).toBeGreaterThanOrEqual(2);
  });
});
