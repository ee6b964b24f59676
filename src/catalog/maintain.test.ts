import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ContentNode, SiteState } from '../state/model.ts';
import { mustGetNode } from '../state/nodes.ts';
import { emptySite, nodeMaker, sameBucket } from '../state/test-nodes.ts';
import { Store, type Commit } from '../state/store.ts';
import { addChild, moveChild, removeSubtree, renameChild } from '../state/tree.ts';
import { getNode } from '../state/nodes.ts';
import { touchedBy } from './maintain.ts';

const node = nodeMaker();

function commits(store: Store): Commit[] {
  const out: Commit[] = [];
  store.subscribe((c) => out.push(c));
  return out;
}

describe('touchedBy', () => {
  it('finds every node a commit put into one bucket, and each node of a run of patches on one node', () => {
    const store = new Store(emptySite());
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

  it('takes a node added to a bucket from its patch: every node the bucket comparison finds changed, and no other', () => {
    // nodes made in few buckets (so that a bucket often gets several in one commit)
    const pool = sameBucket(6).concat(sameBucket(12).slice(6));
    type Op = { k: 'add' | 'edit' | 'remove' | 'rename' | 'move' | 'children'; a: number; b: number };
    const opArb = fc.record({ k: fc.constantFrom('add', 'add', 'edit', 'remove', 'rename', 'move', 'children'), a: fc.nat(pool.length - 1), b: fc.nat(pool.length - 1) }) as fc.Arbitrary<Op>;
    const RELEVANT = (n: ContentNode) => Object.entries(n).filter(([k]) => !['children', 'lock', 'workflowHistory', 'versions'].includes(k));
    fc.assert(
      fc.property(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }), (commitOps) => {
        const store = new Store(emptySite());
        const seen = commits(store);
        let n = 0;
        for (const ops of commitOps) {
          store.commit((d) => {
            const s = d as SiteState;
            for (const op of ops) {
              const a = pool[op.a];
              const b = pool[op.b];
              const has = (u: string) => getNode(s, u) !== undefined;
              if (op.k === 'add' && !has(a)) addChild(s, has(b) && b !== a ? b : 'root', node(a, 'Folder'));
              else if (!has(a)) continue;
              else if (op.k === 'edit') mustGetNode(s, a).fields = { title: `t${n++}` };
              else if (op.k === 'remove') removeSubtree(s, a);
              else if (op.k === 'rename') renameChild(s, a, `r${n++}`);
              else if (op.k === 'children' && has(b) && b !== a && mustGetNode(s, b).parent === 'root') moveChild(s, b, a, `m${n++}`);
              else if (op.k === 'move' && mustGetNode(s, a).parent !== 'root') moveChild(s, a, 'root', `m${n++}`);
            }
          });
        }
        for (const c of seen) {
          const fast = touchedBy(c.before, c.after, c.patches).nodes;
          const slow = touchedBy(c.before, c.after, c.patches, false).nodes;
          for (const [uid, text] of fast) expect(slow.get(uid), uid).toBe(text);
          for (const uid of slow.keys()) {
            const was = getNode(c.before, uid);
            const is = getNode(c.after, uid);
            const changed = !was || !is || JSON.stringify(RELEVANT(was)) !== JSON.stringify(RELEVANT(is));
            if (changed) expect(fast.has(uid), uid).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
