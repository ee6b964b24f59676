// A node dropped from the UID index gives its place to the last node of its bucket (nodes.ts
// dropNode). The node moved there is still a node of the recipe's state: later writes of the same
// recipe may change it, and the patches lead from the state before to the state after.
import { applyPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import type { ContentNode, SiteState } from './model.ts';
import { bucketNumber, getNode, mustGetNode } from './nodes.ts';
import { createSite } from './site.ts';
import { Store, type Commit } from './store.ts';
import { addChild, removeSubtree, renameChild } from './tree.ts';

const NOW = '2026-01-01T00:00:00+00:00';
let intid = 1;
const node = (uid: string, type = 'Document'): ContentNode => ({
  uid, intid: intid++, id: uid, type, parent: null, fields: { title: uid }, created: NOW, modified: NOW, layout: 'view', reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
});

/** `n` UIDs that share one bucket of the UID index. */
function sameBucket(n: number): string[] {
  const seen = new Map<number, string[]>();
  for (let i = 0; ; i++) {
    const uid = `d${i}`;
    const list = seen.get(bucketNumber(uid)) ?? [];
    list.push(uid);
    seen.set(bucketNumber(uid), list);
    if (list.length === n) return list;
  }
}

describe('dropNode', () => {
  it('leaves the node that takes the dropped one`s place writable in the same recipe', () => {
    const store = new Store(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'S', rootUid: 'root', now: NOW, creator: 'admin' }));
    const [f, a, b, c] = sameBucket(4);
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
