// Property: for random trees built by random write sequences (commits through the Store, the path
// every app write takes) and random queries, the incrementally maintained catalog answers exactly
// what a brute-force scan of the state answers (same set, same order under a total sort), and
// exactly what a catalog rebuilt from scratch answers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ContentNode, SiteState } from '../state/model.ts';
import { allNodes, getNode, mustGetNode } from '../state/nodes.ts';
import { createSite } from '../state/site.ts';
import { Store } from '../state/store.ts';
import { addChild, moveChild, removeSubtree, renameChild, reorderChild } from '../state/tree.ts';
import { hasChild } from '../state/children.ts';
import { checkSite } from '../state/invariants.ts';
import { canView } from '../auth/check.ts';
import type { Principal } from '../auth/principal.ts';
import { Catalog, createCatalog } from './catalog.ts';
import { INDEXES, TEXT_INDEX_FIELDS } from './indexes.ts';
import { buildRecord, principalTokens, recordPath, termsOf } from './record.ts';
import { comparator, keyed, matchValue, matchWindow, Positions, type CatalogQuery, type Criterion, type SortSpec } from './query.ts';
import { docMatches, parseTextQuery } from './textquery.ts';
import { postingForEach } from './postings.ts';

const WORDS = ['apple', 'banana', 'cherry', 'running', 'runner', 'the', 'quick', 'fox'];
const TYPES = ['Folder', 'Document', 'News Item'];
const STATES = ['private', 'pending', 'published'];
const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const PRINCIPALS: Principal[] = [
  { id: null, fullname: '', roles: [], groups: [] },
  { id: 'admin', fullname: '', roles: ['Manager'], groups: [] },
  { id: 'bob', fullname: '', roles: ['Member'], groups: ['staff'] },
  { id: 'carol', fullname: '', roles: ['Member', 'Reviewer'], groups: [] },
];

// ------------------------------------------------------------------ writes

type Op =
  | { k: 'add'; at: number; type: number; words: number[]; subjects: number[]; state: number; eff: number | null; exp: number | null; nav: boolean }
  | { k: 'remove'; at: number }
  | { k: 'rename'; at: number; suffix: number }
  | { k: 'move'; at: number; to: number }
  | { k: 'state'; at: number; state: number }
  | { k: 'roles'; at: number; who: number; role: number }
  | { k: 'block'; at: number; on: boolean }
  | { k: 'edit'; at: number; words: number[]; subjects: number[] }
  | { k: 'reorder'; at: number; to: number }
  | { k: 'bulk'; at: number; n: number }
  | { k: 'merge' }
  | { k: 'slice'; steps: number };

const idx = fc.nat(1000);
const wordsArb = fc.array(fc.nat(WORDS.length - 1), { maxLength: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('add' as const), at: idx, type: fc.nat(2), words: wordsArb, subjects: fc.array(fc.nat(3), { maxLength: 2 }), state: fc.nat(2), eff: fc.option(fc.integer({ min: -5, max: 5 })), exp: fc.option(fc.integer({ min: -5, max: 5 })), nav: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remove' as const), at: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('rename' as const), at: idx, suffix: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('move' as const), at: idx, to: idx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('state' as const), at: idx, state: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('roles' as const), at: idx, who: fc.nat(2), role: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('block' as const), at: idx, on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('edit' as const), at: idx, words: wordsArb, subjects: fc.array(fc.nat(3), { maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reorder' as const), at: idx, to: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'merge' as const }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('slice' as const), steps: fc.integer({ min: 1, max: 60 }) }) },
);

function pick(state: SiteState, i: number, folderish = false): ContentNode {
  const nodes = [...allNodes(state)].filter((n) => !folderish || state.types[n.type]?.folderish).sort((a, b) => a.intid - b.intid);
  return nodes[i % nodes.length];
}

