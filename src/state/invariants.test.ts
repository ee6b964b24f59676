import { describe, expect, it } from 'vitest';
import { isDraft, produce } from 'immer';
import type { ContentNode, SiteState } from './model.ts';
import { checkSite } from './invariants.ts';
import { bucketAt, bucketFor, bucketNumber, dropNode, fnv, getNode, nodeSlots, peekNode, putNode } from './nodes.ts';
import { stored } from './stored.ts';
import { createSite } from './site.ts';
import { addChild, removeSubtree, renameChild, reorderChild } from './tree.ts';
import { childList, insertChild, removeChild } from './children.ts';

const ROOT = 'r00t';

function node(uid: string, id: string, type: string, intid: number): ContentNode {
  return {
    uid, intid, id, type, parent: null, fields: { title: id },
    created: '2026-01-01T00:00:00+00:00', modified: '2026-01-01T00:00:00+00:00', layout: 'view',
    reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
  };
}

/** Root -> folder "f" (uid F) -> documents "a" (A), "b" (B); document "c" (C) at the root. */
function sound(): SiteState {
  const site = createSite({
    settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' },
    title: 'Site', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin',
  });
  return produce(site, (d) => {
    addChild(d, ROOT, node('F', 'f', 'Folder', d.nextIntid++));
    addChild(d, 'F', node('A', 'a', 'Document', d.nextIntid++));
    addChild(d, 'F', node('B', 'b', 'Document', d.nextIntid++));
    addChild(d, ROOT, node('C', 'c', 'Document', d.nextIntid++));
  });
}

/** A corrupted copy: `mutate` edits a plain, unfrozen deep copy directly (no tree helpers). */
function corrupt(mutate: (s: SiteState, n: (uid: string) => ContentNode) => void): string[] {
  const s = structuredClone(sound()) as SiteState;
  mutate(s, (uid) => getNode(s, uid)!);
  return checkSite(s);
}

describe('checkSite on sound states', () => {
  it('finds nothing wrong in a fresh site and in one built with the tree mutators', () => {
    const site = sound();
    expect(site.nodeCount).toBe(5);
    expect(checkSite(site)).toEqual([]);
  });

  it('stays clean through rename, reorder and subtree removal', () => {
    const next = produce(sound(), (d) => {
      renameChild(d, 'A', 'a2');
      reorderChild(d, 'B', 0);
      removeSubtree(d, 'C');
    });
    expect(childList(getNode(next, 'F')!)).toEqual(['B', 'A']);
    expect(next.nodeCount).toBe(4);
    expect(checkSite(next)).toEqual([]);
  });

  it('accepts the removal of a whole folder', () => {
    const next = produce(sound(), (d) => removeSubtree(d, 'F'));
    expect(next.nodeCount).toBe(2);
    expect(checkSite(next)).toEqual([]);
  });
});

