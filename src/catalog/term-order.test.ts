import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TermOrder } from './term-order.ts';

describe('TermOrder', () => {
  it('finds exactly the terms of a prefix while the dictionary grows, in runs that stay sorted and few', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', 'z'), minLength: 0, maxLength: 5 });
    const step = fc.oneof({ weight: 4, arbitrary: word.map((w) => ({ add: w })) }, { weight: 1, arbitrary: word.map((w) => ({ ask: w.slice(0, 2) })) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), fc.integer({ min: 1, max: 8 }), (steps, tail) => {
        const terms: string[] = [];
        const order = new TermOrder(terms, tail, Infinity);
        for (const s of steps) {
          if ('add' in s) {
            if (!terms.includes(s.add)) terms.push(s.add); // a dictionary holds each term once
            continue;
          }
          const found = order.withPrefix(s.ask).sort((a, b) => a - b);
          const expected = terms.flatMap((t, i) => (t.startsWith(s.ask) ? [i] : []));
          expect(found).toEqual(expected);
        }
        order.withPrefix('');
        const runs = order.sortedRuns;
        for (const run of runs) for (let i = 1; i < run.length; i++) expect(terms[run[i - 1]] <= terms[run[i]]).toBe(true);
        // each run more than twice the next: at most log2(terms / tail) + 1 runs
        for (let i = 1; i < runs.length; i++) expect(runs[i - 1].length).toBeGreaterThan(2 * runs[i].length);
        const covered = runs.reduce((n, r) => n + r.length, 0);
        expect(new Set(runs.flatMap((r) => [...r])).size).toBe(covered);
        expect(terms.length - covered).toBeLessThan(tail);
      }),
      { numRuns: 200 },
    );
  });

  it('answers exactly while merges are under way, and ends in a few runs', () => {
    const terms: string[] = [];
    const order = new TermOrder(terms, 2048, 0); // a merge advances by one stride per look-up
    let seenBusy = 0;
    for (let i = 0; i < 300_000; i++) {
      terms.push(((i * 2654435761) >>> 0).toString(36));
      if (i % 3_000 === 0) {
        const p = terms[i].slice(0, 2);
        const found = order.withPrefix(p);
        if (order.busy) seenBusy++;
        expect(found.length).toBe(terms.filter((t) => t.startsWith(p)).length);
      }
    }
    expect(seenBusy).toBeGreaterThan(10); // look-ups were answered half-way through merges
    while (order.pending) order.withPrefix('zz');
    expect(order.sortedRuns.length).toBeLessThanOrEqual(Math.log2(300_000 / 2048) + 1);
    expect(order.withPrefix('zzz').every((t) => terms[t].startsWith('zzz'))).toBe(true);
    expect(order.withPrefix('zzz').length).toBe(terms.filter((t) => t.startsWith('zzz')).length);
  });
});
