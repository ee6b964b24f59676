// The catalog: index values, postings and full text derived from the site state, never stored in
// it. Built once, then kept current from each commit: only the touched objects are re-indexed;
// when a move, a workflow or a local-role change reaches a subtree, its descendants only get
// their security tokens recomputed (paths are parent pointers, see pathindex.ts). The fresh
// full-text segment is merged in time slices when the server is idle.
import { isDraft, original } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import type { Commit, Store } from '../state/store.ts';
import { allNodes, getNode } from '../state/nodes.ts';
import { childCount, childList, childUids } from '../state/children.ts';
import { rootOf } from '../state/select.ts';
import { DocTable } from './doctable.ts';
import { FullText, type DocTerms, type DocTexts } from './fulltext.ts';
import { touchedBy, typesIndexedDiffer } from './maintain.ts';
import { diffShards } from '../state/nodes-diff.ts';
import { indexValues, termsOf, textsOf, type Entry, type Rec } from './record.ts';
import { evaluate, type SearchResult } from './search.ts';
import { SecurityMemo } from './security.ts';
import { postingForEach, postingSize } from './postings.ts';
import type { CatalogQuery } from './query.ts';

/** A merge of the full text that is due waits for this much quiet (ms)... */
const IDLE_MS = 500;
/**
 * ...but no longer than this after it fell due (ms): under writes that never pause (an import, a
 * bulk load) the fresh segment would grow without end, each write into ever bigger maps. The merge
 * runs in slices between requests all the same.
 */
const MAX_WAIT_MS = 2000;
/** Longest a merge slice may keep the event loop (ms). */
const SLICE_MS = 8;
const registry = new WeakMap<SiteState, Catalog>();

export class Catalog {
  private current: SiteState;
  readonly table = new DocTable();
  readonly text: FullText;
  private readonly interned = new Map<string, string[]>();
  /** The touched nodes apply looked up, after and before in turn (emptied after each commit). */
  private readonly seen: (ContentNode | undefined)[] = [];
  /** Inherited local roles and token lists, kept from one commit to the next (security.ts). */
  private readonly security: SecurityMemo;
  private timer: NodeJS.Timeout | undefined;
  private slicing: NodeJS.Immediate | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Longest merge slice so far (ms), for benchmarks. */
  longestSlice = 0;
  /** When the merge waiting for quiet fell due, and the last write since (performance.now()). */
  private dueSince = 0;
  private lastWrite = 0;
  /** The waits of a due merge (tests shorten them). */
  idleMs = IDLE_MS;
  maxWaitMs = MAX_WAIT_MS;

  constructor(state: SiteState, private readonly store?: Store) {
    this.current = state;
    const memo = new SecurityMemo(state, this.interned, Infinity);
    const table = this.table;
    function* docs(): Generator<[number, DocTexts]> {
      const stack: [ContentNode, number][] = [[rootOf(state), -1]];
      while (stack.length) {
        const [node, parentDoc] = stack.pop()!;
        if (table.has(node.intid)) table.drop(node.intid); // a duplicate intid (a corrupt state): last one wins
        table.put(indexValues(state, node, memo.tokens(node)), parentDoc, node.id);
        yield [node.intid, textsOf(node)];
        const kids = childList(node);
        for (let i = kids.length - 1; i >= 0; i--) {
          const child = getNode(state, kids[i]);
          if (child) stack.push([child, node.intid]);
        }
      }
    }
    table.reserve(state.nextIntid);
    this.text = new FullText(docs(), state.nextIntid);
    this.security = new SecurityMemo(state, this.interned);
    registry.set(state, this);
    if (store) this.unsubscribe = store.subscribe((c) => this.apply(c));
  }

  get state(): SiteState {
    return this.current;
  }

  get size(): number {
    return this.table.count;
  }

  /** The entry of an object, by UID. */
  entry(uid: string): Entry | undefined {
    const doc = this.table.docOf(uid);
    return doc === undefined ? undefined : this.table.entry(doc);
  }

