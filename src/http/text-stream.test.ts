import { describe, expect, it } from 'vitest';
import { textStream } from './text-stream.ts';

async function collect(stream: ReadableStream<Uint8Array>): Promise<{ text: string; pieces: number }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return { text: Buffer.concat(parts).toString('utf8'), pieces: parts.length };
}

describe('textStream', () => {
  it('sends the text whole, in pieces, without splitting surrogate pairs', async () => {
    // emoji (surrogate pairs) placed so that some cross the 64 KiB piece boundaries
    const text = ('a'.repeat(65_535) + '😀é').repeat(5) + '{"end":true}';
    const { text: back, pieces } = await collect(textStream(text));
    expect(back).toBe(text);
    expect(pieces).toBeGreaterThan(4);
  });

  it('an empty text is an empty stream', async () => {
    expect(await collect(textStream(''))).toEqual({ text: '', pieces: 0 });
  });
});
