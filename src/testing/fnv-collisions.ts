// Strings that collide under the plain FNV-1a hash (offset 0x811c9dc5, no seed) in its low `bits`
// bits: what an attacker can make offline against an unseeded table. FNV-1a reads one character
// at a time and its low bits depend only on the low bits before, so two blocks that collide from
// one state can be chained: t pairs of blocks give 2^t colliding strings (Joux's multicollisions).
// Used by tests and bench/hash-flood.ts to show that the server's tables are seeded.

const step = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);

/**
 * 2^pairs strings over [a-z] of 8 * pairs characters whose plain FNV-1a hashes agree in their low
 * `bits` bits (32: the whole hash). Each pair of blocks is found by the birthday bound: ~2^(bits/2)
 * blocks tried (blocks of four letters cannot collide in all 32 bits: only the last character
 * could cancel a difference).
 */
export function fnvMulticollisions(pairs: number, bits: number): string[] {
  const mask = bits >= 32 ? -1 : (1 << bits) - 1;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let seed = 12345;
  const letter = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    return letters[(seed >>> 8) % 26];
  };
  let state = 0x811c9dc5 | 0;
  let strings = [''];
  for (let p = 0; p < pairs; p++) {
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    while (!pair) {
      let block = '';
      for (let i = 0; i < 8; i++) block += letter();
      let h = state;
      for (let i = 0; i < 8; i++) h = step(h, block.charCodeAt(i));
      const other = seen.get(h & mask);
      if (other !== undefined && other !== block) pair = [other, block];
      else seen.set(h & mask, block);
    }
    for (let i = 0; i < 8; i++) state = step(state, pair[0].charCodeAt(i));
    strings = strings.flatMap((s) => [s + pair![0], s + pair![1]]);
  }
  return strings;
}

/** The plain FNV-1a hash (unsigned). */
export function plainFnv(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) h = step(h, text.charCodeAt(i));
  return h >>> 0;
}
