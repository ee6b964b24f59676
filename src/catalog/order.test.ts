import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickOrdered } from './order.ts';

/** The reference: every document sorted by key (NaN last whatever the direction), ties by document. */
function reference(docs: number[], col: Float64Array, reverse: boolean, need: number): number[] {
  const key = (d: number) => (Number.isNaN(col[d]) ? Infinity : (reverse ? -1 : 1) * col[d]);
  return [...docs].sort((a, b) => key(a) - key(b) || a - b).slice(0, need);
}

describe('pickOrdered on one numeric column', () => {
  it('picks the first `need` of many documents in either direction, ties and missing keys included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(NaN)), { minLength: 60, maxLength: 400, size: 'max' }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        (keys, need, reverse, correlated) => {
          // correlated: keys that grow with the document number (dates of objects made in order)
          const col = Float64Array.from(keys, (k, d) => (correlated && !Number.isNaN(k) ? d * 2 + (k % 3) : k));
          const docs = Int32Array.from(keys.keys()).filter((d) => d % 3 !== 1);
          const got = [...pickOrdered(docs, need, [{ index: 'modified', reverse }], [col], null)];
          expect(got).toEqual(reference([...docs], col, reverse, need));
        },
      ),
      { numRuns: 300 },
    );
  });
});
