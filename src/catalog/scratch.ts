// Scratch arrays of a query evaluation (search.ts), kept from query to query by each catalog's
// table. A typed array of more than a few dozen bytes lives outside the V8 heap, and V8 counts
// that memory: every 64 MB of it allocated starts a full marking of the whole heap. At 1,000,000
// objects a field @search allocated a 125 KB bitset per criterion and up to 4 MB of document
// numbers, so every few dozen searches V8 marked a heap of several GB, in steps taken from the
// searches that followed. Evaluation is synchronous and never nested, so one set of arrays per
// table serves every query; what a search returns is copied out of them (search.ts).

const room = (n: number) => n + (n >>> 3) + 64;

export class Scratch {
  private readonly bits: Uint32Array[] = [new Uint32Array(64), new Uint32Array(64)];
  private docs = new Int32Array(64);
  private keys = new Float64Array(64);

  /** Bitset `slot` (0: the accumulator, 1: a union), `words` long; zeroed when `zero`. */
  bitset(slot: 0 | 1, words: number, zero: boolean): Uint32Array {
    if (this.bits[slot].length < words) this.bits[slot] = new Uint32Array(room(words));
    const out = this.bits[slot].subarray(0, words);
    if (zero) out.fill(0);
    return out;
  }

  /** Document numbers, `n` long (contents undefined). */
  docList(n: number): Int32Array {
    if (this.docs.length < n) this.docs = new Int32Array(room(n));
    return this.docs.subarray(0, n);
  }

  /** A column of numeric sort keys for document numbers below `n` (contents undefined). */
  keyColumn(n: number): Float64Array {
    if (this.keys.length < n) this.keys = new Float64Array(room(n));
    return this.keys.subarray(0, n);
  }
}
