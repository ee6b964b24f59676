// The fresh segment's postings are those of the documents in it, whatever the order of adds and
// removes (a record log that grows and is compacted, single-document terms kept as a number).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FreshSegment, freshSize, TermList } from './fresh.ts';

type Fields = [number, number][][];
type Op = { k: 'add'; doc: number; fields: Fields } | { k: 'remove'; doc: number };

/** term numbers over several pages of a TermTable (1,024 each), some pages never used */
const TERMS = [0, 1, 1023, 1024, 5_000, 70_001];
const DOCS = 8;
/** distinct terms with their frequencies, per field */
const fieldArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...TERMS), fc.integer({ min: 1, max: 3 })), { selector: ([t]) => t, maxLength: TERMS.length });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('add' as const), doc: fc.nat(DOCS - 1), fields: fc.tuple(fieldArb, fieldArb, fieldArb) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remove' as const), doc: fc.nat(DOCS - 1) }) },
);

describe('FreshSegment', () => {
  it('holds exactly the postings of its documents', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), fc.constantFrom(4, 16, 64, 1024), (ops, firstLog) => {
        const seg = new FreshSegment(firstLog);
        const model = new Map<number, Fields>();
        for (const op of ops) {
          seg.remove(op.doc); // as FullText.set does before adding
          model.delete(op.doc);
          if (op.k === 'add') {
            seg.begin(op.doc);
            op.fields.forEach((pairs, f) => seg.field(op.doc, f, Int32Array.from(pairs.map(([t]) => t)), Int32Array.from(pairs.map(([, tf]) => tf)), pairs.length));
            model.set(op.doc, op.fields);
          }
          expect(seg.size).toBe(model.size);
          expect([...seg.docs.keys()].sort()).toEqual([...model.keys()].sort());
          for (let f = 0; f < 3; f++) {
            expect(seg.postingCount(f)).toBe([...model.values()].reduce((n, fields) => n + fields[f].length, 0));
            const held = TERMS.filter((t) => [...model.values()].some((fields) => fields[f].some(([x]) => x === t)));
            expect([...seg.fields[f].sortedTerms()]).toEqual(held);
            expect(seg.fields[f].size).toBe(held.length);
            // a list's place is taken again once its term lets it go: never more places than terms
            expect(seg.fields[f].listPlaces).toBeLessThanOrEqual(TERMS.length);
            for (const t of TERMS) {
              const want = [...model].flatMap(([doc, fields]) => fields[f].filter(([x]) => x === t).map(([, tf]) => [doc, tf])).sort((a, b) => a[0] - b[0]);
              const got: number[][] = [];
              seg.forEach(f, t, (doc, tf) => got.push([doc, tf]));
              expect(got.sort((a, b) => a[0] - b[0]), `term ${t} field ${f}`).toEqual(want);
              expect(freshSize(seg.fields[f].get(t))).toBe(want.length);
              expect(seg.fields[f].has(t)).toBe(want.length > 0);
              // each entry of a list knows where its pair is in the log, and the pair its place in the list
              const p = seg.fields[f].get(t);
              const log = (seg as unknown as { log: Int32Array }).log;
              if (p instanceof TermList) for (let i = 0; i < p.n; i++) expect([log[p.e[3 * i + 2]], log[p.e[3 * i + 2] + 1]]).toEqual([t, i]);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps no more list places than terms when a document is indexed again and again', () => {
    const seg = new FreshSegment();
    const terms = Int32Array.from({ length: 50 }, (_, i) => i * 37);
    const tfs = new Int32Array(50).fill(2);
    // each word twice in the one document: its postings are a list, let go and made again each time
    for (let round = 0; round < 2_000; round++) {
      seg.remove(1);
      seg.begin(1);
      seg.field(1, 0, terms, tfs, terms.length);
    }
    expect(seg.fields[0].size).toBe(50);
    expect(seg.fields[0].listPlaces).toBeLessThanOrEqual(50);
    const found: number[][] = [];
    seg.forEach(0, 37, (doc, tf) => found.push([doc, tf]));
    expect(found).toEqual([[1, 2]]);
  });
});
