// Sets of document numbers as bitsets: 32 documents per Uint32Array word. Intersections and
// unions are word-wise, counting is a popcount. Bitsets may differ in length: missing words are 0.

export type Bits = Uint32Array;

export const wordsFor = (capacity: number): number => (capacity + 31) >>> 5;

export const has = (bits: Bits, d: number): boolean => (d >>> 5) < bits.length && (bits[d >>> 5] & (1 << (d & 31))) !== 0;

/** Set bit `d` in place (the caller made sure the bitset is long enough). */
export function add(bits: Bits, d: number): void {
  bits[d >>> 5] |= 1 << (d & 31);
}

export function remove(bits: Bits, d: number): void {
  if (d >>> 5 < bits.length) bits[d >>> 5] &= ~(1 << (d & 31));
}

/** A copy of `bits` with at least `words` words. */
export function grow(bits: Bits, words: number): Bits {
  if (bits.length >= words) return bits;
  const next = new Uint32Array(Math.max(words, bits.length * 2));
  next.set(bits);
  return next;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

export function count(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]) n += popcount32(bits[i]);
  return n;
}

/** target &= other (in place). */
export function andInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i] &= other[i];
  target.fill(0, n);
}

/** target |= other (in place; `target` must be at least as long as the set part of `other`). */
export function orInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i] |= other[i];
}

/** target &= ~other (in place). */
export function andNotInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i] &= ~other[i];
}

/** Visit the set bits in ascending order; stop when `visit` returns false. */
export function forEachBit(bits: Bits, visit: (d: number) => boolean | void): void {
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i];
    while (w) {
      const t = w & -w;
      const d = (i << 5) + (31 - Math.clz32(t));
      if (visit(d) === false) return;
      w ^= t;
    }
  }
}

/** The set bits in ascending order (into `into`, when given: at least `known` long). */
export function toDocs(bits: Bits, known?: number, into?: Int32Array): Int32Array {
  const out = into ?? new Int32Array(known ?? count(bits));
  let k = 0;
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i];
    while (w) {
      const t = w & -w;
      out[k++] = (i << 5) + (31 - Math.clz32(t));
      w ^= t;
    }
  }
  return k === out.length ? out : out.subarray(0, k);
}
