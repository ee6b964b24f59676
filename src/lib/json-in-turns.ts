// JSON.parse of a request body of megabytes without one long step. Such a body's time goes to its
// long string values (a base64 upload, a long rich text): made in one piece, a string of megabytes
// costs tens of milliseconds (its memory is new, every page of it touched at once). So the long
// literals are found in the body's bytes first (quote to quote, as the limit check finds them),
// the rest of the body (small) is given to JSON.parse with a short stand-in for each, and each
// long value is then made a slice per turn and joined by concatenation (V8 joins strings without
// copying them). A literal of plain ASCII without escapes is taken as it is; any other is decoded
// (UTF-8, as TextDecoder decodes the whole body) and unescaped by JSON.parse, slice by slice.
// JSON.parse does all of the parsing and the checking: a body it refuses is refused, and a body
// it accepts gives the same value. The slices of each long value stay at hand (`partsOf`) for
// code that can use them without joining them (a base64 upload decoded slice by slice).
import { isAscii } from 'node:buffer';
import { nextTurn } from './turn.ts';

/** String literals at least this many bytes long are cut out and made in slices. */
export const LONG_LITERAL = 64 * 1024;

/** Bytes of a long literal made in one turn. */
const SLICE = 512 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const CONTROL = /[\u0000-\u001f]/;

interface Literal {
  /** Index of the opening quote. */
  start: number;
  /** Index just after the closing quote. */
  end: number;
}

/** Index just after the string literal whose opening quote is at `start` (bytes.length if unclosed). */
function skipLiteral(bytes: Buffer, start: number): number {
  for (let at = start + 1; ; ) {
    const quote = bytes.indexOf(QUOTE, at);
    if (quote === -1) return bytes.length;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Whether the literal ending at `end` is an object member's name (a colon follows it). */
function isName(bytes: Buffer, end: number): boolean {
  let at = end;
  while (isSpace(bytes[at])) at++;
  return bytes[at] === COLON;
}

/** The long string values of `bytes`, in order (member names stay in place, whatever their length). */
function longLiterals(bytes: Buffer, minLength: number): Literal[] {
  const found: Literal[] = [];
  for (let at = bytes.indexOf(QUOTE); at !== -1; ) {
    const end = skipLiteral(bytes, at);
    if (end - at >= minLength && bytes[end - 1] === QUOTE && end - at >= 2 && !isName(bytes, end)) found.push({ start: at, end });
    at = end >= bytes.length ? -1 : bytes.indexOf(QUOTE, end);
  }
  return found;
}

/**
 * Where a slice of literal content that should end near `cut` can end without splitting an
 * escape sequence (`\x` or `\uXXXX`): `from` is where the slice starts (itself such a place).
 */
export function escapeSafeCut(text: string, from: number, cut: number): number {
  let run = 0;
  while (cut - run - 1 >= from && text.charCodeAt(cut - run - 1) === BACKSLASH) run++;
  if (run % 2 === 1) cut--; // the last backslash escapes the character at `cut`
  for (let back = 1; back <= 5 && cut - back >= from; back++) {
    const p = cut - back;
    if (text.charCodeAt(p) !== BACKSLASH || text.charCodeAt(p + 1) !== 0x75) continue;
    let before = 0;
    while (p - before - 1 >= from && text.charCodeAt(p - before - 1) === BACKSLASH) before++;
    if (before % 2 === 0) return p; // `\u` starts an escape that `cut` would split
  }
  return cut;
}

/** The parts of the value of the literal `bytes[start, end)` (quotes included), a slice per turn. */
async function literalParts(bytes: Buffer, { start, end }: Literal, slice: number): Promise<string[]> {
  const from = start + 1;
  const to = end - 1;
  const parts: string[] = [];
  const escaped = bytes.indexOf(BACKSLASH, from);
  if ((escaped === -1 || escaped >= to) && isAscii(bytes.subarray(from, to))) {
    for (let at = from; at < to; at += slice) {
      await nextTurn();
      const part = bytes.toString('latin1', at, Math.min(to, at + slice));
      if (CONTROL.test(part)) throw new SyntaxError('Bad control character in string literal in JSON');
      parts.push(part);
    }
    return parts;
  }
  // Decoded as UTF-8 a slice at a time (the decoder keeps a character cut at a slice's end for
  // the next), then unescaped by JSON.parse, never cutting an escape: what is left goes with the next.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let carry = '';
  for (let at = from; at < to; ) {
    await nextTurn();
    const cut = Math.min(to, at + slice);
    const text = carry + decoder.decode(bytes.subarray(at, cut), { stream: cut < to });
    const safe = cut === to ? text.length : escapeSafeCut(text, 0, text.length);
    parts.push(JSON.parse(`"${text.slice(0, safe)}"`) as string);
    carry = text.slice(safe);
    at = cut;
  }
  if (carry) parts.push(JSON.parse(`"${carry}"`) as string);
  return parts;
}

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };

/** The parts of long string values, by the object that holds them and the member's name. */
const partsByObject = new WeakMap<object, Map<string, string[]>>();

/** The slices of the long string value `object[name]` made by parseJsonInTurns, if it is one. */
export const partsOf = (object: object, name: string): readonly string[] | undefined => partsByObject.get(object)?.get(name);

/** A base64 upload's data (`{data, encoding: 'base64'}`): decoded from its parts, never needed whole. */
const isUploadData = (object: { [name: string]: Json }, name: string) => name === 'data' && object.encoding === 'base64';

/**
 * Puts the values of `parts` in place of the stand-ins in `value` (its depth is bounded by the
 * limit check); `whole` receives the values that will be needed in one piece.
 */
function putBack(value: Json, parts: Map<string, string[]>, whole: string[]): Json {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const long = typeof value[i] === 'string' ? parts.get(value[i] as string) : undefined;
      if (long) whole.push((value[i] = joined(long)));
      else putBack(value[i], parts, whole);
    }
    return value;
  }
  if (value && typeof value === 'object') {
    for (const name of Object.keys(value)) {
      const member = value[name];
      const long = typeof member === 'string' ? parts.get(member) : undefined;
      if (!long) {
        putBack(member, parts, whole);
        continue;
      }
      const text = joined(long);
      if (!isUploadData(value, name)) whole.push(text);
      // defineProperty: a member named `__proto__` stays a member, as JSON.parse made it
      Object.defineProperty(value, name, { value: text, writable: true, enumerable: true, configurable: true });
      let held = partsByObject.get(value);
      if (!held) partsByObject.set(value, (held = new Map()));
      held.set(name, long);
    }
  }
  return value;
}

