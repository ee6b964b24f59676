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
// code that can use them without joining them (a base64 upload decoded slice by slice). The
// values themselves are made in lib/json-literal-values.ts.
import { ApiError } from './errors.ts';
import { nextTurn } from './turn.ts';
import { escapeSafeCut, isPlain, literalParts, pacer, plainRun, plainValues, plainWhole, WHOLE_FROM, type Literal } from './json-literal-values.ts';

export { escapeSafeCut, WHOLE_FROM };

/** String literals at least this many bytes long are cut out and made in slices. */
export const LONG_LITERAL = 64 * 1024;

/** Bytes of a long literal made in one turn. */
const SLICE = 512 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;


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

/** Literals and bytes scanned between two turns: a body of megabytes is scanned in turns. */
const SCAN_LITERALS = 32 * 1024;
const SCAN_BYTES = 1024 * 1024;

/** The string values of `bytes` at least `floor` bytes long, in order (member names stay in place, whatever their length). */
async function literalsFrom(bytes: Buffer, floor: number): Promise<Literal[]> {
  const found: Literal[] = [];
  let seen = 0;
  let scanned = 0;
  for (let at = bytes.indexOf(QUOTE); at !== -1; ) {
    const end = skipLiteral(bytes, at);
    if (end - at >= floor && bytes[end - 1] === QUOTE && end - at >= 2 && !isName(bytes, end)) found.push({ start: at, end });
    if (++seen % SCAN_LITERALS === 0 || end - scanned >= SCAN_BYTES) {
      scanned = end;
      await nextTurn();
    }
    at = end >= bytes.length ? -1 : bytes.indexOf(QUOTE, end);
  }
  return found;
}

/** Bytes a literal's stand-in takes in the text JSON.parse reads (`"\u0000<tag>#<n>"`). */
const STAND_IN_BYTES = 32;

/** Most values shorter than `minLength` cut out of one body (each costs a stand-in and a look-up). */
export const MAX_CUTS = 8000;

/**
 * The literals to cut out: those at least `minLength` long, and then the longest of the others
 * (at most `maxCuts`, chosen by powers of two of their length) until the text left for JSON.parse
 * is at most `target` bytes (a body of many strings each a little shorter than `minLength` is
 * otherwise one JSON.parse of megabytes). Undefined when the text left is still over `restMax`.
 */
function literalsToCut(found: Literal[], total: number, minLength: number, target: number, restMax: number, maxCuts: number): Literal[] | undefined {
  const size = (lit: Literal) => lit.end - lit.start;
  const bitsOf = (lit: Literal) => 31 - Math.clz32(size(lit));
  const count = new Float64Array(33);
  const bytes = new Float64Array(33);
  let rest = total;
  for (const lit of found) {
    if (size(lit) >= minLength) rest -= size(lit) - STAND_IN_BYTES;
    else if (size(lit) > STAND_IN_BYTES) {
      count[bitsOf(lit)]++;
      bytes[bitsOf(lit)] += size(lit) - STAND_IN_BYTES;
    }
  }
  // whole powers of two from the longest down, then part of the last one
  let whole = 33;
  let partial = -1;
  let room = maxCuts;
  for (let bits = 32; bits >= 0 && rest > target && room > 0; bits--) {
    if (!count[bits]) continue;
    if (count[bits] <= room && rest - bytes[bits] >= target) {
      rest -= bytes[bits];
      room -= count[bits];
      whole = bits;
      continue;
    }
    // part of this power of two, in the body's order
    partial = bits;
    for (const lit of found) {
      if (rest <= target || room === 0) break;
      if (size(lit) >= minLength || size(lit) <= STAND_IN_BYTES || bitsOf(lit) !== bits) continue;
      rest -= size(lit) - STAND_IN_BYTES;
      room--;
    }
    break;
  }
  if (rest > restMax) return undefined;
  let partTaken = partial >= 0 ? maxCuts - room - countFrom(count, whole) : 0;
  return found.filter((lit) => {
    const n = size(lit);
    if (n >= minLength) return true;
    if (n <= STAND_IN_BYTES) return false;
    const bits = bitsOf(lit);
    if (bits >= whole) return true;
    if (bits !== partial || partTaken === 0) return false;
    partTaken--;
    return true;
  });
}

/** Literals counted in the powers of two from `bits` up. */
function countFrom(count: Float64Array, bits: number): number {
  let n = 0;
  for (let b = bits; b < count.length; b++) n += count[b];
  return n;
}

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };

/** The parts of long string values, by the object that holds them and the member's name. */
const partsByObject = new WeakMap<object, Map<string, string[]>>();

/** The slices of the long string value `object[name]` made by parseJsonInTurns, if it is one. */
export const partsOf = (object: object, name: string): readonly string[] | undefined => partsByObject.get(object)?.get(name);

/** A base64 upload's data (`{data, encoding: 'base64'}`): decoded from its parts, never needed whole. */
const isUploadData = (object: { [name: string]: Json }, name: string) => name === 'data' && object.encoding === 'base64';

/** The stand-ins in `value` that stand for a base64 upload's data (its depth is bounded by the limit check). */
function uploadStandIns(value: Json, isStandIn: (s: string) => boolean, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) uploadStandIns(item, isStandIn, found);
  else if (value && typeof value === 'object') {
    for (const name of Object.keys(value)) {
      const member = value[name];
      if (typeof member === 'string') {
        if (isUploadData(value, name) && isStandIn(member)) found.add(member);
      } else uploadStandIns(member, isStandIn, found);
    }
  }
  return found;
}