describe('checkSite detects each kind of corruption', () => {
  it('root missing from the index', () => {
    const problems = corrupt((s) => {
      s.rootUid = 'nope';
    });
    expect(problems).toContain('root nope not indexed');
    expect(problems).toContain(`${ROOT} has no parent but is not the root`);
  });

  it('root with a parent', () => {
    expect(corrupt((s, n) => (n(ROOT).parent = 'F'))).toContain(`root ${ROOT} has parent F`);
  });

  it('a second parentless node', () => {
    expect(corrupt((s, n) => (n('C').parent = null))).toContain('C has no parent but is not the root');
  });

  it('a parent that does not exist', () => {
    expect(corrupt((s, n) => (n('A').parent = 'ghost'))).toContain('A has missing parent ghost');
  });

  it('a child missing from its parent children', () => {
    const problems = corrupt((s, n) => removeChild(n('F'), 'a'));
    expect(problems).toContain('A not among the children of its parent F under "a"');
    expect(problems).toContain('A indexed but not reachable from the root');
  });

  it('a stale id (rename without the parent)', () => {
    const problems = corrupt((s, n) => (n('A').id = 'renamed'));
    expect(problems).toContain('A not among the children of its parent F under "renamed"');
    expect(problems).toContain('F lists A under "a" but its id is "renamed"');
  });

  it('a UID listed twice', () => {
    const problems = corrupt((s, n) => insertChild(n('F'), 'alias', 'A'));
    expect(problems).toContain('F lists A under "alias" but its id is "a"');
    expect(problems).toContain('A reached twice from the root (cycle or shared child)');
  });

  it('a listed child that is not indexed', () => {
    expect(corrupt((s, n) => insertChild(n('F'), 'ghost', 'ghost'))).toContain('F lists missing child ghost');
  });

  it('a listed child whose parent is another node', () => {
    const problems = corrupt((s, n) => insertChild(n(ROOT), 'a', 'A'));
    expect(problems).toContain(`${ROOT} lists child A whose parent is F`);
    expect(problems).toContain('A reached twice from the root (cycle or shared child)');
  });

  it('two children with the same id in one container', () => {
    const problems = corrupt((s, n) => (n('B').id = 'a'));
    expect(problems).toContain('B not among the children of its parent F under "a"');
    expect(problems).toContain('F lists B under "b" but its id is "a"');
  });

  it('a children record whose count, sizes or id index disagree with its order', () => {
    expect(corrupt((s, n) => (n('F').children!.n = 5))).toEqual(['F: n is 5, the order holds 2']);
    expect(corrupt((s, n) => (n('F').children!.groups[0].sizes[0] = 1))).toEqual(['F: chunk 0/0 holds 2 children, sizes says 1']);
    expect(corrupt((s, n) => (n('F').children!.counts[0] = 3))).toEqual(['F: group 0 holds 2 children, counts says 3']);
    const trie = corrupt((s, n) => (n('F').children!.ids = (n('F').children!.ids as unknown[]).slice(4) as never));
    expect(trie).toContain('F: trie holds 1 ids, the order 2');
    expect(trie).toContain('A not among the children of its parent F under "a"');
  });

  it('a node indexed but unreachable (orphan subtree)', () => {
    const problems = corrupt((s) => {
      const orphan = { ...node('O', 'o', 'Document', s.nextIntid++), parent: ROOT };
      putNode(s, orphan);
    });
    expect(problems).toEqual([`O not among the children of its parent ${ROOT} under "o"`, 'O indexed but not reachable from the root']);
  });

  it('a node reachable but not indexed', () => {
    const problems = corrupt((s) => {
      const bucket = bucketAt(s.nodes, bucketNumber('B'))!;
      bucket.splice(bucket.findIndex((n) => typeof n === 'object' && n.uid === 'B') - 1, 2);
      s.nodeCount -= 1;
    });
    expect(problems).toContain('F lists missing child B');
  });

  it('a cycle', () => {
    const problems = corrupt((s, n) => insertChild(n('F'), 'loop', ROOT));
    expect(problems).toContain(`${ROOT} reached twice from the root (cycle or shared child)`);
    expect(problems).toContain(`F lists child ${ROOT} whose parent is null`);
  });

  it('nodeCount off by one', () => {
    expect(corrupt((s) => (s.nodeCount += 1))).toEqual(['nodeCount 6 but 5 nodes indexed']);
  });

  it('a node stored in the wrong shard', () => {
    const problems = corrupt((s) => {
      const n = bucketNumber('C');
      const bucket = bucketAt(s.nodes, n)!;
      const pair = bucket.splice(bucket.findIndex((x) => typeof x === 'object' && x.uid === 'C') - 1, 2);
      const wrong = n ^ 1;
      bucketFor(s.nodes, wrong).push(...pair);
    });
    expect(problems).toEqual([`node C stored in bucket ${bucketNumber('C') ^ 1}, hashes to ${bucketNumber('C')}`]);
  });

  it('a node stored twice in its bucket', () => {
    const problems = corrupt((s) => {
      const bucket = bucketAt(s.nodes, bucketNumber('C'))!;
      const at = bucket.findIndex((x) => typeof x === 'object' && x.uid === 'C');
      bucket.push(bucket[at - 1], { ...(bucket[at] as ContentNode) });
      s.nodeCount += 1;
    });
    expect(problems).toContain('UID C indexed twice');
  });

  it('a node stored with a hash that is not its own', () => {
    const problems = corrupt((s) => {
      const bucket = bucketAt(s.nodes, bucketNumber('C'))!;
      const at = bucket.findIndex((x) => typeof x === 'object' && x.uid === 'C');
      bucket[at - 1] = (bucket[at - 1] as number) ^ (1 << 20);
    });
    expect(problems).toContain(`node C stored with hash ${fnv('C') ^ (1 << 20)}, not ${fnv('C')}`);
  });

  it('duplicate intids', () => {
    const intidOfA = getNode(sound(), 'A')!.intid;
    expect(corrupt((s, n) => (n('B').intid = intidOfA))).toEqual([`intid ${intidOfA} used by A and B`]);
  });

  it('an intid not below nextIntid', () => {
    expect(corrupt((s, n) => (n('C').intid = s.nextIntid))).toEqual([`intid 6 of C not below nextIntid 6`]);
  });
});

describe('peekNode', () => {
  it('reads inside a recipe what the recipe wrote, and makes no draft of levels it only reads', () => {
    const base = sound();
    produce(base, (d) => {
      const before = d.nodes;
      expect(peekNode(d, 'A')).toBe(getNode(base, 'A'));
      // nothing was drafted on the way: the index is still the original
      expect(isDraft(peekNode(d, 'A'))).toBe(false);
      putNode(d, node('N', 'n', 'Document', d.nextIntid++));
      expect(peekNode(d, 'N')!.id).toBe('n');
      getNode(d, 'A')!.fields.title = 'changed';
      expect(peekNode(d, 'A')!.fields.title).toBe('changed');
      dropNode(d, 'B');
      expect(peekNode(d, 'B')).toBeUndefined();
      expect(before).toBe(d.nodes);
    });
    expect(peekNode(base, 'C')).toBe(getNode(base, 'C'));
    expect(peekNode(base, 'nope')).toBeUndefined();
  });

  it('makes no draft of an untouched level below a level the recipe changed', () => {
    const base = sound();
    // a UID whose top slot differs from A's: a write to it changes the index's top level only there
    const top = (uid: string) => nodeSlots(uid)[0];
    const other = Array.from({ length: 64 }, (_, i) => `X${i}`).find((uid) => top(uid) !== top('A'))!;
    produce(base, (d) => {
      putNode(d, node(other, 'x', 'Document', d.nextIntid++));
      expect(isDraft(stored(d, 'nodes'))).toBe(true);
      expect(peekNode(d, 'A')).toBe(getNode(base, 'A'));
      expect(isDraft(stored(d.nodes, top('A')))).toBe(false);
    });
  });
});
