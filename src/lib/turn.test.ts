import { describe, expect, it } from 'vitest';
import { mapInTurns, TURN_BUDGET_MS } from './turn.ts';

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
});
