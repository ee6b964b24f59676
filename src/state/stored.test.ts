import { describe, expect, it } from 'vitest';
import { enablePatches, Immer, isDraft } from 'immer';
import fc from 'fast-check';
import { stored, storedOwn } from './stored.ts';

enablePatches();
const immer = new Immer({ autoFreeze: false });
interface TypeLike {
  title: string;
  behaviors: string[];
}
const base = () => ({ types: Object.assign(Object.create(null) as Record<string, TypeLike>, { Doc: { title: 'Doc', behaviors: ['a'] } }), n: 0 });

describe('stored', () => {
  it('reads without drafting: a commit that only reads changes nothing and makes no patch', () => {
    const state = base();
    const [next, patches] = immer.produceWithPatches(state, (d) => {
      const types = stored(d, 'types');
      expect(isDraft(types)).toBe(false);
      expect(types).toBe(state.types);
      expect(storedOwn(types, 'Doc')).toBe(state.types.Doc);
      expect(storedOwn(types, '__proto__')).toBeUndefined();
      expect(storedOwn(types, 'valueOf')).toBeUndefined();
      d.n = 1;
      // the draft of the root made by the write was not asked to draft `types`
      expect(isDraft(stored(d, 'types'))).toBe(false);
    });
    expect(next.types).toBe(state.types);
    expect(patches).toEqual([{ op: 'replace', path: ['n'], value: 1 }]);
  });

  it('sees what the recipe changed before it (the draft made then)', () => {
    const state = base();
    immer.produce(state, (d) => {
      d.types.Doc.title = 'Changed';
      const types = stored(d, 'types');
      expect(isDraft(types)).toBe(true);
      expect(storedOwn(types, 'Doc')!.title).toBe('Changed');
      d.types.New = { title: 'New', behaviors: [] };
      expect(storedOwn(stored(d, 'types'), 'New')!.title).toBe('New');
    });
    expect(state.types.Doc.title).toBe('Doc');
  });

  it('outside a recipe is a plain member read', () => {
    const state = base();
    expect(stored(state, 'types')).toBe(state.types);
    expect(storedOwn(undefined, 'x')).toBeUndefined();
  });
});

/** The stored value as Immer's getOwnPropertyDescriptor trap gives it (what stored() read before it read the draft's record). */
const byTrap = (o: object, k: PropertyKey): unknown => (isDraft(o) ? Reflect.getOwnPropertyDescriptor(o, k)?.value : (o as Record<PropertyKey, unknown>)[k]);

describe('stored reads what the trap reads', () => {
  // a state of nested objects (some with a null prototype) and lists; recipes that set, delete,
  // push and read (a read through the draft makes a draft) along random paths, comparing stored()
  // with the trap for every key of every object met, drafted or not, changed or not
  type Tree = { [k: string]: Tree } | Tree[] | number;
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: 9 }),
      fc.array(tie('t'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'toString', '__proto__'), tie('t'), { maxKeys: 4 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('t'), { maxKeys: 3 }).map((d) => Object.assign(Object.create(null) as Record<string, Tree>, d)),
    ),
  })).t;
  const step = fc.record({ path: fc.array(fc.nat(5), { maxLength: 4 }), op: fc.constantFrom('read', 'set', 'delete', 'push'), value: fc.integer({ min: 10, max: 20 }) });

  /** Its own keys (of a draft: as it is now) and some it may not have. */
  const keysOf = (o: object): PropertyKey[] => [...Reflect.ownKeys(o), 'a', 'b', 'length', 'toString', '__proto__', 0, 7];

  function compareAll(o: unknown, depth = 0): void {
    if (typeof o !== 'object' || o === null || depth > 3) return;
    for (const k of keysOf(o)) {
      if (typeof k === 'symbol') continue;
      const a = stored(o as Record<PropertyKey, unknown>, k);
      expect(a).toBe(byTrap(o, k));
      compareAll(a, depth + 1);
    }
  }

  it('on drafted, changed and unchanged objects and lists', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c'), tree, { minKeys: 1 }), fc.array(step, { maxLength: 8 }), (root, steps) => {
        immer.produce({ root } as { root: Record<string, Tree> }, (d) => {
          for (const s of steps) {
            let at: unknown = d.root;
            for (const i of s.path) {
              if (typeof at !== 'object' || at === null) break;
              const keys = Object.keys(at);
              if (!keys.length) break;
              const k = keys[i % keys.length];
              const next = (at as Record<string, unknown>)[k]; // through the draft: drafts it
              if (typeof next !== 'object' || next === null) break;
              at = next;
            }
            if (typeof at === 'object' && at !== null) {
              const o = at as Record<string, unknown>;
              if (s.op === 'set') o[Array.isArray(o) ? String(s.value % 3) : 'b'] = s.value;
              else if (s.op === 'delete' && !Array.isArray(o)) delete o.a;
              else if (s.op === 'push' && Array.isArray(o)) o.push(s.value);
            }
            compareAll(d);
          }
        });
      }),
      { numRuns: 150 },
    );
  });
});
