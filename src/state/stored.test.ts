import { describe, expect, it } from 'vitest';
import { enablePatches, Immer, isDraft } from 'immer';
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