  /** Every entry with its place in the tree, in the reference form (tests). */
  records(): Rec[] {
    const out: Rec[] = [];
    const table = this.table;
    const { uids, paths } = table;
    const memo = new Map<number, string>();
    for (let doc = 0; doc < table.capacity; doc++) {
      const e = table.entry(doc);
      if (!e) continue;
      const up = paths.parent[doc];
      const path = paths.pathOf(doc, memo);
      const entry: Entry = { uid: e.uid, doc, v: e.v, eff: e.eff, exp: e.exp, grants: e.grants, relates: e.relates };
      out.push({ ...entry, parent: up < 0 ? null : (uids[up] ?? null), path, depth: path ? path.split('/').length - 1 : 0 });
    }
    return out;
  }

  /** How many objects hold `value` in the bucketed index `index` (e.g. objects per portal_type). */
  countOf(index: string, value: string): number {
    return postingSize(this.table.indexes.get(index)?.get(value));
  }

  /** The UID of the object whose intid is `intid`. */
  uidOfIntid(intid: number): string | undefined {
    return Number.isInteger(intid) && intid >= 0 ? this.table.uids[intid] : undefined;
  }

  /** UIDs of the objects granting `principal` local roles on themselves. */
  grantsTo(principal: string): string[] {
    const out: string[] = [];
    postingForEach(this.table.grants.map.get(principal), (d) => {
      const uid = this.table.uids[d];
      if (uid) out.push(uid);
    });
    return out;
  }

  /** UIDs of the objects that may be the source of relations, in intid (creation) order. */
  relationSources(): string[] {
    const docs = [...this.table.relating].sort((a, b) => a - b);
    const out: string[] = [];
    for (const d of docs) {
      const uid = this.table.uids[d];
      if (uid) out.push(uid);
    }
    return out;
  }

  /** Distinct values of a bucketed index (vocabularies such as Keywords). */
  keywords(index: string): string[] {
    return [...(this.table.indexes.get(index)?.keys() ?? [])].filter((k) => !k.startsWith('\u0000'));
  }

  // ------------------------------------------------------------------ maintenance

  /** `isNew`: `node` is not in the state the table describes (nor, then, its UID in the table). */
  private reindex(state: SiteState, node: ContentNode, text: boolean, memo: SecurityMemo, isNew = false): void {
    const table = this.table;
    const doc = node.intid;
    const prev = isNew ? undefined : table.docOf(node.uid);
    if (prev !== undefined && prev !== doc) this.unindexDoc(prev);
    const occupant = table.uids[doc];
    if (occupant !== undefined && occupant !== node.uid) this.unindexDoc(doc);
    const fresh = !table.has(doc);
    const parent = node.parent === null ? undefined : getNode(state, node.parent);
    table.put(indexValues(state, node, memo.tokens(node), parent), parent?.intid ?? -1, node.id, isNew);
    if (text || fresh) this.text.set(doc, textsOf(node));
  }

  private unindexDoc(doc: number): void {
    this.table.drop(doc);
    this.text.remove(doc);
  }

  /** Descendants of `node`: the parent pointer and the security tokens, nothing else. */
  private refreshBelow(state: SiteState, node: ContentNode, skip: Map<string, boolean>, memo: SecurityMemo, done: Set<string>): void {
    const stack: ContentNode[] = [node];
    while (stack.length) {
      const n = stack.pop()!;
      for (const uid of childUids(n)) {
        const child = getNode(state, uid);
        if (!child || done.has(uid)) continue;
        done.add(uid);
        if (!skip.has(uid)) {
          const doc = child.intid;
          if (this.table.uids[doc] !== uid) this.reindex(state, child, false, memo);
          else {
            if (this.table.paths.parent[doc] !== n.intid) this.table.paths.set(doc, n.intid, child.id);
            this.table.putTokens(doc, memo.tokens(child));
          }
        }
        stack.push(child);
      }
    }
  }