function isInside(state: SiteState, node: ContentNode, ancestor: ContentNode): boolean {
  for (let n: ContentNode | undefined = node; n; n = n.parent === null ? undefined : getNode(state, n.parent)) if (n.uid === ancestor.uid) return true;
  return false;
}

function applyOp(store: Store, catalog: Catalog, op: Op, step: number): void {
  const s = store.current;
  const now = iso(T0 + step * 3600_000);
  switch (op.k) {
    case 'merge':
      catalog.flush();
      return;
    case 'slice':
      // a merge in progress, one term at a time, interleaved with the following writes
      if (!catalog.text.merging) catalog.text.startMerge();
      for (let i = 0; i < op.steps && catalog.text.merging; i++) catalog.text.mergeStep(0);
      return;
    case 'bulk': {
      // many children in one folder at once: chunks and id-index leaves split
      const parent = pick(s, op.at, true);
      store.commit((d) => {
        for (let i = 0; i < op.n; i++) {
          addChild(d as SiteState, parent.uid, {
            uid: `u${step}x${i}`, intid: d.nextIntid++, id: `n${step}x${i}`, type: TYPES[1 + (i % 2)], parent: null,
            fields: { title: `${WORDS[i % WORDS.length]} ${i}`, description: '', creators: ['bob'], subjects: [`s${i % 4}`] },
            created: now, modified: iso(T0 + (step * 1000 + (i * 7919) % 1000) * 1000), layout: 'view', reviewState: STATES[i % 3],
            workflowHistory: [], localRoles: { bob: ['Owner'] }, blockLocalRoles: false,
          });
        }
      });
      return;
    }
    case 'add': {
      const parent = pick(s, op.at, true);
      const uid = `u${step}`;
      const title = op.words.map((w) => WORDS[w]).join(' ');
      store.commit((d) => {
        const node: ContentNode = {
          uid, intid: d.nextIntid++, id: `n${step}`, type: TYPES[op.type], parent: null,
          fields: {
            title, description: '', creators: ['bob'], subjects: op.subjects.map((x) => `s${x}`), exclude_from_nav: op.nav,
            text: { data: `<p>${[...op.words].reverse().map((w) => WORDS[w]).join(' ')}</p>`, 'content-type': 'text/html' },
            ...(op.eff === null ? {} : { effective: iso(T0 + op.eff * DAY) }),
            ...(op.exp === null ? {} : { expires: iso(T0 + op.exp * DAY) }),
          },
          created: now, modified: now, layout: 'view', reviewState: STATES[op.state], workflowHistory: [], localRoles: { bob: ['Owner'] }, blockLocalRoles: false,
        };
        addChild(d as SiteState, parent.uid, node);
      });
      return;
    }
  }
  const node = pick(s, op.at);
  if (node.parent === null && op.k !== 'state' && op.k !== 'roles' && op.k !== 'edit') return;
  store.commit((d) => {
    const draft = d as SiteState;
    const n = mustGetNode(draft, node.uid);
    switch (op.k) {
      case 'remove':
        removeSubtree(draft, node.uid);
        break;
      case 'rename': {
        const id = `${node.id}r${op.suffix}`;
        if (!hasChild(mustGetNode(draft, node.parent!), id)) renameChild(draft, node.uid, id);
        break;
      }
      case 'move': {
        const target = pick(s, op.to, true);
        if (isInside(s, target, node) || target.uid === node.parent || hasChild(target, node.id)) break;
        moveChild(draft, node.uid, target.uid, node.id);
        break;
      }
      case 'state':
        if (n.parent !== null) n.reviewState = STATES[op.state];
        n.modified = now;
        break;
      case 'roles':
        n.localRoles[['bob', 'staff', 'carol'][op.who]] = [['Reader', 'Editor', 'Contributor'][op.role]];
        break;
      case 'block':
        n.blockLocalRoles = op.on;
        break;
      case 'edit':
        n.fields.title = op.words.map((w) => WORDS[w]).join(' ');
        n.fields.subjects = op.subjects.map((x) => `s${x}`);
        n.modified = now;
        break;
      case 'reorder':
        reorderChild(draft, node.uid, op.to);
        break;
    }
  });
}

