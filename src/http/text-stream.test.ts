import { describe, expect, it } from 'vitest';
import { partsStream, textStream } from './text-stream.ts';
import { EncodedString } from '../lib/json-pieces.ts';

async function collect(stream: ReadableStream<Uint8Array>): Promise<{ text: string; pieces: number[] }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return { text: Buffer.concat(parts).toString('utf8'), pieces: parts.map((p) => p.length) };
}

describe('textStream', () => {
  it('sends the text whole, in pieces, without splitting surrogate pairs', async () => {
    // emoji (surrogate pairs) placed so that some cross the 64 KiB piece boundaries
    const text = ('a'.repeat(65_535) + '😀é').repeat(5) + '{"end":true}';
    const { text: back, pieces } = await collect(textStream(text));
    expect(back).toBe(text);
    expect(pieces.length).toBeGreaterThan(4);
  });

  it('an empty text is an empty stream', async () => {
    expect(await collect(textStream(''))).toEqual({ text: '', pieces: [] });
  });
});

describe('partsStream', () => {
  it('sends the concatenation of many small parts, gathered into pieces of about 64 KiB', async () => {
    const parts = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"t":"${'x'.repeat(i % 97)}😀"},`);
    const { text, pieces } = await collect(partsStream(parts));
    expect(text).toBe(parts.join(''));
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.length).toBeLessThan(parts.length / 100);
    for (const size of pieces.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(64 * 1024);
  });

  it('writes a string value encoded already as its bytes, in pieces of 64 KiB, between the text around it', async () => {
    const value = 'é"\n<p>'.repeat(40_000);
    const encoded = new EncodedString(new TextEncoder().encode(JSON.stringify(value)), value.length);
    const parts = ['{"a":', encoded, ',"b":', { value: 'x😀'.repeat(10) }, ',"c":', new EncodedString(new TextEncoder().encode('""'), 0), '}'];
    const { text, pieces } = await collect(partsStream(parts));
    expect(JSON.parse(text)).toEqual({ a: value, b: 'x😀'.repeat(10), c: '' });
    expect(Math.max(...pieces)).toBe(64 * 1024);
    expect(pieces[0]).toBe(5); // the text before it goes alone
  });

  it('splits big parts and keeps empty and straddling ones whole', async () => {
    const parts = ['', 'a'.repeat(64 * 1024 - 1) + '😀', '', 'b'.repeat(200_000), 'é'];
    const { text, pieces } = await collect(partsStream(parts));
    expect(text).toBe(parts.join(''));
    expect(Math.max(...pieces)).toBeLessThan(3 * 64 * 1024);
  });

  it('escapes long string values slice by slice, quotes and surrogate pairs whole', async () => {
    const value = ('"\\\n\u0001'.repeat(9000) + '😀\ud800é').repeat(4);
    const parts = ['{"text":', { value }, ',"n":1,"other":', { value: 'a'.repeat(64 * 1024 - 1) + '😀' }, '}'];
    const { text, pieces } = await collect(partsStream(parts));
    expect(text).toBe(JSON.stringify({ text: value, n: 1, other: 'a'.repeat(64 * 1024 - 1) + '😀' }));
    expect(JSON.parse(text).text).toBe(value);
    expect(pieces.length).toBeGreaterThan(3);
  });

  it('never ends a slice of a long string value between the two halves of a surrogate pair', async () => {
    // the first slice of the value would end right after the high half of the emoji
    for (const before of [64 * 1024 - 1, 2 * 64 * 1024 - 1]) {
      const value = 'a'.repeat(before) + '😀' + 'b'.repeat(10);
      const { text, pieces } = await collect(partsStream([{ value }]));
      expect(pieces.length).toBeGreaterThan(1);
      // split halves would go out as the escapes \ud83d\ude00: JSON, but not the text of the value
      expect(text).not.toContain('\\ud83d');
      expect(text).toBe(JSON.stringify(value));
    }
  });
});
