// runWaits runs a computation at once while it yields no promise, then goes on as an async
// function would: a promise's value is given back where it was yielded, a rejection thrown there.
import { describe, expect, it } from 'vitest';
import { runWaits, type Waits } from './waits.ts';

describe('runWaits', () => {
  it('answers at once (no promise) when nothing yielded is a promise, giving each value back', () => {
    function* steps(): Waits<number> {
      const a: number = yield 1;
      const b: number = yield a + 1;
      return a + b;
    }
    expect(runWaits(steps())).toBe(3);
  });

  it('goes on after a promise, with its value, and at once again after it', async () => {
    const seen: string[] = [];
    function* steps(): Waits<string> {
      const a: string = yield Promise.resolve('a');
      seen.push(a);
      const b: string = yield 'b';
      seen.push(b);
      const c: string = yield new Promise((r) => setTimeout(() => r('c'), 1));
      return a + b + c;
    }
    const result = runWaits(steps());
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe('abc');
    expect(seen).toEqual(['a', 'b']);
  });

  it('throws a rejection where the promise was yielded (a try there catches it), and rejects with what escapes', async () => {
    function* caught(): Waits<string> {
      try {
        yield Promise.reject(new Error('no'));
        return 'not here';
      } catch (err) {
        return `caught ${(err as Error).message}`;
      }
    }
    expect(await runWaits(caught())).toBe('caught no');
    function* escapes(): Waits<string> {
      yield Promise.resolve(1);
      throw new Error('out');
    }
    await expect(runWaits(escapes())).rejects.toThrow('out');
    function* atOnce(): Waits<string> {
      yield 1;
      throw new Error('now');
    }
    expect(() => runWaits(atOnce())).toThrow('now');
  });

  it('runs finally blocks on both paths', async () => {
    const done: string[] = [];
    function* steps(wait: boolean): Waits<void> {
      try {
        yield wait ? Promise.resolve() : undefined;
      } finally {
        done.push(wait ? 'async' : 'sync');
      }
    }
    runWaits(steps(false));
    await runWaits(steps(true));
    expect(done).toEqual(['sync', 'async']);
  });
});
