// One value index: value key -> the documents holding it. A posting adapts to its size: a bare
// document number, a Set while small, a bitset once it covers a noticeable part of the site
// (low-cardinality indexes such as portal_type, review_state or allowedRolesAndUsers tokens).
import { add, grow, has, orInto, remove, type Bits } from './bitset.ts';

export class BitPosting {
  constructor(
    public bits: Bits,
    public size: number,
  ) {}
}

export type Posting = number | Set<number> | BitPosting;

export const postingSize = (p: Posting | undefined): number =>
  p === undefined ? 0 : typeof p === 'number' ? 1 : p instanceof Set ? p.size : p.size;

export function postingHas(p: Posting | undefined, d: number): boolean {
  if (p === undefined) return false;
  if (typeof p === 'number') return p === d;
  return p instanceof Set ? p.has(d) : has(p.bits, d);
}

/** OR the documents of `p` into `target` (long enough for every document). */
export function postingOrInto(p: Posting | undefined, target: Bits): void {
  if (p === undefined) return;
  if (typeof p === 'number') target[p >>> 5] |= 1 << (p & 31);
  else if (p instanceof Set) for (const d of p) target[d >>> 5] |= 1 << (d & 31);
  else orInto(target, p.bits);
}

export function postingForEach(p: Posting | undefined, visit: (d: number) => void): void {
  if (p === undefined) return;
  if (typeof p === 'number') visit(p);
  else if (p instanceof Set) p.forEach(visit);
  else {
    const bits = p.bits;
    for (let i = 0; i < bits.length; i++) {
      let w = bits[i];
      while (w) {
        const t = w & -w;
        visit((i << 5) + (31 - Math.clz32(t)));
        w ^= t;
      }
    }
  }
}

const MIN_BITS = 64;

/** A value index: value key -> postings (ValueIndex, or column-index.ts's over a column). */
export interface Postings {
  add(key: string, d: number): void;
  remove(key: string, d: number): void;
  get(key: string): Posting | undefined;
  /** Every value with a document. */
  keys(): Iterable<string>;
}

export class ValueIndex implements Postings {
  /** `map`: the postings (a UID -> document map serves as the UID index's) */
  constructor(readonly map = new Map<string, Posting>()) {}
  /** Words a bitset needs for the highest document seen. */
  private words = 1;

  add(key: string, d: number): void {
    if (d >>> 5 >= this.words) this.words = (d >>> 5) + 1;
    const p = this.map.get(key);
    if (p === undefined) this.map.set(key, d);
    else if (typeof p === 'number') {
      if (p !== d) this.map.set(key, new Set([p, d]));
    } else if (p instanceof Set) {
      p.add(d);
      if (p.size >= MIN_BITS && p.size * 2 > this.words) {
        const bits = new Uint32Array(this.words);
        for (const x of p) add(bits, x);
        this.map.set(key, new BitPosting(bits, p.size));
      }
    } else if (!has(p.bits, d)) {
      if (d >>> 5 >= p.bits.length) p.bits = grow(p.bits, this.words);
      add(p.bits, d);
      p.size++;
    }
  }

  remove(key: string, d: number): void {
    const p = this.map.get(key);
    if (p === undefined) return;
    if (typeof p === 'number') {
      if (p === d) this.map.delete(key);
    } else if (p instanceof Set) {
      p.delete(d);
      if (p.size === 1) this.map.set(key, p.values().next().value!);
      else if (p.size === 0) this.map.delete(key);
    } else if (has(p.bits, d)) {
      remove(p.bits, d);
      p.size--;
      if (p.size * 8 < this.words && p.size < MIN_BITS) {
        const set = new Set<number>();
        postingForEach(p, (x) => set.add(x));
        this.map.set(key, set.size === 1 ? set.values().next().value! : set);
        if (set.size === 0) this.map.delete(key);
      }
    }
  }

  get(key: string): Posting | undefined {
    return this.map.get(key);
  }

  keys(): Iterable<string> {
    return this.map.keys();
  }
}
