import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIG_INPUT, nextTurn } from '../lib/turn.ts';
import { announcedOver, decodeInTurns, READ_TURN, readAnnounced } from './body-read.ts';

describe('announcedOver', () => {
  it('judges by Content-Length, unless the body is chunked or has none', () => {
    expect(announcedOver(new Headers({ 'content-length': '10' }), 10)).toBe(false);
    expect(announcedOver(new Headers({ 'content-length': '11' }), 10)).toBe(true);
    expect(announcedOver(new Headers({ 'content-length': ' 12abc' }), 100)).toBe(true);
    expect(announcedOver(new Headers({ 'content-length': '11', 'transfer-encoding': 'chunked' }), 10)).toBeUndefined();
    expect(announcedOver(new Headers(), 10)).toBeUndefined();
  });
});

describe('decodeInTurns', () => {
  it('decodes long bodies in slices, multi-byte characters across slice ends included, as one decode would', async () => {
    const text = ('é€😀a'.repeat(BIG_INPUT / 5) + 'x').repeat(3);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(2 * BIG_INPUT);
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const back = await decodeInTurns(bytes);
    clearInterval(timer);
    expect(back).toBe(text);
    expect(others).toBeGreaterThan(0);
  });

  it('short and malformed input as TextDecoder decodes it', async () => {
    expect(await decodeInTurns(new Uint8Array([0x61, 0xff, 0x62]))).toBe('a\ufffdb');
    const long = new Uint8Array(BIG_INPUT + 3).fill(0x61);
    long[BIG_INPUT - 1] = 0xc3; // a two-byte sequence cut by the slice end, completed
    long[BIG_INPUT] = 0xa9;
    long[long.length - 1] = 0xe2; // and one left unfinished at the end
    expect(await decodeInTurns(long)).toBe(new TextDecoder().decode(long));
  });
});

describe('decodeInTurns, property', () => {
  it('gives what one decode gives, for any bytes and any slice length', async () => {
    const utf8ish = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xbf }), fc.integer({ min: 0xc0, max: 0xff }));
    await fc.assert(
      fc.asyncProperty(fc.array(utf8ish, { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), async (list, slice) => {
        const bytes = Uint8Array.from(list);
        expect(await decodeInTurns(bytes, slice)).toBe(new TextDecoder().decode(bytes));
      }),
      { numRuns: 300 },
    );
  });
});

describe('readAnnounced', () => {
  it('copies the chunks into one buffer of the announced length as they arrive', async () => {
    const incoming = new PassThrough();
    const read = readAnnounced(incoming, 10);
    incoming.write(Buffer.from('hello'));
    incoming.write(Buffer.from(' worl'));
    incoming.end();
    const bytes = await read;
    expect(bytes.length).toBe(10);
    expect(Buffer.from(bytes).toString()).toBe('hello worl');
    expect(incoming.listenerCount('data')).toBe(0);
  });

  it('pauses the reading for a turn after each READ_TURN bytes, then goes on', async () => {
    const incoming = new PassThrough();
    const length = 2 * READ_TURN + 5;
    const read = readAnnounced(incoming, length);
    incoming.write(Buffer.alloc(READ_TURN, 1));
    await Promise.resolve();
    expect(incoming.isPaused()).toBe(true);
    // a turn of our own, begun after the reading's: it ends after the reading's (a timer could run
    // first on a loaded machine, when the loop comes round late)
    await nextTurn();
    expect(incoming.isPaused()).toBe(false);
    incoming.write(Buffer.alloc(READ_TURN, 2));
    incoming.end(Buffer.from('tail!'));
    const bytes = await read;
    expect([bytes[0], bytes[READ_TURN], Buffer.from(bytes.subarray(2 * READ_TURN)).toString()]).toEqual([1, 2, 'tail!']);
  });

  it('refuses a body that ends before its announced length with 400', async () => {
    const incoming = new PassThrough();
    const read = readAnnounced(incoming, 10);
    incoming.end(Buffer.from('short'));
    await expect(read).rejects.toMatchObject({ status: 400, message: 'The request body ended after 5 of the 10 bytes its Content-Length announced.' });
  });

  it('refuses a body whose connection closes before its end', async () => {
    const incoming = new PassThrough();
    const read = readAnnounced(incoming, 10);
    incoming.write(Buffer.from('abc'));
    incoming.destroy();
    await expect(read).rejects.toMatchObject({ status: 400 });
  });
});
