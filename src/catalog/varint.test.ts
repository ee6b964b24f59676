// Posting lists round-trip through their varint encoding: documents in ascending order with gaps
// up to the largest document number, frequencies up to the largest kept.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PostingCursor, postingLength, readVarint, varintLength, writePosting, writeVarint } from './varint.ts';

const postingsArb = fc
  .uniqueArray(fc.oneof(fc.nat(300), fc.nat(0x7fffffff)), { maxLength: 40 })
  .chain((docs) => fc.tuple(fc.constant(docs.sort((a, b) => a - b)), fc.array(fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 65535 })), { minLength: docs.length, maxLength: docs.length })));

describe('varint posting lists', () => {
  it('read back the documents and frequencies written, with the lengths predicted', () => {
    fc.assert(
      fc.property(fc.array(postingsArb, { minLength: 1, maxLength: 4 }), (lists) => {
        const bytes = new Uint8Array(16 + lists.reduce((n, [docs]) => n + docs.length * 10 + 5, 0));
        const start = new Int32Array(lists.length + 1);
        let at = 0;
        lists.forEach(([docs, tfs], t) => {
          start[t] = at;
          if (!docs.length) return;
          at = writeVarint(bytes, at, docs.length);
          let prev = -1;
          docs.forEach((d, i) => {
            const before = at;
            at = writePosting(bytes, at, d - prev, tfs[i]);
            expect(at - before).toBe(postingLength(d - prev, tfs[i]));
            prev = d;
          });
        });
        start[lists.length] = at;
        const cursor = new PostingCursor();
        lists.forEach(([docs, tfs], t) => {
          expect(cursor.open({ start, bytes }, t)).toBe(docs.length);
          const got: [number, number][] = [];
          while (cursor.next()) got.push([cursor.doc, cursor.tf]);
          expect(got).toEqual(docs.map((d, i) => [d, tfs[i]]));
        });
        expect(cursor.open({ start, bytes }, lists.length + 3)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('encodes numbers up to 2^32 - 1 in the bytes it announces', () => {
    for (const v of [0, 1, 127, 128, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 32 - 1]) {
      const bytes = new Uint8Array(8);
      expect(writeVarint(bytes, 0, v)).toBe(varintLength(v));
      expect(readVarint(bytes, 0)).toBe(v);
    }
  });
});
