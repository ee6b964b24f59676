// The copy-on-write bookkeeping of the children writers: MadeSet answers as a Set of the same
// objects (a list while short, a Set beyond), and appendIn gives what slice() and push() gave,
// the published list unchanged, and changes in place what the recipe made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MadeSet, appendIn, type Made } from './children-copies.ts';

describe('MadeSet', () => {
  it('answers has() as a Set of the objects added, past the length of its list', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(80)), { maxLength: 200 }), (steps) => {
        const pool = Array.from({ length: 81 }, (_, i) => ({ i }));
        const made = new MadeSet();
        const model = new Set<object>();
        for (const [add, k] of steps) {
          if (add) {
            made.add(pool[k]);
            model.add(pool[k]);
          }
          expect(made.has(pool[k])).toBe(model.has(pool[k]));
        }
        for (const x of pool) expect(made.has(x)).toBe(model.has(x));
      }),
    );
  });
});

describe('appendIn', () => {
  it('copies a published list with the values at its end (lists added as they are), then adds to its own copy in place', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer())), fc.array(fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }), { maxLength: 4 }), (list, appends) => {
        const published = Object.freeze(list.slice());
        const holder: { xs: unknown[] } = { xs: published as unknown[] };
        const w: Made = { made: new MadeSet() };
        const expected: unknown[] = published.slice();
        let first: unknown[] | undefined;
        for (const values of appends) {
          const out = appendIn(w, holder, 'xs', ...values, values);
          expected.push(...values, values);
          first ??= out;
          expect(out).toBe(first); // the first copy, changed in place afterwards
          expect(holder.xs).toBe(out);
          expect(w.made.has(out)).toBe(true);
          expect(out).toEqual(expected);
          expect(out[out.length - 1]).toBe(values); // a list value is one element
        }
        expect(published).toEqual(list);
        if (!appends.length) expect(holder.xs).toBe(published);
        else expect(holder.xs).not.toBe(published);
      }),
    );
  });
});
