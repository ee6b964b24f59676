// The patches of one append spelled from what an append changes (appendPatches, the create's way)
// against those found by comparing the records (childRecordPatches, the general way): the same
// patches in the same order, for records of every shape an append meets (a chunk, a group or a
// trie leaf full or not, a leaf that splits, a root leaf, a record left by removals and moves, a
// record from before seeds), and they lead from the record before to the one after and back.
import { applyPatches, enablePatches } from 'immer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK, GROUP, checkChildren, emptyChildren, insertChild, moveChildTo, removeChild, type Children } from './children.ts';
import { appendPatches, childRecordPatches } from './children-patches.ts';
import { MadeSet } from './children-copies.ts';
import type { Patch } from 'immer';

enablePatches();

interface Holder {
  children?: Children;
}

/** A record of `size` appended children (ids `c0`...), then `removed` of them taken out and `moved` moved first. */
function record(size: number, removed: number[], moved: number[], seeded: boolean): Children {
  const node: Holder = { children: emptyChildren() };
  if (!seeded) delete node.children!.k;
  for (let i = 0; i < size; i++) insertChild(node, `c${i}`, `u${i}`, undefined, new MadeSet());
  for (const r of removed) removeChild(node, `c${r % Math.max(1, size)}`);
  for (const m of moved) moveChildTo(node, `c${m % Math.max(1, size)}`, 0);
  return node.children!;
}

/** The append of `id` to `before` as addNode makes it (its own copies), and both spellings of its patches. */
function append(before: Children, id: string): { after: Children; spelled: Patch[][]; compared: Patch[][] } {
  const node: Holder = { children: before };
  insertChild(node, id, `uid-${id}`, undefined, new MadeSet());
  const after = node.children!;
  const spelled: Patch[][] = [[], []];
  const compared: Patch[][] = [[], []];
  appendPatches(['children'], before, after, id, spelled[0], spelled[1]);
  childRecordPatches(['children'], before, after, compared[0], compared[1]);
  return { after, spelled, compared };
}

describe('the patches of an append', () => {
  it('spelled from the append are those found by comparing the records', () => {
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 3 * CHUNK * GROUP }),
      fc.constantFrom(0, 1, 19, 20, 21, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK * GROUP - 1, CHUNK * GROUP, CHUNK * GROUP + 1),
    );
    fc.assert(
      fc.property(
        sizes,
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.boolean(),
        fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 30 }),
        (size, removed, moved, seeded, ids) => {
          let before = record(size, removed, moved, seeded);
          const taken = new Set<string>();
          for (const raw of ids) {
            const id = `n-${raw}`;
            if (taken.has(id)) continue;
            taken.add(id);
            const copy = structuredClone(before);
            const { after, spelled, compared } = append(before, id);
            expect(spelled).toEqual(compared);
            expect(checkChildren(after, 'after')).toEqual([]);
            expect(before).toEqual(copy); // the record before is left as it was
            expect(applyPatches({ children: before }, spelled[0])).toEqual({ children: after });
            expect(applyPatches({ children: after }, spelled[1])).toEqual({ children: before });
            before = after;
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
