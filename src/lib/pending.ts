// Work a request cannot do in one go without holding up other callers (filtering megabytes of
// rich text) is done elsewhere (a worker thread) while the request waits: the pure, synchronous
// code that needs the result throws `Pending` with a promise of it, and the caller that can wait
// (dispatch around a handler and an answer, a listing around each item) waits for the promise and
// runs the same code again. That code is a pure function of an immutable state, so running it
// again gives what it would have given in one go.

export class Pending extends Error {
  /** Settles when the awaited work is done (it never rejects: a failure means "do it here"). */
  readonly ready: Promise<void>;

  constructor(ready: Promise<unknown>) {
    super('Pending: work done apart is not ready yet');
    this.ready = ready.then(
      () => undefined,
      () => undefined,
    );
  }
}

/** How many times one computation waits before it does the work itself, whatever it costs. */
export const MAX_WAITS = 16;

let finishing = 0;

/** False while a computation that has waited MAX_WAITS times runs: work is then done in place. */
export const mayWait = () => finishing === 0;

function finish<T>(run: () => T): T {
  finishing++;
  try {
    return run();
  } finally {
    finishing--;
  }
}

/**
 * `run()`, run again after each `Pending` it throws (or its promise rejects with) once that work
 * is ready; synchronous when nothing is pending.
 */
export function untilReady<T>(run: () => T, waits = MAX_WAITS): T | Promise<Awaited<T>> {
  let out: T;
  try {
    out = waits > 0 ? run() : finish(run);
  } catch (err) {
    if (!(err instanceof Pending) || waits <= 0) throw err;
    return err.ready.then(() => untilReady(run, waits - 1)) as Promise<Awaited<T>>;
  }
  if (out instanceof Promise) {
    return out.catch((err: unknown) => {
      if (!(err instanceof Pending) || waits <= 0) throw err;
      return err.ready.then(() => untilReady(run, waits - 1));
    }) as Promise<Awaited<T>>;
  }
  return out;
}
