// Long work on one request gives other callers a turn between its big synchronous steps
// (decoding, parsing and storing a body of megabytes), so none of them waits for all of it.

/** Bodies (and values) at least this long give the event loop a turn between steps. */
export const BIG_INPUT = 1024 * 1024;

/** Resolves after the event loop has served what is waiting (I/O, timers, other requests). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A turn only for big inputs (length in bytes or characters). */
export const turnIfBig = (length: number): Promise<void> | undefined => (length >= BIG_INPUT ? nextTurn() : undefined);
