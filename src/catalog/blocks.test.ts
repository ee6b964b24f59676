import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, wordsFor } from './bitset.ts';
import { BlockBounds, BLOCK_SHIFT, pickByBlocks } from './blocks.ts';

/** The reference: every match sorted by (key, doc), NaN last, the first `need`. */
function brute(docs: number[], need: number, col: Float64Array, reverse: boolean): number[] {
  const key = (d: number) => (Number.isNaN(col[d]) ? Infinity : (reverse ? -1 : 1) * col[d]);
  return [...docs].sort((a, b) => key(a) - key(b) || a - b).slice(0, need);
}

describe('pickByBlocks', () => {
  it('picks what a sort of every match picks, with NaN keys, loose bounds and both directions', () => {
    const size = 5 << BLOCK_SHIFT;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: size - 1 }), fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(NaN))), { maxLength: 400 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: -20, max: 80 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        (keys, stale, need, reverse, sparsity) => {
          const col = new Float64Array(size).fill(NaN);
          const bounds = new BlockBounds();
          // keys written, then overwritten: the bounds keep the first ones (loose, never wrong)
          for (const [d, k] of stale) {
            col[d] = k;
            bounds.note(d, k);
          }
          for (const [d, k] of keys) {
            col[d] = k;
            bounds.note(d, k);
          }
          const acc = new Uint32Array(wordsFor(size));
          const docs: number[] = [];
          for (let d = 0; d < size; d += 1 + sparsity * 7) if ((d * 2654435761) % 5 !== 0 || sparsity === 0) {
            add(acc, d);
            docs.push(d);
          }
          const want = brute(docs, need, col, reverse);
          expect([...pickByBlocks(acc, Math.min(need, docs.length), col, bounds, reverse)]).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('newest first reads only the last blocks when later documents are newer', () => {
    const size = 64 << BLOCK_SHIFT;
    const col = new Float64Array(size);
    const bounds = new BlockBounds();
    for (let d = 0; d < size; d++) bounds.note(d, (col[d] = 1000 + d));
    const acc = new Uint32Array(wordsFor(size)).fill(0xffffffff);
    let reads = 0;
    const counting = new Proxy(col, { get: (t, p) => (typeof p === 'string' && /^\d+$/.test(p) ? (reads++, t[Number(p)]) : Reflect.get(t, p)) });
    const out = pickByBlocks(acc, 25, counting as unknown as Float64Array, bounds, true);
    expect([...out]).toEqual(Array.from({ length: 25 }, (_, i) => size - 1 - i));
    expect(reads).toBeLessThanOrEqual(1 << BLOCK_SHIFT);
  });
});
