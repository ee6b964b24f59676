// A long answer text sent in slices: one `write` of megabytes copies it all into the socket in a
// single step, so a long text goes out as a stream of 64 KiB pieces, each encoded when the socket
// asks for it, and other callers are served in between.
import { BIG_INPUT } from '../lib/turn.ts';

/** Texts at least this long are sent as a stream. */
export const STREAM_FROM = BIG_INPUT;

const PIECE = 64 * 1024;

/** `text` as UTF-8 in pieces (never splitting a surrogate pair). */
export function textStream(text: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= text.length) return controller.close();
      let end = Math.min(text.length, at + PIECE);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      controller.enqueue(encoder.encode(text.slice(at, end)));
      at = end;
    },
  });
}
