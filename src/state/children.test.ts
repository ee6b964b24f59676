// The children record against a plain array model: random sequences of inserts (anywhere),
// removals, renames, moves, placements and whole reorders, each run as an Immer recipe like a
// commit, on folders large enough to split and merge chunks and trie leaves. After every step the
// record is sound (checkChildren), reads agree with the model, and replaying the step's patches
// (the journal) on the state before gives the state after, and its inverse patches the state before.
// Patches are taken as the store hands them on: the whole-record patch refined (children-patches.ts).
import { applyPatches, enablePatches, freeze, Immer, type Patch } from 'immer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  GROUP,
  checkChildren,
  childAt,
  childCount,
  childList,
  childPage,
  childPosition,
  childPositions,
  childUid,
  type Children,
  insertChild,
  moveChildTo,
  placeChildren,
  removeChild,
  renameChildId,
  setChildOrder,
} from './children.ts';
import { refineChildPatches } from './children-patches.ts';

enablePatches();

const frozen = new Immer({ autoFreeze: true });

/** A recipe's state, patches and inverse patches, as the store gives them (Store.commit). */
function produceWithPatches<T>(state: T, recipe: (draft: T) => void, immer: Immer = frozen): [T, Patch[], Patch[]] {
  const [next, patches, inverse] = immer.produceWithPatches(state, (d) => void recipe(d as T));
  refineChildPatches(patches, inverse);
  return [next as T, patches, inverse];
}

interface Holder {
  children?: Children;
}

type Op =
  | { k: 'insert'; at: number | null; n: number }
  | { k: 'remove'; at: number; n: number }
  | { k: 'rename'; at: number }
  | { k: 'move'; at: number; to: number }
  | { k: 'place'; picks: number[]; shift: number }
  | { k: 'reverse' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('insert' as const), at: fc.option(fc.nat()), n: fc.integer({ min: 1, max: 3 * CHUNK }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('remove' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 2 * CHUNK }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('rename' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('place' as const), picks: fc.array(fc.nat(), { maxLength: 12 }), shift: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'reverse' as const }) },
);

/** Ids that are members of Object.prototype, or look like UIDs, are ordinary ids here. */
const ODD_IDS = ['__proto__', 'constructor', 'valueOf', 'hasOwnProperty', 'toString', ''];

let serial = 0;
const freshId = () => (serial % 7 === 0 ? `${ODD_IDS[serial % ODD_IDS.length]}-${serial++}` : `id-${serial++}`);

/** Apply `op` to the draft and to the model ([id, uid] in order). */
function run(op: Op, d: Holder, model: [string, string][]): void {
  const n = model.length;
  switch (op.k) {
    case 'insert':
      for (let i = 0; i < op.n; i++) {
        const id = i === 0 && serial % 5 === 0 ? ODD_IDS[serial % ODD_IDS.length] : freshId();
        if (model.some(([x]) => x === id)) continue;
        const uid = `uid-${serial++}`;
        const at = op.at === null ? model.length : op.at % (model.length + 1);
        insertChild(d, id, uid, op.at === null ? undefined : at);
        model.splice(at, 0, [id, uid]);
      }
      return;
    case 'remove':
      for (let i = 0; i < op.n && model.length; i++) {
        const [[id, uid]] = model.splice((op.at + i * 7) % model.length, 1);
        expect(removeChild(d, id)).toBe(uid);
      }
      return;
    case 'rename': {
      if (!n) return;
      const entry = model[op.at % n];
      const id = freshId();
      renameChildId(d, entry[0], id);
      entry[0] = id;
      return;
    }
    case 'move': {
      if (!n) return;
      const [entry] = model.splice(op.at % n, 1);
      const to = op.to % n;
      moveChildTo(d, entry[0], to);
      model.splice(to, 0, entry);
      return;
    }
    case 'place': {
      if (!n) return;
      const slots = [...new Set(op.picks.map((p) => p % n))].sort((a, b) => a - b);
      const ids = slots.map((s) => model[s][0]);
      const rotated = ids.map((_, i) => ids[(i + op.shift) % ids.length]);
      const entries = new Map(model.map((e) => [e[0], e]));
      placeChildren(d, rotated, slots);
      slots.forEach((s, i) => (model[s] = entries.get(rotated[i])!));
      return;
    }
    case 'reverse':
      model.reverse();
      setChildOrder(d, model.map(([id]) => id));
      return;
  }
}

function expectAgrees(h: Holder, model: [string, string][]): void {
  expect(h.children ? checkChildren(h.children, 'f') : []).toEqual([]);
  expect(childCount(h)).toBe(model.length);
  expect(childList(h)).toEqual(model.map(([, uid]) => uid));
  const positions = childPositions(h);
  // spot checks of the random-access reads
  for (const i of [0, 1, Math.floor(model.length / 2), model.length - 1, model.length]) {
    const entry = model[i];
    expect(childAt(h, i)).toBe(entry?.[1]);
    if (!entry) continue;
    expect(childUid(h, entry[0])).toBe(entry[1]);
    expect(childPosition(h, entry[0])).toBe(i);
    expect(positions.get(entry[1])).toBe(i);
    expect(childPage(h, i, 5)).toEqual(model.slice(i, i + 5).map(([, uid]) => uid));
  }
  for (const id of ['__proto__', 'valueOf', 'missing', 'uid-0']) {
    const entry = model.find(([x]) => x === id);
    expect(childUid(h, id)).toBe(entry?.[1]);
  }
}