  /** Bring the catalog from its state to `after`, given the commit's patches. */
  apply(commit: Commit): void {
    const { after } = commit;
    const before = this.current;
    const touched = touchedBy(before, after, before === commit.before ? commit.patches : []);
    if (before !== commit.before) diffShards(before.nodes, after.nodes, (uid) => touched.nodes.set(uid, true));
    this.current = after;
    const memo = this.security;
    const seen = this.seen;
    seen.length = 0; // (a commit that threw half-way left its own)
    memo.advance(after, sameInheritance(before, after, touched.nodes, seen));
    let subtrees: ContentNode[] | undefined;
    let i = 0;
    for (const [uid, text] of touched.nodes) {
      // the nodes sameInheritance looked up (in the same order: entries added below come after them)
      const known = i < seen.length;
      const node = known ? seen[i] : getNode(after, uid);
      const old = known ? seen[i + 1] : getNode(before, uid);
      i += 2;
      if (!node) {
        const doc = this.table.docOf(uid);
        if (doc !== undefined) this.unindexDoc(doc);
        continue;
      }
      // what descendants inherit: local roles and acquired permissions (a rename changes nothing below)
      if (!old || old.parent !== node.parent || old.intid !== node.intid || old.reviewState !== node.reviewState || old.blockLocalRoles !== node.blockLocalRoles || old.localRoles !== node.localRoles) {
        if (childCount(node)) (subtrees ??= []).push(node);
      }
      if (old && old.fields.default_page !== node.fields.default_page) {
        for (const child of childUids(node)) if (!touched.nodes.has(child)) touched.nodes.set(child, false);
      }
      this.reindex(after, node, text, memo, !old);
    }
    seen.length = 0;
    if ((touched.types || before.types !== after.types) && typesIndexedDiffer(before.types, after.types)) {
      const all = rootOf(after);
      this.reindex(after, all, false, memo);
      subtrees = undefined;
      const stack = [all];
      while (stack.length) {
        for (const uid of childUids(stack.pop()!)) {
          const child = getNode(after, uid);
          if (!child) continue;
          this.reindex(after, child, false, memo);
          stack.push(child);
        }
      }
    }
    if (subtrees) {
      // outermost subtrees first: a nested one is then already done
      const done = new Set<string>();
      const byDepth = subtrees.map((n) => [depthOf(after, n), n] as const).sort((a, b) => a[0] - b[0]);
      for (const [, node] of byDepth) if (!done.has(node.uid)) this.refreshBelow(after, node, touched.nodes, memo, done);
    }
    registry.set(after, this);
    this.scheduleMerge();
  }

  /** Make sure the catalog describes `state` (it missed a commit: a subscriber before it refused it, say). */
  sync(state: SiteState): boolean {
    if (state === this.current) return true;
    if (this.store && state === this.store.current) {
      // a change without patches from `state` itself: apply sees it does not start from its own state and compares the two
      this.apply({ before: state, after: state, patches: [], inverse: [] });
      return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ merging the full text

  private scheduleMerge(): void {
    if (!this.text.pending || this.text.merging) return;
    const big = this.text.pending >= Math.max(256, this.text.size / 50);
    if (!big && this.text.size > 20_000) return; // a small fresh segment is cheap to search
    // a write only notes its time: the timer, when it fires, waits again for what is left of the
    // quiet (re-arming a timer on every write took ~3% of Catalog.apply)
    const now = performance.now();
    this.lastWrite = now;
    if (this.timer) return;
    this.dueSince = now;
    this.arm(Math.min(this.idleMs, this.maxWaitMs));
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.mergeWhenQuiet(), ms);
    this.timer.unref();
  }

  /** Start the due merge after `idleMs` without a write, or once it has waited `maxWaitMs` (in a turn of its own, after the writes). */
  private mergeWhenQuiet(): void {
    this.timer = undefined;
    const now = performance.now();
    const quiet = this.idleMs - (now - this.lastWrite);
    const waited = this.maxWaitMs - (now - this.dueSince);
    if (quiet > 0 && waited > 0) this.arm(Math.min(quiet, waited));
    else this.startMerging();
  }

  private startMerging(): void {
    this.timer = undefined;
    if (this.text.startMerge()) this.continueMerge();
  }

  /** One slice of the running merge per turn of the event loop. */
  private continueMerge(): void {
    const t0 = performance.now();
    const done = this.text.mergeStep(SLICE_MS);
    this.longestSlice = Math.max(this.longestSlice, performance.now() - t0);
    if (done) {
      this.slicing = undefined;
      this.scheduleMerge();
      return;
    }
    this.slicing = setImmediate(() => this.continueMerge());
    this.slicing.unref();
  }

  /** Start merging now, in slices; resolves when done (benchmarks). */
  mergeInSlices(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.text.merging && !this.text.startMerge()) return Promise.resolve();
    if (!this.slicing) this.continueMerge();
    return new Promise((resolve) => {
      const wait = () => (this.text.merging ? setImmediate(wait) : resolve());
      wait();
    });
  }

