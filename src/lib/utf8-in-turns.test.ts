import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeInTurns } from './utf8-in-turns.ts';

describe('encodeInTurns', () => {
  it('gives the bytes TextEncoder gives, whatever the slices cut (surrogate pairs, lone surrogates)', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '€', '\ud83d\ude00', '\ud800', '\udc00', '\u0000'), maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 1, max: 7 }), async (t, slice) => {
        expect(Buffer.from(await encodeInTurns(t, slice)).equals(Buffer.from(new TextEncoder().encode(t)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
