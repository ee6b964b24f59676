// The id trie of a children record hashes ids from a seed of its own: ids chosen to collide under
// the plain FNV-1a hash (all 32 bits) would otherwise share one leaf below the last level, and
// every insert, look-up and delete among them would walk and copy that leaf whole.
import { describe, expect, it } from 'vitest';
import { checkChildren, childUid, emptyChildren, insertChild, removeChild, type Children } from './children.ts';
import { fnvMulticollisions, plainFnv } from '../testing/fnv-collisions.ts';

/** Entries (4 slots each) of the largest leaf of a trie. */
function largestLeaf(t: unknown): number {
  if (!t) return 0;
  if (Array.isArray(t)) return t.length / 4;
  return Math.max(...(t as { b: unknown[] }).b.map(largestLeaf));
}

const ids = fnvMulticollisions(6, 32);

function fill(children: Children): Children {
  const holder = { children };
  ids.forEach((id, i) => insertChild(holder, id, 'uid' + i));
  return holder.children;
}

describe('children trie hash', () => {
  it('the crafted ids all share one plain FNV-1a hash', () => {
    expect(ids).toHaveLength(64);
    expect(new Set(ids).size).toBe(64);
    expect(new Set(ids.map(plainFnv)).size).toBe(1);
  });

  it('spreads them in a seeded record: no leaf above 20 entries, every id found', () => {
    const c = fill(emptyChildren());
    expect(c.k).toEqual(expect.any(Number));
    expect(largestLeaf(c.ids)).toBeLessThanOrEqual(20);
    expect(checkChildren(c, 'crafted')).toEqual([]);
    ids.forEach((id, i) => expect(childUid({ children: c }, id)).toBe('uid' + i));
    const holder = { children: c };
    expect(removeChild(holder, ids[7])).toBe('uid7');
    expect(childUid(holder, ids[7])).toBeUndefined();
    expect(checkChildren(holder.children, 'crafted')).toEqual([]);
  });

  it('two records draw different seeds', () => {
    const seeds = new Set(Array.from({ length: 8 }, () => emptyChildren().k));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('a record from before seeds keeps the plain hash (and so one leaf of all 64)', () => {
    const legacy = emptyChildren();
    delete legacy.k;
    const c = fill(legacy);
    expect(largestLeaf(c.ids)).toBe(64);
    expect(checkChildren(c, 'legacy')).toEqual([]);
    expect(childUid({ children: c }, ids[63])).toBe('uid63');
  });
});
