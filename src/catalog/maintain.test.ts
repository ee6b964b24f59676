import { describe, expect, it } from 'vitest';
import type { ContentNode, SiteState } from '../state/model.ts';
import { bucketNumber, mustGetNode } from '../state/nodes.ts';
import { createSite } from '../state/site.ts';
import { Store, type Commit } from '../state/store.ts';
import { addChild } from '../state/tree.ts';
import { touchedBy } from './maintain.ts';

const NOW = '2026-01-01T00:00:00+00:00';
let intid = 1;
const node = (uid: string, type = 'Document'): ContentNode => ({
  uid, intid: intid++, id: uid, type, parent: null, fields: { title: uid }, created: NOW, modified: NOW, layout: 'view', reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
});

/** `n` UIDs that share one bucket of the UID index. */
function sameBucket(n: number): string[] {
  const seen = new Map<number, string[]>();
  for (let i = 0; ; i++) {
    const uid = `u${i}`;
    const b = bucketNumber(uid);
    const list = seen.get(b) ?? [];
    list.push(uid);
    seen.set(b, list);
    if (list.length === n) return list;
  }
}

function commits(store: Store): Commit[] {
  const out: Commit[] = [];
  store.subscribe((c) => out.push(c));
  return out;
}

describe('touchedBy', () => {
  it('finds every node a commit put into one bucket, and each node of a run of patches on one node', () => {
    const store = new Store(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'S', rootUid: 'root', now: NOW, creator: 'admin' }));
    const [f, a, b, c] = sameBucket(4);
    store.commit((d) => addChild(d as SiteState, 'root', node(f, 'Folder')));
    const seen = commits(store);
    store.commit((d) => {
      const s = d as SiteState;
      addChild(s, f, node(a));
      addChild(s, f, node(b));
      mustGetNode(s, f).fields = { title: 'renamed' }; // the folder: children patches, then its fields
      addChild(s, f, node(c));
    });
    const [commit] = seen;
    const t = touchedBy(commit.before, commit.after, commit.patches);
    expect([...t.nodes].sort()).toEqual([[a, true], [b, true], [c, true], [f, true]].sort());
    // a later commit on one of them only: that one
    store.commit((d) => {
      mustGetNode(d as SiteState, b).reviewState = 'published';
      mustGetNode(d as SiteState, b).fields = { title: 'b2' };
    });
    const second = seen[1];
    expect([...touchedBy(second.before, second.after, second.patches).nodes]).toEqual([[b, true]]);
  });
});
