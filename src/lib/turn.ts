// Long work on one request gives other callers a turn between its big synchronous steps
// (decoding, parsing and storing a body of megabytes), so none of them waits for all of it.
import { untilReady } from './pending.ts';

/** Bodies (and values) at least this long give the event loop a turn between steps. */
export const BIG_INPUT = 1024 * 1024;

/**
 * Resolves after the event loop has served what is waiting (I/O, timers, other requests). One
 * setImmediate is not enough when called from a request's handler: that runs in the loop's poll
 * phase, and the immediate in the check phase right after it, with no timers or I/O in between;
 * the second immediate runs only after a whole round of the loop.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** A turn only for big inputs (length in bytes or characters). */
export const turnIfBig = (length: number): Promise<void> | undefined => (length >= BIG_INPUT ? nextTurn() : undefined);

/** Work of one request between two turns, in milliseconds (the stall goal is 50 ms). */
export const TURN_BUDGET_MS = 10;

/** Lists at most this long are mapped in one go (their cost is small whatever the items). */
export const FEW_ITEMS = 50;

/**
 * `items.map(fn)`, giving the event loop a turn whenever a slice of the work has run
 * TURN_BUDGET_MS; an item whose `fn` waits for work done apart (lib/pending.ts) is mapped again then.
 */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let since = performance.now();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const mapped = untilReady(() => fn(item, i));
    if (mapped instanceof Promise) {
      out[i] = (await mapped) as R;
      since = performance.now();
    } else out[i] = mapped;
    if (performance.now() - since >= TURN_BUDGET_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
  return out;
}

/** A computation that may pause between its steps (`yield`): run at once or in turns. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end at once. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs `steps` to the end, giving the event loop a turn whenever TURN_BUDGET_MS of them have run. */
export async function runInTurns<T>(steps: Steps<T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - since >= TURN_BUDGET_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
}
