import { describe, expect, it } from 'vitest';
import { MAX_WAITS, mayWait, Pending, untilReady } from './pending.ts';

describe('untilReady', () => {
  it('answers at once (not a promise) when nothing is pending', () => {
    expect(untilReady(() => 42)).toBe(42);
  });

  it('runs again once the pending work is ready, as often as needed', async () => {
    const ready = new Set<number>();
    let runs = 0;
    const need = (n: number) => {
      if (!ready.has(n)) throw new Pending(Promise.resolve().then(() => ready.add(n)));
    };
    const out = untilReady(() => {
      runs++;
      need(1);
      need(2);
      return 'done';
    });
    expect(out).toBeInstanceOf(Promise);
    expect(await out).toBe('done');
    expect(runs).toBe(3);
  });

  it('also when an async computation rejects with Pending; a failed work counts as ready', async () => {
    let waited = false;
    const out = await untilReady(async () => {
      if (!waited) {
        waited = true;
        throw new Pending(Promise.reject(new Error('worker gone')));
      }
      return 'after';
    });
    expect(out).toBe('after');
  });

  it('after MAX_WAITS waits runs once more with mayWait() false; other errors pass through', async () => {
    const seen: boolean[] = [];
    const out = await untilReady(() => {
      seen.push(mayWait());
      if (mayWait()) throw new Pending(Promise.resolve());
      return 'in place';
    });
    expect(out).toBe('in place');
    expect(seen).toHaveLength(MAX_WAITS + 1);
    expect(seen.at(-1)).toBe(false);
    expect(mayWait()).toBe(true);
    expect(() => untilReady(() => { throw new TypeError('x'); })).toThrow(TypeError);
  });
});
