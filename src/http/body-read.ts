// Reading a request body of megabytes without holding up other callers: the size is judged from
// Content-Length before anything is read (so that the body is then read by @hono/node-server's
// direct path from the socket, not through a web stream copied chunk by chunk), and the bytes are
// decoded to text in slices of BIG_INPUT with a turn of the event loop between them.
import { BIG_INPUT, nextTurn } from '../lib/turn.ts';

/**
 * Whether the body announced by `headers` is larger than `max` bytes: true or false when
 * Content-Length says it (without Transfer-Encoding), undefined when only reading it can tell.
 */
export function announcedOver(headers: Headers, max: number): boolean | undefined {
  const length = headers.get('content-length');
  if (length === null || headers.has('transfer-encoding')) return undefined;
  return !/^\d+$/.test(length.trim()) || Number(length) > max;
}

const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/** Where a slice from `at` ending near `end` ends: before a byte that is not a continuation byte, within three bytes back or forth. */
function sliceEnd(bytes: Uint8Array, at: number, end: number): number {
  let cut = end;
  while (cut < bytes.length && cut > at + 1 && cut > end - 3 && isContinuation(bytes[cut])) cut--;
  if (cut === bytes.length || !isContinuation(bytes[cut])) return cut;
  cut = end;
  while (cut < bytes.length && cut < end + 3 && isContinuation(bytes[cut])) cut++;
  return cut;
}

/**
 * `bytes` as UTF-8 text (a malformed sequence becomes U+FFFD), decoded a slice per turn when long.
 * Each slice is decoded whole (TextDecoder's fast path; its streaming mode is several times
 * slower) and ends before a byte that starts a character, so no character is cut: a UTF-8
 * sequence has at most three continuation bytes, and a longer run of them holds no character
 * that a cut could change (checked against one decode by a property test).
 */
export async function decodeInTurns(bytes: Uint8Array, slice = BIG_INPUT): Promise<string> {
  const decoder = new TextDecoder();
  if (bytes.length < slice) return decoder.decode(bytes);
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    await nextTurn();
    const end = sliceEnd(bytes, at, Math.min(bytes.length, at + slice));
    parts.push(decoder.decode(bytes.subarray(at, end)));
    at = end;
  }
  await nextTurn();
  return parts.join('');
}