/**
 * Puts the values of `parts` in place of the stand-ins in `value` (its depth is bounded by the
 * limit check); `whole` receives the values that will be needed in one piece.
 */
function putBack(value: Json, parts: Map<string, string[]>, whole: string[]): Json {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const long = typeof value[i] === 'string' ? parts.get(value[i] as string) : undefined;
      if (long) {
        value[i] = joined(long);
        if (long.length > 1) whole.push(value[i] as string);
      }
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
      if (long.length > 1 && !isUploadData(value, name)) whole.push(text);
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

export interface JsonInTurnsOptions {
  /** String values at least this many bytes long are always cut out. */
  minLength?: number;
  /** Bytes of a value made in one turn (and of work between two turns). */
  slice?: number;
  /** Bytes of text JSON.parse should read at most in one step: shorter values are cut out too until it fits. */
  target?: number;
  /** Bytes of text JSON.parse reads at most: a body that cannot be cut down to it is refused. */
  restMax?: number;
  /** Values shorter than this are never cut out. */
  floor?: number;
  /** Most values shorter than `minLength` cut out. */
  maxCuts?: number;
  /** Most bytes of one string value, but for a base64 upload's data (MAX_VALUE_BYTES). */
  maxValue?: number;
}

/** Bytes JSON.parse should read in one step (decoding and parsing 1 MB take ~5 ms each). */
export const REST_TARGET = 1024 * 1024;
/** Most bytes JSON.parse reads in one step (decoding and parsing 4 MB take ~20 ms each). */
export const REST_MAX = 4 * 1024 * 1024;

/** Values shorter than this stay in the text JSON.parse reads (cutting them gains little). */
const CUT_FLOOR = 1024;

/**
 * Most bytes of one string value in a body (its literal's bytes), but for a base64 upload's data:
 * a string value is made in one piece, and making megabytes of fresh memory at once costs other
 * callers several milliseconds per MiB (file data is decoded a slice at a time instead).
 */
export const MAX_VALUE_BYTES = 4 * 1024 * 1024;

const valueTooLong = (max: number) =>
  new ApiError(400, 'DeserializationError', `Request body refused: a string value of more than ${max} bytes. File data goes base64-encoded ({"data": …, "encoding": "base64"}) or through TUS (@tus-upload).`, 'service');

const restTooLong = (restMax: number) =>
  new ApiError(400, 'DeserializationError', `Request body refused: JSON with more than ${restMax} bytes outside its long string values.`, 'service');

/**
 * JSON.parse of the UTF-8 text of `bytes`, with its long string values made a slice per turn.
 * `check` sees the text that JSON.parse parses (long values left out) before it does. Throws what
 * JSON.parse throws (a SyntaxError) for a body it refuses, and a 400 ApiError for a body whose
 * text outside long values is over `restMax` bytes.
 */
export async function parseJsonInTurns(bytes: Uint8Array, check: (text: string) => void = () => undefined, options: JsonInTurnsOptions = {}): Promise<unknown> {
  const { minLength = LONG_LITERAL, slice = SLICE, restMax = REST_MAX, floor = CUT_FLOOR, maxCuts = MAX_CUTS, maxValue = MAX_VALUE_BYTES } = options;
  const target = Math.min(options.target ?? REST_TARGET, restMax);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (body.length < minLength && body.length <= target) {
    const text = new TextDecoder().decode(body);
    check(text);
    return JSON.parse(text);
  }
  const found = await literalsFrom(body, body.length > target ? Math.min(minLength, floor) : minLength);
  const literals = literalsToCut(found, body.length, minLength, target, restMax, maxCuts);
  if (!literals) throw restTooLong(restMax);
  // A stand-in no caller can foresee: a random tag that does not occur in the rest of the body.
  const tag = `\u0000${Math.random().toString(36).slice(2)}`;
  const stand = (i: number) => `${tag}#${i}`;
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < literals.length; i++) {
    if (i % 1000 === 999) await nextTurn();
    pieces.push(body.subarray(at, literals[i].start), Buffer.from(JSON.stringify(stand(i))));
    at = literals[i].end;
  }
  pieces.push(body.subarray(at));
  // Joining, decoding, checking and parsing text of megabytes: a turn between each.
  const joinedBytes = literals.length ? Buffer.concat(pieces) : body;
  await nextTurn();
  const rest = new TextDecoder().decode(joinedBytes);
  await nextTurn();
  check(rest);
  await nextTurn();
  const skeleton = JSON.parse(rest) as Json;
  if (!literals.length) return skeleton;
  const pace = pacer(slice);
  const parts = new Map<string, string[]>();
  const uploads = uploadStandIns(skeleton, (s) => s.startsWith(tag));
  for (let i = 0; i < literals.length; i++) if (literals[i].end - literals[i].start - 2 > maxValue && !uploads.has(stand(i))) throw valueTooLong(maxValue);
  for (let i = 0; i < literals.length; ) {
    const run = plainRun(body, literals, i, slice);
    const lit = literals[i];
    if (lit.end - lit.start - 2 >= WHOLE_FROM && !uploads.has(stand(i)) && isPlain(body, lit)) {
      parts.set(stand(i), [await plainWhole(body, lit, slice, pace)]);
      i++;
    } else if (run > 1) {
      const values = await plainValues(body, literals.slice(i, i + run), pace);
      values.forEach((value, k) => parts.set(stand(i + k), [value]));
      i += run;
    } else {
      parts.set(stand(i), await literalParts(body, literals[i], slice, pace));
      i++;
    }
  }
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
