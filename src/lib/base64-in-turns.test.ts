import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64InTurns, isBase64 } from './base64-in-turns.ts';

describe('decodeBase64InTurns', () => {
  it('gives the bytes Buffer.from gives, slice by slice, whitespace and padding included', async () => {
    const withSpace = fc.tuple(fc.uint8Array({ maxLength: 200 }), fc.array(fc.tuple(fc.nat(400), fc.constantFrom(' ', '\n', '\r\n', '\t')), { maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(withSpace, fc.integer({ min: 1, max: 23 }), async ([bytes, spaces], slice) => {
        let text = Buffer.from(bytes).toString('base64');
        for (const [at, space] of spaces) text = text.slice(0, at % (text.length + 1)) + space + text.slice(at % (text.length + 1));
        const decoded = await decodeBase64InTurns(text, slice);
        if (!isBase64(text)) expect(decoded).toBeUndefined(); // a space between the two `=`
        else expect(decoded && Buffer.from(decoded).equals(Buffer.from(text, 'base64'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not base64, as the check of the whole text does', async () => {
    const text = fc.string({ unit: fc.constantFrom('A', 'b', '9', '+', '/', '=', ' ', '\n', '-', '_', '*'), maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 1, max: 9 }), async (t, slice) => {
        const decoded = await decodeBase64InTurns(t, slice);
        expect(decoded === undefined).toBe(!isBase64(t));
        if (decoded) expect(Buffer.from(decoded).equals(Buffer.from(t, 'base64'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('decodes the same from the text given in parts of any length', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 120 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 40 }), async (bytes, lengths) => {
        const text = Buffer.from(bytes).toString('base64');
        const parts: string[] = [];
        for (let at = 0, i = 0; at < text.length; i++) {
          const n = lengths[i % lengths.length];
          parts.push(text.slice(at, at + n));
          at += n;
        }
        const decoded = await decodeBase64InTurns(text, 1, parts);
        expect(decoded && Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('other work runs between the slices of a long text', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const decoded = await decodeBase64InTurns(bytes.toString('base64'));
    clearInterval(timer);
    expect(decoded && Buffer.from(decoded).equals(bytes)).toBe(true);
    expect(others).toBeGreaterThanOrEqual(3);
  });
});
