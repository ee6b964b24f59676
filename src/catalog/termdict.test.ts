// The term-number analyser reads words straight from the text; it must find the same terms, in
// the same order, as analyze() (Lunr's separator, trimmer, stop words and stemmer).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze } from './analyze.ts';
import { IntList, TermDict } from './termdict.ts';
import { fnvMulticollisions } from '../testing/fnv-collisions.ts';

const pieces = ['Running', 'runner', 'the', 'a', 'FOX', 'naïve', 'café', '12345', 'e-mail', '--', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', '\u2028', '\ufeff', ',', '.', '!', "it's", '(x)', 'ñ', '日本'];

describe('TermDict.analyzeInto', () => {
  it('gives the terms of analyze(), in order', () => {
    const dict = new TermDict();
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const out = new IntList(2);
        dict.analyzeInto(text, out);
        expect(Array.from(out.a.subarray(0, out.n), (t) => dict.terms[t])).toEqual(analyze(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same term numbers after forgetting the raw words it saw', () => {
    const dict = new TermDict();
    const numbers = (text: string) => {
      const out = new IntList(2);
      dict.analyzeInto(text, out);
      return Array.from(out.a.subarray(0, out.n));
    };
    const before = numbers('Running foxes and 12345 runners');
    dict.forgetRawWords();
    expect(numbers('Running foxes and 12345 runners')).toEqual(before);
    expect(dict.size).toBe(4);
  });

  it('finds the terms of words made to collide in the low 20 bits of the plain hash (bench/hash-flood.ts times them)', () => {
    const words = fnvMulticollisions(12, 20);
    const dict = new TermDict();
    const out = new IntList(2);
    dict.analyzeInto(words.join(' '), out);
    expect(out.n).toBe(4096);
    // seeded and mixed, 4,096 words in a table at most half full make runs of a few dozen at most;
    // with the plain hash every look-up walked the run of all the words before it (4,095)
    expect(dict.longestProbe).toBeLessThan(100);
    expect(Array.from(out.a.subarray(0, out.n), (t) => dict.terms[t])).toEqual(analyze(words.join(' ')));
  });
});
