// A computation written as a generator that yields what it waits for (instead of awaiting it):
// run at once while what it yields is no promise, so a request that never has to wait is
// answered without a promise or a turn of the microtask queue; from its first promise on it
// goes on as an async function would (a rejected promise is thrown where it was yielded).

/** A computation of `T` that yields each value it waits for and is given it back when ready. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Waits<T> = Generator<unknown, T, any>;

/** The result of `steps`: at once when nothing it yields is a promise, else a promise of it. */
export function runWaits<T>(steps: Waits<T>): T | Promise<T> {
  let next = steps.next();
  while (!next.done) {
    if (next.value instanceof Promise) return goOn(steps, next.value);
    next = steps.next(next.value);
  }
  return next.value;
}

async function goOn<T>(steps: Waits<T>, waiting: Promise<unknown>): Promise<T> {
  for (;;) {
    let next: IteratorResult<unknown, T>;
    let ready: { value: unknown } | { error: unknown };
    try {
      ready = { value: await waiting };
    } catch (error) {
      ready = { error };
    }
    next = 'value' in ready ? steps.next(ready.value) : steps.throw(ready.error);
    while (!next.done && !(next.value instanceof Promise)) next = steps.next(next.value);
    if (next.done) return next.value;
    waiting = next.value as Promise<unknown>;
  }
}