  /** Merge the fresh full-text segment now (tests, benchmarks). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.slicing) clearImmediate(this.slicing);
    this.slicing = undefined;
    this.text.merge();
  }

  close(): void {
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.slicing) clearImmediate(this.slicing);
    this.timer = undefined;
    this.slicing = undefined;
  }

  /** Terms of a document now (phrase checks). */
  termsOfDoc(doc: number): DocTerms | undefined {
    const uid = this.table.uids[doc];
    const node = uid === undefined ? undefined : getNode(this.current, uid);
    return node ? termsOf(node) : undefined;
  }

  search(state: SiteState, query: CatalogQuery): SearchResult {
    if (!this.sync(state)) return catalogFor(state).search(state, query);
    return evaluate(this, query);
  }
}

/** Levels between `node` and the root of `state`. */
function depthOf(state: SiteState, node: ContentNode): number {
  let d = 0;
  for (let p = node.parent; p !== null; p = getNode(state, p)?.parent ?? null) d++;
  return d;
}

/**
 * Whether what every container passes down to its descendants (local roles, the blocking flag, the
 * parent) is as it was for the objects `touched` left in place: none went away, none of those
 * changed. Then the inherited local roles the catalog knows from `before` still hold in `after`.
 * The nodes it looked up go into `seen`: after and before, uid after uid (apply reads them there).
 */
function sameInheritance(before: SiteState, after: SiteState, touched: Map<string, boolean>, seen: (ContentNode | undefined)[]): boolean {
  for (const uid of touched.keys()) {
    const node = getNode(after, uid);
    const old = getNode(before, uid);
    seen.push(node, old);
    if (!node) return false;
    if (old && (old.parent !== node.parent || old.localRoles !== node.localRoles || old.blockLocalRoles !== node.blockLocalRoles)) return false;
  }
  return true;
}

/** A catalog kept current from every commit of `store`. */
export function createCatalog(store: Store): Catalog {
  return new Catalog(store.current, store);
}

/**
 * The live catalog when it describes `state` (or, for a draft, the state the draft started from),
 * else undefined: for look-ups that must not build a catalog (a one-off build walks the site).
 */
export function indexedCatalog(state: SiteState): Catalog | undefined {
  const base = isDraft(state) ? (original(state) as SiteState | undefined) : state;
  const known = base && registry.get(base);
  return known && known.sync(base) ? known : undefined;
}

/** UIDs of the objects of `state` granting `principal` local roles on themselves. */
export function grantHolders(state: SiteState, principal: string): string[] {
  const catalog = indexedCatalog(state);
  if (catalog) return catalog.grantsTo(principal);
  const out: string[] = []; // no live catalog (a bare state in a unit test): look at every object
  for (const node of allNodes(state)) if (node.localRoles[principal]?.length && Object.hasOwn(node.localRoles, principal)) out.push(node.uid);
  return out;
}

/** The catalog describing `state`: the live one when it is current, else a one-off build. */
export function catalogFor(state: SiteState): Catalog {
  const known = registry.get(state);
  if (known && known.sync(state)) return known;
  return new Catalog(state);
}
