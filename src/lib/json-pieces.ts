// The JSON text of an answer that holds long strings (a rich text of megabytes), without writing
// it in one step. JSON.stringify of such a value makes a rope of megabytes that must then be
// copied into one piece before it can be sent: two long steps of fresh memory. Instead the long
// strings are left out of the text (a short stand-in each, found again by a random tag) and kept
// as they are, to be escaped a slice at a time while the answer is sent (src/http/text-stream.ts).

/** Strings at least this long are kept apart from the text around them. */
export const LONG_STRING = 64 * 1024;

/** A piece of JSON text: text as it is, or a string value still to be written as a JSON string. */
export type JsonPiece = string | { readonly value: string };

/** Whether `value` holds a string of at least `min` characters (its depth is bounded: it was made here). */
export function holdsLongString(value: unknown, min = LONG_STRING): boolean {
  if (typeof value === 'string') return value.length >= min;
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsLongString(value[i], min)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const name in record) if (holdsLongString(record[name], min)) return true;
  return false;
}

/**
 * The JSON text of `value` as pieces when it holds long strings (each long string a piece of
 * its own, not yet escaped); undefined when it holds none (JSON.stringify is then the way).
 */
export function jsonPieces(value: unknown, min = LONG_STRING): JsonPiece[] | undefined {
  if (!holdsLongString(value, min)) return undefined;
  for (;;) {
    const tag = `long-${Math.random().toString(36).slice(2)}-`;
    const long: string[] = [];
    const text = JSON.stringify(value, (_name, v: unknown) => (typeof v === 'string' && v.length >= min ? tag + (long.push(v) - 1) : v));
    const pieces = split(text, tag, long);
    if (pieces) return pieces;
  }
}

/** `text` cut at each stand-in `"<tag><n>"`, the n-th long string in its place; undefined if the tag occurs elsewhere. */
function split(text: string, tag: string, long: readonly string[]): JsonPiece[] | undefined {
  const pieces: JsonPiece[] = [];
  let at = 0;
  for (let i = 0; i < long.length; i++) {
    const stand = `"${tag}${i}"`;
    const found = text.indexOf(stand, at);
    if (found === -1 || text.lastIndexOf(tag, found) >= at) return undefined;
    if (found > at) pieces.push(text.slice(at, found));
    pieces.push({ value: long[i] });
    at = found + stand.length;
  }
  if (text.indexOf(tag, at) !== -1) return undefined;
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

/** The whole JSON text of `pieces` (for in-process readers; long values are escaped here). */
export const joinPieces = (pieces: readonly JsonPiece[]): string => pieces.map((p) => (typeof p === 'string' ? p : JSON.stringify(p.value))).join('');
