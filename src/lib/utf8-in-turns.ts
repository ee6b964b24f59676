// A text of megabytes as UTF-8 bytes, encoded a slice per turn into one buffer: to hand it to a
// worker thread as bytes (moved, not copied), with no single step touching all of its memory.
import { BIG_INPUT, nextTurn } from './turn.ts';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** `text` as UTF-8 (a lone surrogate as U+FFFD, as TextEncoder writes it), a slice per turn. */
export async function encodeInTurns(text: string, slice = BIG_INPUT / 2): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  // not zero-filled (a zeroed buffer of megabytes is one step that touches all of its fresh
  // memory), and never a slice of Node's shared pool: the buffer may be moved to a worker
  const out = Buffer.allocUnsafeSlow(text.length * 3);
  let written = 0;
  for (let at = 0; at < text.length; ) {
    await nextTurn();
    let end = Math.min(text.length, at + slice);
    // never between the two halves of a pair: the cut moves back, or on when the slice is one unit
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end += end - at > 1 ? -1 : 1;
    written += encoder.encodeInto(text.slice(at, end), out.subarray(written)).written;
    at = end;
  }
  return out.subarray(0, written);
}
