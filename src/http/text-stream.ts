// A long answer text sent in slices: one `write` of megabytes copies it all into the socket in a
// single step, so a long text (or a text given in parts, such as a big listing's item texts) goes
// out as a stream of pieces of about 64 KiB, each put together and encoded only when the socket
// asks for the next one, and other callers are served in between. A fast reader (loopback) can
// keep the socket writable so that write -> drain -> next piece runs on without ever returning to
// the event loop: so the stream also gives the loop a turn after every TURN_BUDGET_MS of sending.
// A long text made by JSON.stringify is a rope of pieces: the first slice of it copies it all into
// one piece (for megabytes, tens of milliseconds of fresh memory), so that copy gets a turn of its
// own, apart from the work that made the text.
import { EncodedString, type JsonPiece } from '../lib/json-pieces.ts';
import { BIG_INPUT, nextTurn, TURN_BUDGET_MS } from '../lib/turn.ts';

/** Texts at least this long are sent as a stream. */
export const STREAM_FROM = BIG_INPUT;

const PIECE = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The text of one piece of text: as it is, or a slice of a long string value escaped for JSON. */
const written = (piece: string | { readonly value: string }, from: number, to: number): string => {
  if (typeof piece === 'string') return from === 0 && to === piece.length ? piece : piece.slice(from, to);
  const escaped = JSON.stringify(piece.value.slice(from, to));
  // the quotes of the whole value go with its first and last slices
  return (from === 0 ? '"' : '') + escaped.slice(1, -1) + (to === piece.value.length ? '"' : '');
};

const lengthOf = (piece: JsonPiece) => (piece instanceof EncodedString ? piece.bytes.length : (typeof piece === 'string' ? piece : piece.value).length);

/**
 * The concatenation of `parts` as UTF-8 in pieces of about PIECE characters (never splitting a
 * surrogate pair); a long string value among them is escaped slice by slice as it goes out, and
 * one encoded already (EncodedString) goes out as its bytes, PIECE bytes at a time.
 */
export function partsStream(parts: readonly JsonPiece[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let part = 0;
  let at = 0; // position in parts[part]
  let since = performance.now();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        await nextTurn();
        for (const piece of parts) if (!(piece instanceof EncodedString) && lengthOf(piece) >= PIECE) (typeof piece === 'string' ? piece : piece.value).charCodeAt(0); // flattened here, not in a slice below
        await nextTurn();
        since = performance.now();
      } else if (performance.now() - since >= TURN_BUDGET_MS) {
        await nextTurn();
        since = performance.now();
      }
      const gathered: string[] = [];
      let size = 0;
      while (size < PIECE && part < parts.length) {
        const piece = parts[part];
        if (piece instanceof EncodedString) {
          if (gathered.length) break; // the text before it goes first
          const end = Math.min(piece.bytes.length, at + PIECE);
          const bytes = piece.bytes.subarray(at, end);
          if (end >= piece.bytes.length) {
            part++;
            at = 0;
          } else at = end;
          if (bytes.length) return controller.enqueue(bytes);
          continue;
        }
        const text = typeof piece === 'string' ? piece : piece.value;
        let end = Math.min(text.length, at + PIECE - size);
        if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
        if (end <= at) end = Math.min(text.length, at + 2); // a pair straddling the piece's end goes whole
        if (end > at || (at === 0 && typeof piece !== 'string')) gathered.push(written(piece, at, end));
        size += end - at;
        if (end >= lengthOf(piece)) {
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
