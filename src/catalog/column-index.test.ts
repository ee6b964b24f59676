import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnIndex } from './column-index.ts';
import { postingForEach } from './postings.ts';

const docsOf = (index: ColumnIndex, key: string): number[] => {
  const out: number[] = [];
  postingForEach(index.get(key), (d) => out.push(d));
  return out.sort((a, b) => a - b);
};

describe('ColumnIndex (value -> documents over a column)', () => {
  it('answers like a map of sets through adds, moves and removals, with shared values and growth', () => {
    // few values (shared by many documents: the overflow) and many (mostly one document each)
    const value = fc.oneof(fc.constantFrom('a', 'b', 'image', '__proto__', ''), fc.integer({ min: 0, max: 400 }).map((i) => `v${i}`));
    const op = fc.record({ doc: fc.integer({ min: 0, max: 300 }), value: fc.option(value, { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), (ops) => {
        const column: (string | undefined)[] = [];
        const index = new ColumnIndex((d) => column[d]);
        for (const { doc, value: v } of ops) {
          // the caller's contract: the old value is still in the column when it is removed, and
          // the new one is written to the column after it is added
          const old = column[doc];
          if (old !== undefined && old !== v) index.remove(old, doc);
          if (v !== undefined && old !== v) index.add(v, doc);
          column[doc] = v;
        }
        const model = new Map<string, number[]>();
        column.forEach((v, d) => v !== undefined && model.set(v, [...(model.get(v) ?? []), d]));
        for (const [k, docs] of model) expect(docsOf(index, k)).toEqual(docs);
        expect(new Set(index.keys())).toEqual(new Set(model.keys()));
        expect(index.get('absent')).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('answers right at every point of a resize moved in steps', () => {
    const value = fc.oneof(fc.constantFrom('a', 'b', 'image'), fc.integer({ min: 0, max: 2000 }).map((i) => `v${i}`));
    const op = fc.record({ doc: fc.integer({ min: 0, max: 1500 }), value: fc.option(value, { nil: undefined }) });
    fc.assert(
      // `before` documents first, so that the random writes meet a resize at any point of its moving
      fc.property(fc.integer({ min: 20, max: 200 }), fc.array(op, { maxLength: 800 }), fc.integer({ min: 1, max: 8 }), (before, ops, step) => {
        const column: (string | undefined)[] = [];
        const index = new ColumnIndex((d) => column[d], step);
        const model = new Map<string, Set<number>>();
        const write = (doc: number, v: string | undefined) => {
          const old = column[doc];
          if (old !== undefined && old !== v) {
            index.remove(old, doc);
            model.get(old)!.delete(doc);
          }
          if (v !== undefined && old !== v) {
            index.add(v, doc);
            model.set(v, (model.get(v) ?? new Set()).add(doc));
          }
          column[doc] = v;
          // while a resize moves the old table out, every value (a run there may pass a removed document)
          // (compared by hand, and handed to expect only when they differ: thousands of checks a run)
          for (const k of index.moving ? model.keys() : [old, v]) {
            if (k === undefined) continue;
            const want = model.get(k) ?? new Set<number>();
            const got = docsOf(index, k);
            const first = index.first(k);
            const right = got.length === want.size && got.every((d) => want.has(d)) && (want.size ? want.has(first!) : first === undefined);
            if (!right) expect({ k, got, first }).toEqual({ k, got: [...want].sort((a, b) => a - b), first: want.size ? 'one of got' : undefined });
          }
        };
        for (let i = 0; i < before; i++) write(i, `p${i}`); // the random writes then remove and move them
        for (const { doc, value: v } of ops) write(doc, v);
        for (const [k, docs] of model) expect(docsOf(index, k)).toEqual([...docs].sort((a, b) => a - b));
        expect(new Set(index.keys())).toEqual(new Set([...model].filter(([, d]) => d.size).map(([k]) => k)));
      }),
      { numRuns: 50 },
    );
  });

  it('moves a table of 100,000 documents over in steps: no add reads more than a few hundred values', () => {
    const column: string[] = [];
    let reads = 0;
    const index = new ColumnIndex((d) => (reads++, column[d]));
    let most = 0;
    for (let d = 0; d < 100_000; d++) {
      column[d] = `uid-${d}`;
      reads = 0;
      index.add(column[d], d);
      most = Math.max(most, reads);
    }
    // STEP slots of the old table per write, and the probe runs of the new and old tables
    expect(most).toBeLessThan(200);
    expect(index.first('uid-77777')).toBe(77777);
    expect(index.size).toBe(100_000);
  });

  it('gives a value of one document as its number, and the first document of a value', () => {
    const column = ['u1', 'u2', 'u1'];
    const index = new ColumnIndex((d) => column[d]);
    index.reserve(1000);
    column.forEach((v, d) => index.add(v, d));
    expect(index.get('u2')).toBe(1);
    expect(index.get('u1')).toEqual(new Set([0, 2]));
    expect(index.first('u2')).toBe(1);
    expect(index.first('nope')).toBeUndefined();
    index.add('u2', 1); // already there
    expect(index.size).toBe(3);
    index.remove('u1', 0);
    expect(index.get('u1')).toBe(2);
  });
});