// ------------------------------------------------------------------ queries

interface Q {
  criteria: ((s: SiteState) => Criterion)[];
  sort: SortSpec[];
  principal: number;
  activeAt: number | null;
  limit: number | null;
  need: number | null;
}

const textArb = fc.oneof(
  fc.nat(WORDS.length - 1).map((w) => WORDS[w]),
  fc.nat(WORDS.length - 1).map((w) => `${WORDS[w].slice(0, 3)}*`),
  fc.tuple(fc.nat(7), fc.nat(7)).map(([a, b]) => `${WORDS[a]} OR ${WORDS[b]}`),
  fc.tuple(fc.nat(7), fc.nat(7)).map(([a, b]) => `${WORDS[a]} NOT ${WORDS[b]}`),
  fc.tuple(fc.nat(7), fc.nat(7)).map(([a, b]) => `"${WORDS[a]} ${WORDS[b]}"`),
  fc.tuple(fc.nat(7), fc.nat(7)).map(([a, b]) => `${WORDS[a]} ${WORDS[b]}`),
);

const criterionArb = fc.oneof(
  fc.tuple(fc.subarray(TYPES, { minLength: 1 }), fc.boolean()).map(([types, not]) => () =>
    not ? { index: 'portal_type', kind: 'field', not: types } : { index: 'portal_type', kind: 'field', query: types }),
  fc.subarray(STATES, { minLength: 1 }).map((states) => () => ({ index: 'review_state', kind: 'field', query: states })),
  fc.tuple(fc.subarray(['s0', 's1', 's2', 's3'], { minLength: 1 }), fc.constantFrom('and', 'or', 'not')).map(([subjects, mode]) => () =>
    mode === 'not' ? { index: 'Subject', kind: 'keyword', not: subjects } : { index: 'Subject', kind: 'keyword', query: subjects, operator: mode as 'and' | 'or' }),
  fc.tuple(idx, fc.constantFrom(-1, 0, 1, 2), fc.boolean()).map(([i, depth, navtree]) => (s: SiteState) => ({
    index: 'path', kind: 'path', query: [recordPath(s, pick(s, i))], depth, navtree: navtree && depth > 0,
  })),
  fc.boolean().map((b) => () => ({ index: 'is_folderish', kind: 'boolean', query: [b] })),
  idx.map((i) => (s: SiteState) => ({ index: 'UID', kind: 'uuid', not: [pick(s, i).uid] })),
  fc.constantFrom('review_state', 'Subject', 'TranslationGroup').map((index) => () => ({ index, kind: index === 'Subject' ? 'keyword' : 'field', query: [] })),
  fc.constantFrom('TranslationGroup', 'Subject').map((index) => () => ({ index, kind: index === 'Subject' ? 'keyword' : 'field', not: ['s1'] })),
  fc.tuple(fc.constantFrom('a', 'n', 'z'), fc.constantFrom('min', 'max')).map(([v, range]) => () => ({ index: 'sortable_title', kind: 'field', query: [v], range: range as 'min' })),
  fc.boolean().map((b) => () => ({ index: 'exclude_from_nav', kind: 'boolean', query: [b] })),
  fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom('min', 'max', 'minmax')).map(([h, range]) => () => ({
    index: 'modified', kind: 'date', query: range === 'minmax' ? [T0 + h * 3600_000, T0 + (h + 10) * 3600_000] : [T0 + h * 3600_000], range: range as 'min',
  })),
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('min', 'max')).map(([n, range]) => () => ({ index: 'getObjPositionInParent', kind: 'position', query: [n], range: range as 'min' })),
  fc.integer({ min: -6, max: 6 }).map((d) => () => ({ index: 'effectiveRange', kind: 'daterange', query: [T0 + d * DAY] })),
  fc.tuple(textArb, fc.constantFrom('SearchableText', 'Title')).map(([text, index]) => () => ({
    index, kind: 'text', text: parseTextQuery(text), fields: TEXT_INDEX_FIELDS[index],
  })),
) as unknown as fc.Arbitrary<(s: SiteState) => Criterion>;

