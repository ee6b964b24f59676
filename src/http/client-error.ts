// Requests that Node's HTTP parser refuses before any route sees them (headers too large,
// malformed request lines or framing, a request that never finished arriving). Node answers
// these with a bare text line; here they get a JSON error body like every other error, in the
// shape of the other transport limits (413: `{ error: { type, message } }`), and the
// connection is closed, since the parser cannot find where the next request would begin.
import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';

interface Refusal {
  status: number;
  reason: string;
  type: string;
  message: string;
}

const HEADERS_TOO_LARGE: Refusal = {
  status: 431,
  reason: 'Request Header Fields Too Large',
  type: 'RequestHeaderFieldsTooLarge',
  message: 'The request headers are larger than the server accepts.',
};

const REFUSALS: ReadonlyMap<string, Refusal> = new Map([
  ['HPE_HEADER_OVERFLOW', HEADERS_TOO_LARGE],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', {
    status: 413,
    reason: 'Payload Too Large',
    type: 'PayloadTooLarge',
    message: 'The chunk extensions of the request body are larger than the server accepts.',
  }],
  ['ERR_HTTP_REQUEST_TIMEOUT', {
    status: 408,
    reason: 'Request Timeout',
    type: 'RequestTimeout',
    message: 'The request did not arrive completely in time.',
  }],
]);

const MALFORMED: Refusal = {
  status: 400,
  reason: 'Bad Request',
  type: 'BadRequest',
  message: 'The request is not well-formed HTTP.',
};

/** What to answer for a parser error (by its code; anything unknown is a malformed request). */
export function refusalFor(code: string | undefined): Refusal {
  return (code !== undefined && REFUSALS.get(code)) || MALFORMED;
}

/** The complete HTTP/1.1 response for a refusal: JSON body, inert, connection closed. */
export function refusalResponse(refusal: Refusal): string {
  const body = JSON.stringify({ error: { type: refusal.type, message: refusal.message } });
  return [
    `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answer the parser's refusals of `server` with JSON error bodies instead of Node's plain text. */
export function answerClientErrors(server: EventEmitter): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way on this socket cannot be replaced by another one.
    const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(refusalResponse(refusalFor(err.code)));
  });
}
