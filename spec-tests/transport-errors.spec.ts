// Requests that Node's HTTP parser refuses before any route sees them (issue 9): oversized
// headers and malformed HTTP get a complete JSON error response like every other error, not
// Node's bare text line, and the server goes on answering. Raw bytes over TCP, since an HTTP
// client library would not send such requests.
import { connect as tcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from './client.ts';

let site: Listening;

beforeAll(async () => {
  site = await listen();
});

afterAll(async () => {
  await site.close();
});

/** Send `bytes` on a fresh connection and read until the server closes it. */
function exchange(bytes: string): Promise<string> {
  const url = new URL(site.base);
  return new Promise((resolve, reject) => {
    const socket = tcp({ host: url.hostname, port: Number(url.port) }, () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

function parse(response: string) {
  const [head, body] = response.split('\r\n\r\n', 2);
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = new Map(headerLines.map((line) => {
    const at = line.indexOf(':');
    return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
  }));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

const path = () => new URL(site.base).pathname;

describe('requests the HTTP parser refuses', () => {
  it('answers headers larger than the limit with 431 and a JSON body', async () => {
    const r = parse(await exchange(`GET ${path()} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.body.error.type).toBe('RequestHeaderFieldsTooLarge');
    expect(r.body.error.message).toMatch(/headers/);
  });

  it('answers a malformed request line with 400 and a JSON body', async () => {
    const r = parse(await exchange('THIS IS NOT HTTP\r\n\r\n'));
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.body.error.type).toBe('BadRequest');
  });

  it('answers malformed framing (a bad chunk size) with 400 and a JSON body', async () => {
    const r = parse(await exchange(`POST ${path()} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`));
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('BadRequest');
  });

  it('goes on answering ordinary requests afterwards', async () => {
    await exchange('\u0000\u0001garbage\r\n\r\n');
    const r = await fetch(site.base, { headers: { Accept: 'application/json' } });
    expect(r.status).toBe(200);
    expect((await r.json())['@type']).toBe('Plone Site');
  });
});