const sortArb = fc.array(
  fc.record({ index: fc.constantFrom('modified', 'sortable_title', 'portal_type', 'review_state', 'path', 'getObjPositionInParent', 'effective', 'Subject', 'is_folderish'), reverse: fc.boolean() }),
  { maxLength: 2 },
);

const queryArb: fc.Arbitrary<Q> = fc.record({
  criteria: fc.array(criterionArb, { maxLength: 3 }),
  sort: sortArb,
  principal: fc.nat(PRINCIPALS.length - 1),
  activeAt: fc.option(fc.integer({ min: -6, max: 6 }).map((d) => T0 + d * DAY)),
  limit: fc.option(fc.integer({ min: 1, max: 8 })),
  need: fc.option(fc.integer({ min: 0, max: 10 })),
});

function toQuery(s: SiteState, q: Q): CatalogQuery {
  const principal = PRINCIPALS[q.principal];
  const criteria = q.criteria.map((c) => c(s));
  return {
    criteria,
    // the order is total (ties by intid) except for relevance: with text, end on UID
    sort: criteria.some((c) => c.kind === 'text') ? [...q.sort, { index: 'UID', reverse: false }] : q.sort,
    tokens: principal.roles.includes('Manager') ? null : principalTokens(principal),
    activeAt: q.activeAt ?? undefined,
    limit: q.limit ?? undefined,
    need: q.need ?? undefined,
  };
}

/** The answer computed from the state alone: fresh records, canView, a full sort. */
function bruteForce(s: SiteState, query: CatalogQuery, principal: Principal): { total: number; uids: string[] } {
  const positions = new Positions(s);
  const matches = [];
  for (const node of allNodes(s)) {
    const rec = buildRecord(s, node, recordPath(s, node));
    const ok = query.criteria.every((c) => (c.kind === 'text' ? docMatches(c.text!, termsOf(node), c.fields!) : matchValue(rec, c, positions)));
    if (!ok || !canView(s, principal, node)) continue;
    if (query.activeAt !== undefined && !matchWindow(rec, query.activeAt)) continue;
    matches.push(keyed(rec, query.sort, INDEXES, positions));
  }
  matches.sort(comparator(query.sort));
  const total = query.limit !== undefined ? Math.min(query.limit, matches.length) : matches.length;
  const need = Math.min(total, query.need ?? total);
  return { total, uids: matches.slice(0, need).map((k) => k.rec.uid) };
}

function freshStore(): Store {
  return new Store(
    createSite({
      settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' },
      title: 'Site', rootUid: 'root', now: iso(T0), creator: 'admin',
    }),
  );
}

