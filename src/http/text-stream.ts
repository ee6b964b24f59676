// A long answer text sent in slices: one `write` of megabytes copies it all into the socket in a
// single step, so a long text (or a text given in parts, such as a big listing's item texts) goes
// out as a stream of pieces of about 64 KiB, each put together and encoded only when the socket
// asks for the next one, and other callers are served in between. A fast reader (loopback) can
// keep the socket writable so that write -> drain -> next piece runs on without ever returning to
// the event loop: so the stream also gives the loop a turn after every TURN_BUDGET_MS of sending.
import { BIG_INPUT, nextTurn, TURN_BUDGET_MS } from '../lib/turn.ts';

/** Texts at least this long are sent as a stream. */
export const STREAM_FROM = BIG_INPUT;

const PIECE = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The concatenation of `parts` as UTF-8 in pieces of about PIECE characters (never splitting a surrogate pair). */
export function partsStream(parts: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let part = 0;
  let at = 0; // position in parts[part]
  let since = performance.now();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (performance.now() - since >= TURN_BUDGET_MS) {
        await nextTurn();
        since = performance.now();
      }
      const gathered: string[] = [];
      let size = 0;
      while (size < PIECE && part < parts.length) {
        const text = parts[part];
        let end = Math.min(text.length, at + PIECE - size);
        if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
        if (end <= at) end = Math.min(text.length, at + 2); // a pair straddling the piece's end goes whole
        if (end > at) gathered.push(at === 0 && end === text.length ? text : text.slice(at, end));
        size += end - at;
        if (end >= text.length) {
          part++;
          at = 0;
        } else at = end;
      }
      if (!gathered.length) return controller.close();
      controller.enqueue(encoder.encode(gathered.length === 1 ? gathered[0] : gathered.join('')));
    },
  });
}

/** `text` as UTF-8 in pieces. */
export const textStream = (text: string): ReadableStream<Uint8Array> => partsStream([text]);
