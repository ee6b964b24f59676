// Block bounds of a numeric sort column: for every block of BLOCK documents, the largest and the
// smallest key any of its documents may have (NaN keys left out). A query sorted on one date
// index then visits blocks best bound first and stops once no block left can beat the `need`
// documents it holds: newest-first listings read a few blocks, not every match. A bound is only
// ever widened on a write (a lowered or removed key leaves it loose, never wrong).
import type { Bits } from './bitset.ts';

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
  const k = need;
  const hk = new Float64Array(k);
  const hd = new Int32Array(k);
  let size = 0;
  const worse = (ka: number, da: number, kb: number, db: number) => ka > kb || (ka === kb && da > db);
  for (let o = 0; o < blocks; o++) {
    const b = order[o];
    if (size === k && best[b] > hk[0]) break; // nothing in this block or after can enter
    const end = Math.min(acc.length, (b + 1) * WORDS);
    for (let w = b * WORDS; w < end; w++) {
      let bits = acc[w];
      while (bits) {
        const t = bits & -bits;
        bits ^= t;
        const d = (w << 5) + (31 - Math.clz32(t));
        const x = col[d];
        const key = Number.isNaN(x) ? Infinity : sign * x;
        if (size < k) {
          let j = size++;
          while (j > 0) {
            const p = (j - 1) >> 1;
            if (!worse(key, d, hk[p], hd[p])) break;
            hk[j] = hk[p];
            hd[j] = hd[p];
            j = p;
          }
          hk[j] = key;
          hd[j] = d;
          continue;
        }
        if (!worse(hk[0], hd[0], key, d)) continue;
        let j = 0;
        for (;;) {
          const l = 2 * j + 1;
          if (l >= k) break;
          const r = l + 1;
          const m = r < k && worse(hk[r], hd[r], hk[l], hd[l]) ? r : l;
          if (!worse(hk[m], hd[m], key, d)) break;
          hk[j] = hk[m];
          hd[j] = hd[m];
          j = m;
        }
        hk[j] = key;
        hd[j] = d;
      }
    }
  }
  const idx = Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => hk[a] - hk[b] || hd[a] - hd[b]);
  const out = new Int32Array(size);
  for (let i = 0; i < size; i++) out[i] = hd[idx[i]];
  return out;
}
