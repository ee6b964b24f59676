// Reading a request body of megabytes without holding up other callers. The body is read only
// when the route that answers wants it, within that route's limit, judged from Content-Length
// before anything is read. A long announced body is read straight from the socket into one buffer
// of its length, chunk by chunk as it arrives (never put together in one step at the end); its
// bytes are decoded to text in slices of BIG_INPUT with a turn of the event loop between them.
import { ApiError } from '../lib/errors.ts';
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

/** A request's body, read only when (and if) the route that answers the request wants it. */
export interface RequestBody {
  /** Its length from Content-Length; undefined when only reading it tells (a chunked body). */
  readonly announced: number | undefined;
  /** Its bytes, read once; the 413 error when it is longer than `limit` (`where`: for what, in its message). */
  bytes(limit: number, where?: string): Promise<Uint8Array>;
}

/** The 413 answer to a body over `limit` bytes; the connection is closed so the rest is not read. */
export function bodyTooLarge(limit: number, where?: string): ApiError {
  const hint = where ? ` for ${where}` : '; send large files with TUS (@tus-upload)';
  const err = new ApiError(413, 'PayloadTooLarge', `The request body is larger than the limit of ${limit} bytes${hint}.`, 'service');
  err.headers = { Connection: 'close' };
  return err;
}

/** The Node request a body streams from (the part of IncomingMessage read here). */
export interface NodeIncoming {
  readonly readableDidRead: boolean;
  on(event: string, listener: (chunk: Uint8Array) => void): unknown;
  removeListener(event: string, listener: (chunk: Uint8Array) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/**
 * Bytes read from one request between two turns. A fast sender (loopback) fills the socket so
 * that one round of the event loop reads megabytes of chunks in a row (each copied into fresh
 * memory: ~4 ms per MB here), so the reading pauses for a turn after each READ_TURN bytes.
 */
export const READ_TURN = 1024 * 1024;

/**
 * The `length` bytes announced by Content-Length, read from `incoming` into one buffer of that
 * length as they arrive: each chunk is copied when it comes, so nothing is put together at the end
 * in one step, and the reading pauses for a turn after each READ_TURN bytes (reading a body of
 * megabytes then costs other callers nothing).
 */
export function readAnnounced(incoming: NodeIncoming, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // not zero-filled: every byte is written by a chunk before the buffer is handed on (a zeroed
    // buffer of megabytes is one step that touches all of its fresh memory)
    const out = Buffer.allocUnsafeSlow(length);
    let at = 0;
    let since = 0;
    const short = () => new ApiError(400, 'BadRequest', `The request body ended after ${at} of the ${length} bytes its Content-Length announced.`, 'service');
    const listeners: Record<string, (chunk: Uint8Array) => void> = {
      data: (chunk) => {
        const room = length - at;
        out.set(chunk.length > room ? chunk.subarray(0, room) : chunk, at);
        at += Math.min(room, chunk.length);
        since += chunk.length;
        if (since >= READ_TURN && at < length) {
          since = 0;
          incoming.pause();
          void nextTurn().then(() => incoming.resume());
        }
      },
      end: () => settle(at === length ? undefined : short()),
      close: () => settle(short()),
      error: () => settle(short()),
    };
    const settle = (err?: Error) => {
      for (const [event, listener] of Object.entries(listeners)) incoming.removeListener(event, listener);
      if (err) reject(err);
      else resolve(out);
    };
    for (const [event, listener] of Object.entries(listeners)) incoming.on(event, listener);
  });
}

/** 16 MiB: a JSON body with a base64 upload of a 12 MB file; larger files go through TUS. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * 1 MiB: the largest body of a route not declared `bigBody` (a login, a search, a workflow
 * transition...): what only content, uploads and imports need is refused elsewhere before it is read.
 */
export const SMALL_BODY_BYTES = 1024 * 1024;

/** What a request brings of a body: the text an in-process caller gives, or the request's body. */
export interface BodySource {
  bodyText?: string;
  body?: RequestBody;
}

/** The body's bytes, at most `limit` of them (413 beyond). */
export function bodyBytes(input: BodySource, limit: number, where?: string): Promise<Uint8Array> {
  if (input.body) return input.body.bytes(limit, where);
  return Promise.resolve(new TextEncoder().encode(input.bodyText ?? ''));
}

/** The body as text, at most `limit` bytes of it (413 beyond); a long one decoded in turns. */
export async function bodyTextOf(input: BodySource, limit: number, where?: string): Promise<string> {
  if (!input.body) return input.bodyText ?? '';
  return decodeInTurns(await input.body.bytes(limit, where));
}