function joined(parts: string[]): string {
  let value = '';
  for (const part of parts) value += part;
  return value;
}

/**
 * JSON.parse of the UTF-8 text of `bytes`, with its long string values made a slice per turn.
 * `check` sees the text that JSON.parse parses (long values left out) before it does. Throws what
 * JSON.parse throws (a SyntaxError) for a body it refuses.
 */
export async function parseJsonInTurns(bytes: Uint8Array, check: (text: string) => void = () => undefined, minLength = LONG_LITERAL, slice = SLICE): Promise<unknown> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const literals = body.length >= minLength ? longLiterals(body, minLength) : [];
  if (!literals.length) {
    const text = new TextDecoder().decode(body);
    check(text);
    return JSON.parse(text);
  }
  // A stand-in no caller can foresee: a random tag that does not occur in the rest of the body.
  const tag = `\u0000${Math.random().toString(36).slice(2)}`;
  const stand = (i: number) => `${tag}#${i}`;
  const pieces: Uint8Array[] = [];
  let at = 0;
  literals.forEach((lit, i) => {
    pieces.push(body.subarray(at, lit.start), Buffer.from(JSON.stringify(stand(i))));
    at = lit.end;
  });
  pieces.push(body.subarray(at));
  const rest = new TextDecoder().decode(Buffer.concat(pieces));
  check(rest);
  const skeleton = JSON.parse(rest) as Json;
  const parts = new Map<string, string[]>();
  for (let i = 0; i < literals.length; i++) parts.set(stand(i), await literalParts(body, literals[i], slice));
  if (typeof skeleton === 'string') return parts.has(skeleton) ? joined(parts.get(skeleton)!) : skeleton;
  const whole: string[] = [];
  const value = putBack(skeleton, parts, whole);
  // A value joined from slices is copied into one piece the first time code reads into it (a
  // slice of it, a search in it): that copy of megabytes is made here, in a turn of its own.
  for (const text of whole) {
    await nextTurn();
    text.charCodeAt(0);
  }
  return value;
}
