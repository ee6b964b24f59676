// Hashes of strings callers choose (short ids, words of a text, column values) for the tables and
// tries that place them. With a start everyone knows, anyone can make thousands of strings that
// share a slot (FNV-1a is iterative: blocks that collide can be chained), and every look-up or
// insert among them walks them all. So a hash starts from a seed nobody outside the server knows,
// and its 32 bits are mixed at the end: FNV's low bits depend only on the low bits of the seed and
// of the characters, which would let strings collide in a table's low bits whatever the seed.
import { randomInt } from 'node:crypto';

const FNV_START = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A seed made of 31 drawn bits above a set 32nd, so that its decimal form always has ten digits
 * and a stored seed never changes the size of what holds it (a change's size in `@transactions`,
 * a snapshot's).
 */
export const seedOf = (bits: number): number => 2 ** 31 + (bits & 0x7fffffff);

/** A seed from the system's random generator. */
export const randomSeed = (): number => seedOf(randomInt(0, 2 ** 31));

/**
 * Where the seeds of records made by the recipe now running come from. A store sets it around
 * each recipe it runs (`withSeeds`), so a seed is one more input of the request, like its clock
 * and UIDs: a --deterministic server draws the same seeds for the same requests.
 */
let drawing: () => number = randomSeed;

/** Run `fn` (a recipe) with seeds drawn from `source`. */
export function withSeeds<T>(source: () => number, fn: () => T): T {
  const outer = drawing;
  drawing = source;
  try {
    return fn();
  } finally {
    drawing = outer;
  }
}

/** The seed of a record being made (stored with it). */
export const freshSeed = (): number => drawing();

/** The seed of the in-memory tables of this process (rebuilt at each start, never stored). */
export const PROCESS_SEED = randomSeed();

/** The start of a plain FNV-1a hash (no seed). */
export const FNV_OFFSET = FNV_START | 0;

/**
 * Plain FNV-1a: state `h` continued over `text` from its character `from` (signed 32 bits, not
 * finished). Only for keys callers cannot choose in bulk (the server's UIDs, a cache's
 * fingerprints) and for records made before seeds.
 */
export function fnvFrom(h: number, text: string, from = 0): number {
  for (let i = from; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** The state of a hash of `seed` before any character. */
export const hashStart = (seed: number): number => (FNV_START ^ seed) | 0;

/** The state after one more UTF-16 code unit. */
export const hashStep = (h: number, code: number): number => Math.imul(h ^ code, FNV_PRIME);

/** The finished hash of a state: every output bit depends on every bit of the state (murmur3's finaliser). */
export function hashFinish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash of `text` from `seed` (unsigned 32 bits). */
export function seededHash(text: string, seed: number): number {
  let h = hashStart(seed);
  for (let i = 0; i < text.length; i++) h = hashStep(h, text.charCodeAt(i));
  return hashFinish(h);
}
