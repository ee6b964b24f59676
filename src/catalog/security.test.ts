import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { allNodes, mustGetNode } from '../state/nodes.ts';
import { createSite } from '../state/site.ts';
import { addChild } from '../state/tree.ts';
import { allowedRolesAndUsers } from './record.ts';
import { SecurityMemo, TOKENS_LIMIT } from './security.ts';

const NOW = '2026-01-01T00:00:00+00:00';
let intid = 1;
const node = (uid: string, type: string, localRoles: Record<string, string[]>, reviewState = 'private', blockLocalRoles = false): ContentNode => ({
  uid, intid: intid++, id: uid, type, parent: null, fields: { title: uid }, created: NOW, modified: NOW, layout: 'view', reviewState, workflowHistory: [], localRoles, blockLocalRoles,
});

function site(): SiteState {
  const base = createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'S', rootUid: 'root', now: NOW, creator: 'admin' });
  return produce(base, (d) => {
    const s = d as SiteState;
    addChild(s, 'root', node('a', 'Folder', { bob: ['Reader'], admin: ['Owner'] }));
    addChild(s, 'a', node('a1', 'Document', { admin: ['Owner'] }));
    addChild(s, 'a', node('a2', 'Document', { admin: ['Owner'] }, 'published'));
    addChild(s, 'a', node('a4', 'Document', { admin: ['Owner'] }));
    addChild(s, 'a', node('b', 'Folder', { carol: ['Editor'] }, 'private', true));
    addChild(s, 'b', node('b1', 'Document', { admin: ['Owner'] }));
    addChild(s, 'b', node('b2', 'Document', { dave: ['Reader', 'Contributor'] }));
  });
}

/** Every node's tokens from the memo, against the reference, twice (the second time from the caches). */
function expectReference(memo: SecurityMemo, state: SiteState): void {
  for (let round = 0; round < 2; round++) {
    for (const n of allNodes(state)) expect(memo.tokens(n), n.uid).toEqual(allowedRolesAndUsers(state, n));
  }
}

describe('SecurityMemo', () => {
  it('gives what allowedRolesAndUsers gives, from its caches too, and shares equal lists', () => {
    const state = site();
    const memo = new SecurityMemo(state);
    expectReference(memo, state);
    // a1 and a4: equal roles in one folder, one shared list; a2 (published) another
    expect(memo.tokens(mustGetNode(state, 'a4'))).toBe(memo.tokens(mustGetNode(state, 'a1')));
    expect(memo.tokens(mustGetNode(state, 'a2'))).not.toEqual(memo.tokens(mustGetNode(state, 'a1')));
    expect(Object.isFrozen(memo.tokens(mustGetNode(state, 'a1')))).toBe(true);
  });

  it('carries its caches from state to state, and forgets what a change of inheritance makes wrong', () => {
    const state = site();
    const memo = new SecurityMemo(state);
    expectReference(memo, state);
    // a new document beside others (nothing inherited changed): the kept caches still answer right
    const added = produce(state, (d) => addChild(d as SiteState, 'a', node('a3', 'Document', { admin: ['Owner'] })));
    memo.advance(added, true);
    expect(memo.sizes.inherited).toBeGreaterThan(0);
    expectReference(memo, added);
    // a folder's local roles change (and a blocking flag): the memo forgets what it inherited
    const shared = produce(added, (d) => {
      mustGetNode(d as SiteState, 'a').localRoles = { bob: ['Editor'], erin: ['Reader'] };
      mustGetNode(d as SiteState, 'b').blockLocalRoles = false;
    });
    memo.advance(shared, false);
    expect(memo.sizes.inherited).toBe(0);
    expectReference(memo, shared);
    // had it kept them, the folder's children would show the old grants
    expect(memo.tokens(mustGetNode(shared, 'a1'))).toContain('user:erin');
    expect(memo.tokens(mustGetNode(shared, 'b1'))).toContain('user:erin');
  });

  it('keeps at most its limit of containers and of token lists, and still answers right', () => {
    const state = site();
    const small = new SecurityMemo(state, new Map(), 1);
    expectReference(small, state);
    expect(small.sizes.inherited).toBeLessThanOrEqual(1);
    // more distinct own local roles than the token cache holds
    const many = produce(state, (d) => {
      for (let i = 0; i < TOKENS_LIMIT + 50; i++) addChild(d as SiteState, 'a', node(`p${i}`, 'Document', { [`user${i}`]: ['Reader'] }));
    });
    const memo = new SecurityMemo(many);
    for (const n of allNodes(many)) {
      expect(memo.tokens(n)).toEqual(allowedRolesAndUsers(many, n));
      expect(memo.sizes.tokens).toBeLessThanOrEqual(TOKENS_LIMIT);
    }
    expect(memo.tokens(mustGetNode(many, `p${TOKENS_LIMIT + 49}`))).toContain(`user:user${TOKENS_LIMIT + 49}`);
  });

  it('keeps at most its limit of interned token lists (the table shared by a catalog\'s memos), and still answers right', () => {
    const state = site();
    const many = produce(state, (d) => {
      for (let i = 0; i < 40; i++) addChild(d as SiteState, 'a', node(`p${i}`, 'Document', { [`user${i}`]: ['Reader'] }));
    });
    const interned = new Map<string, string[]>();
    const memo = new SecurityMemo(many, interned, Infinity, 8);
    const seen = new Set<number>();
    for (const n of allNodes(many)) {
      expect(memo.tokens(n)).toEqual(allowedRolesAndUsers(many, n));
      expect(interned.size).toBeLessThanOrEqual(8);
      seen.add(interned.size);
    }
    // 40 distinct lists went through a table of 8: it started again, and holds the newest ones
    expect(seen.has(8) && seen.has(1)).toBe(true);
    expect(memo.sizes.interned).toBe(interned.size);
    expect([...interned.values()]).toContainEqual(allowedRolesAndUsers(many, mustGetNode(many, 'p39')));
  });
});
