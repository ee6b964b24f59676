// A node dropped from the UID index gives its place to the last node of its bucket (nodes.ts
// dropNode). The node moved there is still a node of the recipe's state: later writes of the same
// recipe may change it, and the patches lead from the state before to the state after.
import { applyPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import type { SiteState } from './model.ts';
import { getNode, mustGetNode } from './nodes.ts';
import { Store, type Commit } from './store.ts';
import { emptySite, nodeMaker, sameBucket } from './test-nodes.ts';
import { addChild, removeSubtree, renameChild } from './tree.ts';

const node = nodeMaker();

describe('dropNode', () => {
  it('leaves the node that takes the dropped one`s place writable in the same recipe', () => {
    const store = new Store(emptySite());
    const [f, a, b, c] = sameBucket(4, 'd');
    store.commit((d) => {
      addChild(d as SiteState, 'root', node(f, 'Folder'));
      for (const uid of [a, b, c]) addChild(d as SiteState, f, node(uid));
    });
    const seen: Commit[] = [];
    store.subscribe((commit) => seen.push(commit));
    const before = store.current;
    // a goes; the bucket's last node (c) takes its place, then is renamed and edited, b edited too
    store.commit((d) => {
      const s = d as SiteState;
      removeSubtree(s, a);
      renameChild(s, c, 'c2');
      mustGetNode(s, c).fields = { title: 'changed' };
      mustGetNode(s, b).reviewState = 'published';
    });
    const after = store.current;
    expect(getNode(after, a)).toBeUndefined();
    expect(getNode(after, c)).toMatchObject({ id: 'c2', fields: { title: 'changed' } });
    expect(getNode(after, b)?.reviewState).toBe('published');
    expect(after.nodeCount).toBe(before.nodeCount - 1);
    // the state before is as it was, and the patches lead from one to the other
    expect(getNode(before, c)).toMatchObject({ id: c, fields: { title: c } });
    expect(getNode(before, a)?.id).toBe(a);
    const [commit] = seen;
    expect(applyPatches(before, commit.patches)).toEqual(after);
    expect(applyPatches(after, commit.inverse)).toEqual(before);
  });
});
