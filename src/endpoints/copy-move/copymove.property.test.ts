// Copy and move keep the tree and the UID index consistent: after any sequence of copies and
// moves (valid or not: into itself, into a descendant, of the root, of missing sources) the site
// is sound, a move keeps every UID, a copy adds exactly the copied subtree with fresh UIDs and
// intids, and refused requests change nothing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caller } from '../../testing/call.ts';
import { createServer } from '../../server.ts';
import { checkSite } from '../../state/invariants.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { allNodes, getNode } from '../../state/nodes.ts';
import { childUid } from '../../state/children.ts';
import { descendants } from '../../state/select.ts';
import { nodePath } from '../aliases/store.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = { user: 'admin', password: 'admin' };

type Ref = { by: 'path' | 'uid' | 'intid' | 'url'; n: number } | { by: 'missing' };
type Step = { kind: 'copy' | 'move'; sources: Ref[]; dest: number };

const ref: fc.Arbitrary<Ref> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ by: fc.constantFrom('path' as const, 'uid' as const, 'intid' as const, 'url' as const), n: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.constant({ by: 'missing' as const }) },
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('copy' as const, 'move' as const),
  sources: fc.array(ref, { minLength: 1, maxLength: 3 }),
  dest: fc.nat(60),
});

const nodes = (state: SiteState) => [...allNodes(state)].sort((a, b) => a.intid - b.intid);
const subtreeSize = (state: SiteState, node: ContentNode) => 1 + [...descendants(state, node)].length;

function encode(state: SiteState, r: Ref): unknown {
  if (r.by === 'missing') return '/no/such/object';
  const list = nodes(state);
  const node = list[r.n % list.length];
  switch (r.by) {
    case 'uid':
      return node.uid;
    case 'intid':
      return node.intid;
    case 'url':
      return BASE + nodePath(state, node).replace(/^\/$/, '');
    default:
      return nodePath(state, node);
  }
}

describe('copy and move', () => {
  it('keep the tree and the UID index consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 15 }), async (steps) => {
        const server = await createServer({});
        const call = caller(server.app, ADMIN);
        for (const [parent, type, id] of [['', 'Folder', 'f'], ['/f', 'Folder', 'g'], ['/f/g', 'Document', 'd'], ['', 'Document', 'e'], ['', 'Folder', 'h']]) {
          expect((await call('POST', parent, { '@type': type, id, title: id })).status).toBe(201);
        }
        for (const step of steps) {
          const before = server.store.current;
          const folders = nodes(before).filter((n) => n.type === 'Folder' || n.parent === null);
          const dest = folders[step.dest % folders.length];
          const sources = step.sources.map((r) => encode(before, r));
          const res = await call('POST', `${nodePath(before, dest).replace(/^\/$/, '')}/@${step.kind}`, { source: sources.length === 1 ? sources[0] : sources });
          const after = server.store.current;
          expect(res.status).toBeLessThan(500);
          expect(checkSite(after)).toEqual([]);
          if (res.status !== 200) {
            expect(after).toBe(before);
            continue;
          }
          const results = res.body as { source: string; target: string }[];
          const uidsBefore = new Set(nodes(before).map((n) => n.uid));
          if (step.kind === 'move') {
            expect(after.nodeCount).toBe(before.nodeCount);
            for (const uid of uidsBefore) expect(getNode(after, uid)).toBeDefined();
          } else {
            const added = nodes(after).filter((n) => !uidsBefore.has(n.uid));
            const expected = results.reduce((sum, r) => {
              const path = r.source.slice(BASE.length).split('/').filter(Boolean);
              let node = getNode(before, before.rootUid)!;
              for (const id of path) node = getNode(before, childUid(node, id)!)!;
              return sum + subtreeSize(before, node);
            }, 0);
            expect(added.length).toBe(expected);
            expect(after.nodeCount).toBe(before.nodeCount + expected);
            for (const n of added) expect(n.intid).toBeGreaterThanOrEqual(before.nextIntid);
          }
          for (const r of results) expect((await call('GET', r.target.slice(BASE.length))).status).toBe(200);
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  it('resolves integer intids as sources (decision C15)', async () => {
    const server = await createServer({});
    const post = caller(server.app, ADMIN);
    const call = (path: string, body: unknown) => post('POST', path, body);
    await call('', { '@type': 'Folder', id: 'target', title: 'Target' });
    await call('', { '@type': 'Document', id: 'doc', title: 'Doc' });
    const doc = nodes(server.store.current).find((n) => n.id === 'doc')!;
    const res = await call('/target/@move', { source: doc.intid });
    expect(res.body).toEqual([{ source: `${BASE}/doc`, target: `${BASE}/target/doc` }]);
    expect(getNode(server.store.current, doc.uid)!.intid).toBe(doc.intid);
  });
});
