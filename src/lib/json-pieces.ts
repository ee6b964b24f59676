// The JSON text of an answer that holds long strings (a rich text of megabytes), without writing
// it in one step. JSON.stringify of such a value makes a rope of megabytes that must then be
// copied into one piece before it can be sent: two long steps of fresh memory. Instead the long
// strings are left out of the text (a short stand-in each, found again by a random tag) and kept
// as they are, to be escaped a slice at a time while the answer is sent (src/http/text-stream.ts).

/** Strings at least this long are kept apart from the text around them. */
export const LONG_STRING = 64 * 1024;

/**
 * A string value held as the UTF-8 bytes of its JSON literal (quotes included), made apart from
 * this thread (the safe-HTML filter's worker): an answer writes the bytes as they are, and the
 * string itself is never made here. Made in one piece, a value of megabytes is one long step of
 * fresh memory (a worker's string answer is copied into this thread's heap all at once).
 */
export class EncodedString {
  /** `length`: characters of the value. */
  constructor(readonly bytes: Uint8Array, readonly length: number) {}

  /** The value itself, made in one step: for readers other than answers (JSON.stringify elsewhere). */
  text(): string {
    return JSON.parse(new TextDecoder().decode(this.bytes)) as string;
  }

  toJSON(): string {
    return this.text();
  }
}

/** A piece of JSON text: text as it is, a string value still to be written as a JSON string, or one written already. */
export type JsonPiece = string | { readonly value: string } | EncodedString;

/** Most characters of string values JSON.stringify writes in one step: longer ones are kept apart until the rest fits. */
export const TEXT_MAX = 1024 * 1024;

/**
 * Strings shorter than this are never kept apart: each piece costs a look-up in the text, so
 * pieces of a few characters would cost more than the one long step they spare. The same floor
 * as the request parser's cuts (lib/json-in-turns.ts): what a body could hold in strings of a
 * few KiB each (thousands of subjects of 4 KB, 12 MB) is answered in pieces too.
 */
export const APART_FLOOR = 1024;
/** Slot of `sums` for the strings of at least `min` characters. */
const LONG_SLOT = 32;

/**
 * Adds the length of every string of `value` to `sums`: those of at least `min` characters to
 * LONG_SLOT, the others by the power of two at or below their length (its depth is bounded: it was made here).
 */
function addLengths(value: unknown, min: number, sums: Float64Array, holders?: Set<object>): void {
  if (typeof value === 'string') {
    const n = value.length;
    sums[n >= min ? LONG_SLOT : n < 2 ? 0 : 31 - Math.clz32(n)] += n;
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (value instanceof EncodedString) {
    sums[LONG_SLOT] += Math.max(value.length, min);
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] instanceof EncodedString) holders?.add(value);
      addLengths(value[i], min, sums, holders);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const name in record) {
    if (record[name] instanceof EncodedString) holders?.add(record);
    addLengths(record[name], min, sums, holders);
  }
}

/** `room` less the characters of `value`'s strings, or -1 when one is kept apart for sure (`min` characters or more, an EncodedString) or they are more than `room`. */
function roomAfter(value: unknown, min: number, room: number): number {
  if (typeof value === 'string') return value.length < min && value.length <= room ? room - value.length : -1;
  if (typeof value !== 'object' || value === null) return room;
  if (value instanceof EncodedString) return -1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && room >= 0; i++) room = roomAfter(value[i], min, room);
    return room;
  }
  const record = value as Record<string, unknown>;
  for (const name in record) if ((room = roomAfter(record[name], min, room)) < 0) return -1;
  return room;
}

/**
 * Whether no string of `value` is kept apart, seen at once: none of `min` characters or more, no
 * EncodedString, all of them together at most `textMax` characters (the strings addLengths
 * counts). One walk that makes nothing and stops at the first string too long; false says only
 * that apartFrom must count (a short answer, every answer but a rare few, never gets there).
 */
const fitsWhole = (value: unknown, min: number, textMax: number): boolean => roomAfter(value, min, textMax) >= 0;

/**
 * The length from which strings of `value` are kept apart: `min`, or less when the shorter
 * strings add up to more than `textMax` characters (the longest of them go apart first);
 * undefined when no string is kept apart.
 */
export function apartFrom(value: unknown, min = LONG_STRING, textMax = TEXT_MAX, floor = APART_FLOOR, holders?: Set<object>): number | undefined {
  return fitsWhole(value, min, textMax) ? undefined : countedApartFrom(value, min, textMax, floor, holders);
}

