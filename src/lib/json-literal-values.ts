// The values of string literals cut out of a request body (lib/json-in-turns.ts), made from the
// body's bytes a slice per turn: escaped or non-ASCII literals decoded and unescaped slice by
// slice, plain ones as slices of the bytes, close ones as slices of one string, and a plain one
// of a MiB or more in one copy held outside the JS heap.
import { isAscii } from 'node:buffer';
import { nextTurn } from './turn.ts';

const BACKSLASH = 0x5c;
const CONTROL = /[\u0000-\u001f]/;

export interface Literal {
  /** Index of the opening quote. */
  start: number;
  /** Index just after the closing quote. */
  end: number;
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

/** A function called before each piece of work of `bytes`: a turn when the work since the last one would exceed `budget` bytes. */
export type Pace = (bytes: number) => Promise<void> | undefined;

export function pacer(budget: number): Pace {
  let spent = budget; // the first piece of work waits for a turn of its own
  return (bytes) => {
    if (spent + bytes <= budget) {
      spent += bytes;
      return undefined;
    }
    spent = bytes;
    return nextTurn();
  };
}

/** The parts of the value of the literal `bytes[start, end)` (quotes included), at most `slice` bytes each, with turns between. */
export async function literalParts(bytes: Buffer, { start, end }: Literal, slice: number, pace: Pace): Promise<string[]> {
  const from = start + 1;
  const to = end - 1;
  const content = bytes.subarray(from, to);
  const parts: string[] = [];
  if (content.indexOf(BACKSLASH) === -1 && isAscii(content)) {
    for (let at = from; at < to; at += slice) {
      const cut = Math.min(to, at + slice);
      await pace(cut - at);
      const part = bytes.toString('latin1', at, cut);
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
    const cut = Math.min(to, at + slice);
    await pace(cut - at);
    const text = carry + decoder.decode(bytes.subarray(at, cut), { stream: cut < to });
    const safe = cut === to ? text.length : escapeSafeCut(text, 0, text.length);
    parts.push(JSON.parse(`"${text.slice(0, safe)}"`) as string);
    carry = text.slice(safe);
    at = cut;
  }
  if (carry) parts.push(JSON.parse(`"${carry}"`) as string);
  return parts;
}

/** Whether the content of `lit` is ASCII without escapes: its bytes are its characters. */
export const isPlain = (bytes: Buffer, lit: Literal) => {
  const content = bytes.subarray(lit.start + 1, lit.end - 1);
  return content.indexOf(BACKSLASH) === -1 && isAscii(content);
};

/** How many plain literals from `literals[i]` on fit in one span of at most `slice` bytes (0 or 1: none to group). */
export function plainRun(bytes: Buffer, literals: Literal[], i: number, slice: number): number {
  let n = 0;
  while (i + n < literals.length && literals[i + n].end - literals[i].start <= slice && isPlain(bytes, literals[i + n])) n++;
  return n;
}

/**
 * The values of plain literals lying close together, made as slices of one string of the bytes
 * they span. Made one by one, values of tens of kilobytes are young objects that the collector
 * copies, megabytes at a time, in one pause; one string of the span is large enough to be made
 * where objects are never copied, and a slice of it is a small object that refers to it.
 */
export async function plainValues(bytes: Buffer, run: Literal[], pace: Pace): Promise<string[]> {
  const from = run[0].start + 1;
  const to = run[run.length - 1].end - 1;
  await pace(to - from);
  const span = bytes.toString('latin1', from, to);
  return run.map((lit) => {
    const value = span.slice(lit.start + 1 - from, lit.end - 1 - from);
    if (CONTROL.test(value)) throw new SyntaxError('Bad control character in string literal in JSON');
    return value;
  });
}

/**
 * Plain literals at least this long that are needed whole are made in one piece, as a string
 * whose characters live outside the JS heap (Node makes such a string for a latin1 text of a MiB
 * or more): one copy of the body's bytes, into memory the process has often used before. Made
 * in slices and joined, the value would have to be copied once more into fresh heap memory, all
 * at once, the first time it is read.
 */
export const WHOLE_FROM = 1024 * 1024;

/** Whether `bytes[from, to)` holds a control character (JSON allows none in a string literal). */
function hasControl(bytes: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] < 0x20) return true;
  return false;
}

/** The value of the plain literal `lit` in one piece (see WHOLE_FROM), its bytes checked a slice per turn. */
export async function plainWhole(bytes: Buffer, lit: Literal, slice: number, pace: Pace): Promise<string> {
  const from = lit.start + 1;
  const to = lit.end - 1;
  for (let at = from; at < to; at += slice) {
    const cut = Math.min(to, at + slice);
    await pace(cut - at);
    if (hasControl(bytes, at, cut)) throw new SyntaxError('Bad control character in string literal in JSON');
  }
  await nextTurn();
  return bytes.toString('latin1', from, to);
}
