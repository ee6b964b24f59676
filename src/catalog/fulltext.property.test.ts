// Property: the segmented full-text index (base, fresh segment, sliced merges interleaved with
// writes) finds exactly the documents whose current text holds a word, per field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FullText, type DocTexts } from './fulltext.ts';
import { analyze } from './analyze.ts';
import { toDocs, wordsFor } from './bitset.ts';

const WORDS = ['apple', 'banana', 'cherry', 'runner', 'quick', 'fox', 'delta', 'echo'];
const DOCS = 40;

type Op =
  | { k: 'set'; doc: number; words: number[][] }
  | { k: 'remove'; doc: number }
  | { k: 'slice'; steps: number }
  | { k: 'merge' };

const textArb = fc.array(fc.array(fc.nat(WORDS.length - 1), { maxLength: 5 }), { minLength: 3, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('set' as const), doc: fc.nat(DOCS - 1), words: textArb }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remove' as const), doc: fc.nat(DOCS - 1) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('slice' as const), steps: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'merge' as const }) },
);

const texts = (words: number[][]): DocTexts => words.map((ws) => ws.map((w) => WORDS[w]).join(' ')) as DocTexts;

describe('full text = the current texts, across sliced merges', () => {
  it('matches a scan of the documents for every word and field', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(DOCS - 1), textArb), { maxLength: 20 }), fc.array(opArb, { maxLength: 60 }), (initial, ops) => {
        const current = new Map<number, DocTexts>();
        for (const [doc, words] of initial) current.set(doc, texts(words));
        const index = new FullText(current.entries());
        const check = () => {
          for (const word of WORDS) {
            const term = analyze(word)[0];
            const t = index.termId(term);
            for (const fields of [[0], [1], [2], [0, 1, 2]]) {
              const bits = new Uint32Array(wordsFor(DOCS));
              if (t !== undefined) index.matchInto(fields, t, bits, null);
              const want = [...current].filter(([, tx]) => fields.some((f) => analyze(tx[f]).includes(term))).map(([d]) => d).sort((a, b) => a - b);
              expect([...toDocs(bits)], `${word} in ${fields}`).toEqual(want);
            }
          }
          expect(index.size).toBe(current.size);
        };
        for (const op of ops) {
          if (op.k === 'set') {
            current.set(op.doc, texts(op.words));
            index.set(op.doc, texts(op.words));
          } else if (op.k === 'remove') {
            current.delete(op.doc);
            index.remove(op.doc);
          } else if (op.k === 'merge') index.merge();
          else {
            if (!index.merging) index.startMerge();
            for (let i = 0; i < op.steps && index.merging; i++) index.mergeStep(0);
          }
          check();
        }
        index.merge();
        check();
        expect(index.pending).toBe(0);
        // once merged, the scores are tf-idf over the current texts (tf read back from the postings)
        for (const word of WORDS) {
          const term = analyze(word)[0];
          const t = index.termId(term);
          if (t === undefined) continue;
          const scores = new Float64Array(DOCS);
          index.matchInto([0, 1, 2], t, new Uint32Array(wordsFor(DOCS)), scores);
          const want = new Float64Array(DOCS);
          for (const f of [0, 1, 2]) {
            const tfs = [...current].map(([d, tx]) => [d, analyze(tx[f]).filter((x) => x === term).length] as const).filter(([, tf]) => tf > 0);
            for (const [d, tf] of tfs) want[d] += [3, 2, 1][f] * Math.log(1 + Math.max(1, current.size) / tfs.length) * (1 + Math.log(tf));
          }
          for (let d = 0; d < DOCS; d++) expect(scores[d], `${word} score of ${d}`).toBeCloseTo(want[d], 9);
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000); // ~10 s alone; a loaded machine (the whole suite on 2 cores) takes several times that
});

describe('a merge that keeps lists as they are (merge.ts keepList) = one that merges every posting', () => {
  it('finds the same documents with the same scores, and ends with the same bytes', () => {
    const lists = (index: FullText) => (index as unknown as { segments: { fields: { start: Int32Array; bytes: Uint8Array }[] }[] }).segments.map((s) => s.fields.map((l) => [[...l.start], [...l.bytes]]));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(DOCS - 1), textArb), { maxLength: 20 }), fc.array(opArb, { maxLength: 60 }), fc.boolean(), (initial, ops, ascending) => {
        // ascending: new documents come after every one there is (as new objects' intids do), so that detached postings are added after the lists
        let next = DOCS;
        const docOf = (doc: number) => (ascending ? next++ : doc);
        const start = new Map<number, DocTexts>(initial.map(([doc, words]) => [doc, texts(words)]));
        const fast = new FullText(start.entries());
        const slow = new FullText(start.entries());
        slow.copyLists = false;
        const both = (f: (index: FullText) => void) => {
          f(fast);
          f(slow);
        };
        const compare = () => {
          for (const word of WORDS) {
            const term = analyze(word)[0];
            const t = fast.termId(term);
            expect(slow.termId(term)).toBe(t);
            if (t === undefined) continue;
            for (const fields of [[0], [1], [2], [0, 1, 2]]) {
              const size = wordsFor(Math.max(fast.maxDoc, DOCS) + 1);
              const [a, b] = [new Uint32Array(size), new Uint32Array(size)];
              const [sa, sb] = [new Float64Array(size * 32), new Float64Array(size * 32)];
              fast.matchInto(fields, t, a, sa);
              slow.matchInto(fields, t, b, sb);
              expect([...toDocs(a)], `${word} in ${fields}`).toEqual([...toDocs(b)]);
              expect([...sa], `${word} scores in ${fields}`).toEqual([...sb]);
            }
          }
          expect(fast.size).toBe(slow.size);
          expect(fast.pending).toBe(slow.pending);
          expect(lists(fast)).toEqual(lists(slow));
        };
        for (const op of ops) {
          if (op.k === 'set') {
            const doc = docOf(op.doc);
            both((index) => index.set(doc, texts(op.words)));
          } else if (op.k === 'remove') both((index) => index.remove(op.doc));
          else if (op.k === 'merge') both((index) => index.merge());
          else {
            both((index) => {
              if (!index.merging) index.startMerge();
              for (let i = 0; i < op.steps && index.merging; i++) index.mergeStep(0);
            });
            expect(fast.merging).toBe(slow.merging);
          }
          compare();
        }
        both((index) => index.merge());
        compare();
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
