// Decoding a base64 text of megabytes (a file uploaded in a JSON body) a slice per turn, into one
// buffer, so that other callers are answered between the slices. Node's own decoder does the
// decoding; the text is checked as before (letters, digits, + and /, whitespace, then at most two
// `=`), and whitespace is allowed anywhere in it, as Buffer.from allows it.
import { BIG_INPUT, nextTurn } from './turn.ts';

const WHOLE = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
const MIDDLE = /^[A-Za-z0-9+/\s]*$/;
const SPACE = /\s+/g;

/** Whether `text` is base64 (the check made before decoding). */
export const isBase64 = (text: string): boolean => WHOLE.test(text);

/** `text` cut in slices of `slice` characters. */
function* slices(text: string, slice: number): Generator<string> {
  for (let at = 0; at < text.length; at += slice) yield text.slice(at, at + slice);
}

/**
 * The bytes of the base64 `text`, or undefined when it is not base64. A text shorter than `slice`
 * is decoded at once; a longer one a slice per turn (`parts`: the text already in slices, whose
 * concatenation it is, as the JSON body parser leaves a long value: lib/json-in-turns.ts).
 */
export async function decodeBase64InTurns(text: string, slice = BIG_INPUT, parts?: readonly string[]): Promise<Uint8Array | undefined> {
  if (text.length < slice) return isBase64(text) ? new Uint8Array(Buffer.from(text, 'base64')) : undefined;
  const out = Buffer.alloc(Math.ceil(text.length / 4) * 3);
  let written = 0;
  let carry = '';
  let done = 0;
  for (const raw of parts ?? slices(text, slice)) {
    await nextTurn();
    done += raw.length;
    const last = done >= text.length;
    // `=` only in the last slice (or in a slice followed by whitespace only: checked whole)
    if (!(last ? WHOLE : MIDDLE).test(raw)) return isBase64(text) ? new Uint8Array(Buffer.from(text, 'base64')) : undefined;
    const chars = carry + raw.replace(SPACE, '');
    const whole = last ? chars.length : chars.length - (chars.length % 4);
    written += out.write(chars.slice(0, whole), written, 'base64');
    carry = chars.slice(whole);
  }
  return new Uint8Array(out.buffer, out.byteOffset, written);
}
