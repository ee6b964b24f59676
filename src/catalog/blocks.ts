// Block bounds of a numeric sort column: for every block of BLOCK documents, the largest and the
// smallest key any of its documents may have (NaN keys left out). A query sorted on one date
// index then visits blocks best bound first and stops once no block left can beat the `need`
// documents it holds: newest-first listings read a few blocks, not every match. A bound is only
// ever widened on a write (a lowered or removed key leaves it loose, never wrong).
import type { Bits } from './bitset.ts';
import { TopK } from './top-k.ts';

export const BLOCK_SHIFT = 10;
const BLOCK = 1 << BLOCK_SHIFT;
const WORDS = BLOCK >>> 5;

export class BlockBounds {
  max = new Float64Array(16).fill(-Infinity);
  min = new Float64Array(16).fill(Infinity);

  /** Widen the bounds of `doc`'s block to hold `key` (NaN: nothing to hold). */
  note(doc: number, key: number): void {
    if (Number.isNaN(key)) return;
    const b = doc >>> BLOCK_SHIFT;
    if (b >= this.max.length) {
      const size = Math.max(b + 1, this.max.length * 2);
      const max = new Float64Array(size).fill(-Infinity);
      max.set(this.max);
      const min = new Float64Array(size).fill(Infinity);
      min.set(this.min);
      this.max = max;
      this.min = min;
    }
    if (key > this.max[b]) this.max[b] = key;
    if (key < this.min[b]) this.min[b] = key;
  }
}

/**
 * The first `need` documents of `acc` by `col` (descending when `reverse`; NaN last; ties by
 * document number), the same answer as a scan of every match.
 */
export function pickByBlocks(acc: Bits, need: number, col: Float64Array, bounds: BlockBounds, reverse: boolean): Int32Array {
  const sign = reverse ? -1 : 1;
  const blocks = Math.ceil(acc.length / WORDS);
  // best possible key per block (Infinity: no key, or NaN keys only: those sort last)
  const best = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const bound = b < bounds.max.length ? (reverse ? -bounds.max[b] : bounds.min[b]) : Infinity;
    best[b] = bound === -Infinity ? Infinity : bound;
  }
  const order = Int32Array.from({ length: blocks }, (_, b) => b).sort((a, b) => best[a] - best[b] || a - b);
  const top = new TopK(need);
  for (let o = 0; o < blocks; o++) {
    const b = order[o];
    if (top.full && best[b] > top.worst) break; // nothing in this block or after can enter
    const end = Math.min(acc.length, (b + 1) * WORDS);
    for (let w = b * WORDS; w < end; w++) {
      let bits = acc[w];
      while (bits) {
        const t = bits & -bits;
        bits ^= t;
        const d = (w << 5) + (31 - Math.clz32(t));
        const x = col[d];
        top.offer(Number.isNaN(x) ? Infinity : sign * x, d);
      }
    }
  }
  return top.sorted();
}