describe('catalog = brute force, after random writes', () => {
  it('answers random queries like a scan of the state and like a rebuilt catalog', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.array(queryArb, { minLength: 1, maxLength: 12 }), (ops, queries) => {
        const store = freshStore();
        const catalog = createCatalog(store);
        ops.forEach((op, step) => applyOp(store, catalog, op, step + 1));
        const s = store.current;
        const rebuilt = new Catalog(s);
        expect(catalog.size).toBe(s.nodeCount);
        for (const q of queries) {
          const query = toQuery(s, q);
          const want = bruteForce(s, query, PRINCIPALS[q.principal]);
          const got = catalog.search(s, query);
          expect({ total: got.total, uids: got.items.slice(0, want.uids.length).map((r) => r.uid) }).toEqual(want);
          const again = rebuilt.search(s, query);
          expect(again.items.slice(0, want.uids.length).map((r) => r.uid)).toEqual(want.uids);
        }
        catalog.close();
      }),
      { numRuns: 300 },
    );
  });

  /** Random writes after a bulk creation of `min`..`max` children in one folder (reorders reach `far`): catalog = scan = rebuild. */
  const onBigFolders = (min: number, max: number, far: number, numRuns: number) => {
    const bulk = fc.record({ k: fc.constant('bulk' as const), at: idx, n: fc.integer({ min, max }) }) as fc.Arbitrary<Op>;
    const farReorder = fc.record({ k: fc.constant('reorder' as const), at: idx, to: fc.nat(far) }) as fc.Arbitrary<Op>;
    const ops = fc.tuple(bulk, fc.array(fc.oneof({ weight: 4, arbitrary: opArb }, { weight: 2, arbitrary: farReorder }, { weight: 1, arbitrary: bulk }), { maxLength: 25 }));
    fc.assert(
      fc.property(ops, fc.array(queryArb, { minLength: 1, maxLength: 6 }), ([first, rest], queries) => {
        const store = freshStore();
        const catalog = createCatalog(store);
        [first, ...rest].forEach((op, step) => applyOp(store, catalog, op, step + 1));
        const s = store.current;
        expect(checkSite(s)).toEqual([]);
        const rebuilt = new Catalog(s);
        for (const q of queries) {
          const query = toQuery(s, q);
          const want = bruteForce(s, query, PRINCIPALS[q.principal]);
          const got = catalog.search(s, query);
          expect({ total: got.total, uids: got.items.slice(0, want.uids.length).map((r) => r.uid) }).toEqual(want);
          expect(rebuilt.search(s, query).items.slice(0, want.uids.length).map((r) => r.uid)).toEqual(want.uids);
        }
        catalog.close();
      }),
      { numRuns },
    );
  };

  it('stays equal to a scan and to a rebuild on folders of hundreds of children', () => onBigFolders(200, 700, 800, 12));

  // past one group of chunks (state/children.ts): groups split, and reorders cross groups
  it('stays equal to a scan and to a rebuild on folders of thousands of children', () => onBigFolders(1500, 3000, 4000, 3));

  it('keeps records equal to a rebuild and to the reference records (every index value of every object)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 50 }), (ops) => {
        const store = freshStore();
        const catalog = createCatalog(store);
        ops.forEach((op, step) => applyOp(store, catalog, op, step + 1));
        const s = store.current;
        const rebuilt = new Catalog(s);
        const dump = (c: Catalog) => c.records().map((r) => ({ ...r, v: { ...r.v } })).sort((a, b) => a.doc - b.doc);
        expect(dump(catalog)).toEqual(dump(rebuilt));
        const reference = [...allNodes(s)].map((n) => buildRecord(s, n, recordPath(s, n))).sort((a, b) => a.doc - b.doc);
        expect(dump(catalog)).toEqual(reference);
        const postings = (c: Catalog) =>
          new Map([...c.table.indexes].map(([name, index]) => [name, new Map([...index.keys()].map((k) => [k, index.get(k)] as const).map(([k, p]) => {
            const docs: number[] = [];
            postingForEach(p, (d) => docs.push(d));
            return [k, docs.sort((a, b) => a - b)];
          }))]));
        expect(postings(catalog)).toEqual(postings(rebuilt));
        // the grants index (principal -> objects granting it local roles) and the intid look-up, against a walk
        for (const who of ['bob', 'staff', 'carol', 'admin']) {
          const walk = [...allNodes(s)].filter((n) => Object.hasOwn(n.localRoles, who) && n.localRoles[who].length).map((n) => n.uid);
          expect(catalog.grantsTo(who).sort()).toEqual(walk.sort());
        }
        for (const n of allNodes(s)) expect(catalog.uidOfIntid(n.intid)).toBe(n.uid);
        expect(catalog.uidOfIntid(s.nextIntid)).toBeUndefined();
        for (const type of TYPES) expect(catalog.countOf('portal_type', type)).toBe([...allNodes(s)].filter((n) => n.type === type).length);
        catalog.close();
      }),
      { numRuns: 150 },
    );
  });
});