/** apartFrom by counting the strings' lengths, without the quick look of fitsWhole first (exported for its test). */
export function countedApartFrom(value: unknown, min = LONG_STRING, textMax = TEXT_MAX, floor = APART_FLOOR, holders?: Set<object>): number | undefined {
  const floorBits = Math.ceil(Math.log2(Math.max(2, floor)));
  const sums = new Float64Array(LONG_SLOT + 1);
  addLengths(value, min, sums, holders);
  let rest = 0;
  for (let bits = 0; bits < LONG_SLOT; bits++) rest += sums[bits];
  let apart = sums[LONG_SLOT];
  let from = min;
  for (let bits = 31 - Math.clz32(Math.max(1, min - 1)); bits >= floorBits && rest > textMax; bits--) {
    if (!sums[bits]) continue;
    from = 2 ** bits;
    apart += sums[bits];
    rest -= sums[bits];
  }
  return apart > 0 ? from : undefined;
}

/** Whether `value` holds a string of at least `min` characters. */
export const holdsLongString = (value: unknown, min = LONG_STRING): boolean => apartFrom(value, min, Infinity) !== undefined;

/**
 * The JSON text of `value` as pieces when it holds long strings, or strings that add up to more
 * than TEXT_MAX (each such string a piece of its own, not yet escaped); undefined when it holds
 * none (JSON.stringify is then the way).
 */
export function jsonPieces(value: unknown, min = LONG_STRING, textMax = TEXT_MAX, floor = APART_FLOOR): JsonPiece[] | undefined {
  // the objects and arrays holding an EncodedString: JSON.stringify would call its toJSON (the
  // text, made in one step) before a replacer sees it, so the holder is replaced by a copy with
  // a stand-in in its place
  if (fitsWhole(value, min, textMax)) return undefined;
  const holders = new Set<object>();
  const from = countedApartFrom(value, min, textMax, floor, holders);
  if (from === undefined) return undefined;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const tag = `long-${Math.random().toString(36).slice(2)}-`;
    const long: (string | EncodedString)[] = [];
    const standIn = (v: string | EncodedString) => tag + (long.push(v) - 1);
    const text = JSON.stringify(value, (_name, v: unknown) => {
      if (typeof v === 'string') return v.length >= from ? standIn(v) : v;
      return v !== null && typeof v === 'object' && holders.has(v) ? withStandIns(v, standIn) : v;
    });
    const pieces = split(text, tag, long);
    if (pieces) return pieces;
  }
  return undefined; // the tag kept occurring in the text itself (never seen): JSON.stringify is the way
}

/** Tags tried before giving up on pieces (a random tag occurs in an answer's text by chance only). */
const MAX_TRIES = 4;

/** A copy of `holder` (an object or array) with a stand-in for each EncodedString member, in order. */
function withStandIns(holder: object, standIn: (v: EncodedString) => string): unknown {
  const put = (v: unknown) => (v instanceof EncodedString ? standIn(v) : v);
  if (Array.isArray(holder)) return holder.map(put);
  // without a prototype: a member named `__proto__` stays a member
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of Object.keys(holder)) copy[name] = put((holder as Record<string, unknown>)[name]);
  return copy;
}

/**
 * `text` cut at each stand-in `"<tag><n>"`, the n-th long string in its place, in the order they
 * occur (not the order they were numbered: a holder's copy numbers its members before the text
 * of earlier siblings is made); undefined if the tag occurs elsewhere or a stand-in is missing.
 */
function split(text: string, tag: string, long: readonly (string | EncodedString)[]): JsonPiece[] | undefined {
  const pieces: JsonPiece[] = [];
  let at = 0;
  let seen = 0;
  for (let found = text.indexOf(tag); found !== -1; found = text.indexOf(tag, at)) {
    let end = found + tag.length;
    let n = 0;
    while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) n = n * 10 + text.charCodeAt(end++) - 0x30;
    // a stand-in is a whole JSON string: a quote, the tag, its number, a quote
    if (text.charCodeAt(found - 1) !== 0x22 || end === found + tag.length || text.charCodeAt(end) !== 0x22 || n >= long.length) return undefined;
    if (found - 1 > at) pieces.push(text.slice(at, found - 1));
    const value = long[n];
    pieces.push(typeof value === 'string' ? { value } : value);
    at = end + 1;
    seen++;
  }
  if (seen !== long.length) return undefined;
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

/** The whole JSON text of `pieces` (for in-process readers; long values are escaped here). */
export const joinPieces = (pieces: readonly JsonPiece[]): string =>
  pieces.map((p) => (typeof p === 'string' ? p : p instanceof EncodedString ? new TextDecoder().decode(p.bytes) : JSON.stringify(p.value))).join('');
