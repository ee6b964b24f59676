// Strings made to collide under the plain FNV-1a hash (or in its low bits) spread under the seeded,
// finished hash that the server's tables use.
import { describe, expect, it } from 'vitest';
import { freshSeed, hashFinish, hashStart, hashStep, PROCESS_SEED, seededHash } from './seeded-hash.ts';
import { fnvMulticollisions, plainFnv } from '../testing/fnv-collisions.ts';

const distinct = (xs: number[]) => new Set(xs).size;

describe('seededHash', () => {
  it('spreads 32,768 words that share the low 20 bits of the plain hash', () => {
    const words = fnvMulticollisions(15, 20);
    expect(distinct(words.map((w) => plainFnv(w) & 0xfffff))).toBe(1);
    // 32,768 random values in 2^20 slots: ~32,260 distinct
    expect(distinct(words.map((w) => seededHash(w, PROCESS_SEED) & 0xfffff))).toBeGreaterThan(31_500);
  });

  it('spreads strings whose characters agree in their low bits, whatever the seed', () => {
    // 'a' (0x61) and 'q' (0x71) share their low four bits: so do all FNV states over them
    const words = Array.from({ length: 256 }, (_, n) => Array.from({ length: 8 }, (_, i) => ((n >> i) & 1 ? 'q' : 'a')).join(''));
    for (const seed of [0, 1, freshSeed()]) {
      const unfinished = (w: string) => [...w].reduce((h, c) => hashStep(h, c.charCodeAt(0)), hashStart(seed));
      expect(distinct(words.map((w) => unfinished(w) & 0xf))).toBe(1);
      expect(distinct(words.map((w) => seededHash(w, seed) & 0xf))).toBe(16);
    }
  });

  it('is the finished FNV-1a from the seed, step by step', () => {
    let h = hashStart(7);
    for (const c of 'folder') h = hashStep(h, c.charCodeAt(0));
    expect(seededHash('folder', 7)).toBe(hashFinish(h));
    expect(seededHash('folder', 7)).not.toBe(seededHash('folder', 8));
    expect(seededHash('folder', 7)).toBeGreaterThanOrEqual(0);
  });
});
