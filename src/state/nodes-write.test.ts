// The draft-free writes of the UID index (nodes-write.ts) against Immer: random recipes of new
// nodes (some in buckets already holding a node, some in levels not made yet) and changed copies
// of existing ones, sometimes after a write through Immer's drafts in the same recipe. The patches,
// refined as the store refines them, applied with Immer's own applyPatches to the state before give
// exactly the state after, and the inverse patches give back the state before; the site stays sound
// and the state before is left as it was.
import { applyPatches, enablePatches, Immer, type Patch } from 'immer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentNode, SiteState } from './model.ts';
import { checkSite } from './invariants.ts';
import { bucketNumber, getNode, mustGetNode, peekNode } from './nodes.ts';
import { addNode, refineNodePatches, writeNodes, writesPlain } from './nodes-write.ts';
import { refineChildPatches } from './children-patches.ts';
import { childList } from './children.ts';
import { freezeNew, freezeState } from './freeze.ts';
import { createSite } from './site.ts';

enablePatches();

const immer = new Immer({ autoFreeze: false });
const ROOT = 'root0';

function node(uid: string, id: string, parent: string, intid: number): ContentNode {
  return {
    uid, intid, id, type: 'Folder', parent, fields: { title: id },
    created: '2026-01-01T00:00:00+00:00', modified: '2026-01-01T00:00:00+00:00', layout: 'view',
    reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
  };
}

function site(): SiteState {
  return freezeState(
    createSite({
      settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' },
      title: 'Site', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin',
    }),
  );
}

/** Every UID of the site, in tree order. */
function uids(state: SiteState): string[] {
  const out: string[] = [];
  const walk = (uid: string) => (out.push(uid), childList(mustGetNode(state, uid)).forEach(walk));
  walk(state.rootUid);
  return out;
}

type Op =
  | { k: 'add'; parent: number; near: number | null }
  | { k: 'change'; which: number; title: string; lock: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('add' as const), parent: fc.nat(), near: fc.option(fc.nat(), { freq: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('change' as const), which: fc.nat(), title: fc.string({ maxLength: 6 }), lock: fc.boolean() }) },
);

/** A recipe: maybe a write through Immer's drafts first, then draft-free writes. */
const recipeArb = fc.record({ drafted: fc.boolean(), ops: fc.array(opArb, { minLength: 1, maxLength: 12 }) });

let serial = 0;

/** Spare UIDs by their bucket (about three a bucket), for new nodes that share a bucket with another. */
const spare = new Map<number, string[]>();
for (let i = 0; i < 200_000; i++) {
  const uid = `s${i}`;
  const n = bucketNumber(uid);
  const list = spare.get(n);
  if (list) list.push(uid);
  else spare.set(n, [uid]);
}

/** A fresh UID; with `near`, one in the same bucket as that node when a spare one is left. */
function freshUid(near?: string): string {
  const same = near === undefined ? undefined : spare.get(bucketNumber(near))?.pop();
  return same ?? `u${serial++}`;
}

function runOp(d: SiteState, op: Op, known: string[]): void {
  if (op.k === 'add') {
    const parent = known[op.parent % known.length];
    const uid = freshUid(op.near === null ? undefined : known[op.near % known.length]);
    addNode(d, node(uid, `n-${uid}`, parent, d.nextIntid++));
    known.push(uid);
    return;
  }
  const old = peekNode(d, known[op.which % known.length])!;
  const copy: ContentNode = { ...old, fields: { ...old.fields, title: op.title } };
  if (op.lock) copy.lock = { token: 't', creator: 'admin', created: 'now', timeout: 600, stealable: true };
  else delete copy.lock;
  writeNodes(d, [copy]);
}

describe('draft-free writes of the UID index', () => {
  it('make patches that Immer replays to the state after, and whose inverse gives back the state before', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { minLength: 1, maxLength: 6 }), (recipes) => {
        let state = site();
        for (const { drafted, ops } of recipes) {
          const known = uids(state);
          const before = structuredClone(state);
          const [next, patches, inverse] = immer.produceWithPatches(state, (d) => {
            const draft = d as SiteState;
            if (drafted) mustGetNode(draft, known[known.length - 1]).modified = `drafted ${serial++}`;
            expect(writesPlain(draft)).toBe(!drafted);
            for (const op of ops) runOp(draft, op, known);
          });
          refineNodePatches(patches, inverse);
          refineChildPatches(patches, inverse);
          freezeNew(next, state);
          // no patch replaces the whole index
          expect(patches.filter((p: Patch) => p.path.length < 2 && p.path[0] === 'nodes')).toEqual([]);
          expect(inverse.filter((p: Patch) => p.path.length < 2 && p.path[0] === 'nodes')).toEqual([]);
          expect(checkSite(next)).toEqual([]);
          expect(uids(next).length).toBe(next.nodeCount);
          expect(applyPatches(state, patches)).toEqual(next);
          expect(applyPatches(next, inverse)).toEqual(state);
          expect(state).toEqual(before);
          for (const uid of known) expect(getNode(next, uid)?.uid).toBe(uid);
          state = next;
        }
      }),
      { numRuns: 60 },
    );
  });
});