describe('children record', () => {
  it('agrees with an array model through random edits, and its patches replay exactly', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 25 }), (ops) => {
        let state: Holder = freeze({}, true);
        const model: [string, string][] = [];
        for (const op of ops) {
          const [next, patches, inverse] = produceWithPatches(state, (d) => run(op, d as Holder, model));
          expectAgrees(next, model);
          expect(applyPatches(state, patches)).toEqual(next);
          expect(applyPatches(next, inverse)).toEqual(state);
          state = next;
        }
      }),
      {
        numRuns: 80,
        // found by this property: an append into a chunk that a split earlier in the same recipe
        // had put, frozen, into a new top-level list
        examples: [[[{ k: 'insert', at: 1431188753, n: 138 }, { k: 'insert', at: 170633661, n: 139 }]]],
      },
    );
  });

  it('leaves the state before a write as it was when nothing is frozen (serving, freeze.ts)', () => {
    const unfrozen = new Immer({ autoFreeze: false });
    // each step: up to three edits in one recipe (a split then an append into a chunk of before)
    const stepArb = fc.array(opArb, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), (steps) => {
        let state: Holder = {};
        const model: [string, string][] = [];
        for (const ops of steps) {
          const before = structuredClone(state);
          const [next] = produceWithPatches(state, (d) => ops.forEach((op) => run(op, d as Holder, model)), unfrozen);
          expect(state).toEqual(before);
          expectAgrees(next, model);
          state = next;
        }
      }),
      {
        numRuns: 60,
        examples: [
          [
            [
              [{ k: 'insert', at: null, n: 300 }],
              [
                { k: 'insert', at: 10, n: 200 },
                { k: 'insert', at: null, n: 1 },
              ],
            ],
          ],
        ],
      },
    );
  });

  it('copies a bounded amount per write: an append into 20,000 children touches one chunk and one leaf', () => {
    const [big] = produceWithPatches(freeze({}, true) as Holder, (d) => {
      for (let i = 0; i < 20_000; i++) insertChild(d, `c${i}`, `u${i}`);
    });
    const [next, patches] = produceWithPatches(big, (d) => insertChild(d, 'new', 'unew'));
    expect(childCount(next)).toBe(20_001);
    // a few slots of the order and one trie leaf; 12 when the leaf the seeded hash picks is full
    // and splits into a branch (the seed is the record's own: either may happen)
    expect(patches.length).toBeLessThanOrEqual(16);
    expect(JSON.stringify(patches).length).toBeLessThan(4 * 1024); // what the journal writes
    const chunksOf = (h: Holder) => h.children!.groups.flatMap((g) => g.order);
    const before = chunksOf(big);
    expect(chunksOf(next).filter((chunk, i) => chunk !== before[i])).toHaveLength(1);
    const [, removal] = produceWithPatches(next as Holder, (d) => {
      removeChild(d, 'c10000');
    });
    expect(removal.length).toBeLessThanOrEqual(16);
    expect(JSON.stringify(removal).length).toBeLessThan(4 * 1024);
    // no list a write changes holds more than a group's chunks or the groups' counts
    const lists = [next.children!.counts, ...next.children!.groups.flatMap((g) => [g.order, g.keys, g.sizes])];
    expect(Math.max(...lists.map((l) => l.length))).toBeLessThanOrEqual(2 * GROUP);
  });

  it('splits and joins groups: 5,000 inserts at the front of a big folder, then most removed', () => {
    const unfrozen = new Immer({ autoFreeze: false });
    let state: Holder = {};
    const model: [string, string][] = [];
    const step = (fn: (d: Holder) => void) => {
      const [next, patches, inverse] = produceWithPatches(state, fn, unfrozen);
      expect(applyPatches(structuredClone(state), patches)).toEqual(next);
      expect(applyPatches(structuredClone(next), inverse)).toEqual(state);
      state = next;
    };
    step((d) => {
      for (let i = 0; i < 3 * GROUP * CHUNK; i++) insertChild(d, `a${i}`, `ua${i}`);
    });
    for (let i = 0; i < 3 * GROUP * CHUNK; i++) model.push([`a${i}`, `ua${i}`]);
    for (let k = 0; k < 50; k++) {
      step((d) => {
        for (let i = 0; i < 100; i++) insertChild(d, `f${k}-${i}`, `uf${k}-${i}`, 7);
      });
      for (let i = 0; i < 100; i++) model.splice(7, 0, [`f${k}-${i}`, `uf${k}-${i}`]);
    }
    expectAgrees(state, model);
    expect(state.children!.groups.length).toBeGreaterThan(4);
    const gone = model.filter((_, i) => i % 50 !== 3);
    for (let k = 0; k < gone.length; k += 500) {
      step((d) => gone.slice(k, k + 500).forEach(([id]) => removeChild(d, id)));
    }
    const left = model.filter((_, i) => i % 50 === 3);
    expectAgrees(state, left);
    expect(state.children!.groups.length).toBeLessThanOrEqual(2);
  });
});
