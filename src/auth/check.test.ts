// The permission answers remembered per (state, principal, node): a write that changes roles or
// workflow state gives the new answer on the new state, the old state keeps its own, and drafts
// are answered without being remembered.
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { testSite } from '../compose/test-site.ts';
import { traverse } from '../state/select.ts';
import { getNode } from '../state/nodes.ts';
import type { SiteState } from '../state/model.ts';
import { hasPermission, rolesAt } from './check.ts';
import type { Principal } from './principal.ts';

const jane: Principal = Object.freeze({ id: 'jane', fullname: 'Jane', roles: ['Member'], groups: [] });

async function siteWithFolder() {
  const site = await testSite();
  expect((await site.call('POST', '', { '@type': 'Folder', id: 'f', title: 'F' })).status).toBe(201);
  expect((await site.call('POST', '/f', { '@type': 'Document', id: 'd', title: 'D' })).status).toBe(201);
  const node = (state: SiteState, path: string[]) => traverse(state, path)!;
  return { ...site, node };
}

describe('remembered permission answers', () => {
  it('follow a local role given on the container: the new state answers anew, the old one keeps its answer', async () => {
    const { server, node } = await siteWithFolder();
    const before = server.store.current;
    expect(hasPermission(before, jane, node(before, ['f', 'd']), 'Modify portal content')).toBe(false);
    expect(hasPermission(before, jane, node(before, ['f', 'd']), 'Modify portal content')).toBe(false);
    server.store.commit((d) => {
      getNode(d, traverse(d, ['f'])!.uid)!.localRoles.jane = ['Editor'];
    });
    const after = server.store.current;
    // The document itself did not change (same object), its container did.
    expect(node(after, ['f', 'd'])).toBe(node(before, ['f', 'd']));
    expect(hasPermission(after, jane, node(after, ['f', 'd']), 'Modify portal content')).toBe(true);
    expect(rolesAt(after, jane, node(after, ['f', 'd'])).has('Editor')).toBe(true);
    expect(hasPermission(before, jane, node(before, ['f', 'd']), 'Modify portal content')).toBe(false);
    expect(rolesAt(before, jane, node(before, ['f', 'd'])).has('Editor')).toBe(false);
  });

  it('follow a workflow transition, and answer inside a recipe from the draft', async () => {
    const { server, node } = await siteWithFolder();
    const anonymous: Principal = { id: null, fullname: '', roles: [], groups: [] };
    const state = server.store.current;
    expect(hasPermission(state, anonymous, node(state, ['f', 'd']), 'View')).toBe(false);
    const seen: boolean[] = [];
    const next = produce(state, (d) => {
      const doc = getNode(d as SiteState, traverse(d as SiteState, ['f', 'd'])!.uid)!;
      seen.push(hasPermission(d as SiteState, anonymous, doc, 'View'));
      doc.reviewState = 'published';
      seen.push(hasPermission(d as SiteState, anonymous, doc, 'View'));
    });
    expect(seen).toEqual([false, true]);
    expect(hasPermission(next, anonymous, node(next, ['f', 'd']), 'View')).toBe(true);
    expect(hasPermission(state, anonymous, node(state, ['f', 'd']), 'View')).toBe(false);
  });
});
