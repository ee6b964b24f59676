// The clock and the UID source handed to requests. Only bin/ and the app choose which.
import { randomUUID } from 'node:crypto';

export interface Clock {
  now(): string;
}
export interface IdSource {
  next(): string;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The second the clock last read, and its text: every request reads the clock, the text changes once a second. */
let second = NaN;
let secondText = '';

export const systemClock: Clock = {
  now: () => {
    const s = Math.floor(Date.now() / 1000);
    if (s !== second) {
      secondText = iso(new Date(s * 1000));
      second = s;
    }
    return secondText;
  },
};

export function frozenClock(at = '2026-01-01T00:00:00+00:00'): Clock {
  return { now: () => at };
}

/** A clock the caller moves by hand (tests of expiry). */
export function manualClock(start = '2026-01-01T00:00:00+00:00') {
  let t = Date.parse(start);
  return {
    now: () => iso(new Date(t)),
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}

export const randomIds: IdSource = { next: () => randomUUID().replace(/-/g, '') };

export function sequentialIds(start = 1): IdSource {
  let n = start;
  return { next: () => (n++).toString(16).padStart(32, '0') };
}
