// The catalog: records and indexes derived from the site state, never stored in it. Built once,
// then kept current from each commit (only the touched objects are re-indexed, plus their
// descendants when a path or security change reaches them). Full text lives in FullText, whose
// fresh segment is merged when the server is idle.
import type { ContentNode, SiteState } from '../state/model.ts';
import type { Commit, Store } from '../state/store.ts';
import { getNode } from '../state/nodes.ts';
import { rootOf } from '../state/select.ts';
import { FullText, type DocTerms } from './fulltext.ts';
import { INDEXES } from './indexes.ts';
import { diffShards, touchedBy } from './maintain.ts';
import { buildRecord, recordPath, termsOf, type IndexValue, type Rec } from './record.ts';
import { evaluate, type SearchResult } from './search.ts';
import type { CatalogQuery } from './query.ts';

/** Indexes kept as value -> records buckets (a single record is stored bare). */
const BUCKETED = Object.keys(INDEXES).filter((n) => ['field', 'uuid', 'keyword', 'boolean'].includes(INDEXES[n]));
type Bucket = Rec | Set<Rec>;

const bucketKey = (v: string | number | boolean) => (typeof v === 'string' ? v : `\u0000${typeof v}:${String(v)}`);

function keysOf(value: IndexValue): (string | number | boolean)[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...new Set(value)] : [value];
}

const IDLE_MS = 500;
const registry = new WeakMap<SiteState, Catalog>();

export class Catalog {
  private current: SiteState;
  readonly records = new Map<string, Rec>();
  readonly byDoc: (Rec | undefined)[] = [];
  readonly buckets = new Map<string, Map<string, Bucket>>();
  readonly text: FullText;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(state: SiteState, private readonly store?: Store) {
    this.current = state;
    for (const name of BUCKETED) this.buckets.set(name, new Map());
    const texts: [number, DocTerms][] = [];
    this.walk(state, rootOf(state), undefined, (node, path) => {
      this.add(buildRecord(state, node, path));
      texts.push([node.intid, termsOf(node)]);
    });
    this.text = new FullText(texts);
    registry.set(state, this);
    if (store) this.unsubscribe = store.subscribe((c) => this.apply(c));
  }

  get state(): SiteState {
    return this.current;
  }

  get size(): number {
    return this.records.size;
  }

  /** Depth-first over `node` and its descendants, with their site-relative paths. */
  private walk(state: SiteState, node: ContentNode, path: string | undefined, visit: (n: ContentNode, path: string) => void): void {
    const stack: [ContentNode, string][] = [[node, path ?? recordPath(state, node)]];
    while (stack.length) {
      const [n, p] = stack.pop()!;
      visit(n, p);
      for (let i = n.children.length - 1; i >= 0; i--) {
        const child = getNode(state, n.children[i]);
        if (child) stack.push([child, `${p}/${child.id}`]);
      }
    }
  }

  // ------------------------------------------------------------------ buckets

  private add(rec: Rec): void {
    this.records.set(rec.uid, rec);
    this.byDoc[rec.doc] = rec;
    for (const name of BUCKETED) {
      const map = this.buckets.get(name)!;
      for (const v of keysOf(rec.v[name])) {
        const k = bucketKey(v);
        const b = map.get(k);
        if (!b) map.set(k, rec);
        else if (b instanceof Set) b.add(rec);
        else if (b !== rec) map.set(k, new Set([b, rec]));
      }
    }
  }

  private drop(rec: Rec): void {
    for (const name of BUCKETED) {
      const map = this.buckets.get(name)!;
      for (const v of keysOf(rec.v[name])) {
        const k = bucketKey(v);
        const b = map.get(k);
        if (b === rec) map.delete(k);
        else if (b instanceof Set) {
          b.delete(rec);
          if (b.size === 1) map.set(k, b.values().next().value!);
          else if (b.size === 0) map.delete(k);
        }
      }
    }
    this.records.delete(rec.uid);
    if (this.byDoc[rec.doc] === rec) this.byDoc[rec.doc] = undefined;
  }

  /** Records holding `value` in a bucketed index. */
  bucket(index: string, value: string | number | boolean): Rec[] | Set<Rec> {
    const b = this.buckets.get(index)?.get(bucketKey(value));
    return !b ? [] : b instanceof Set ? b : [b];
  }

  /** Distinct values of a bucketed index (vocabularies such as Keywords). */
  keywords(index: string): string[] {
    return [...(this.buckets.get(index)?.keys() ?? [])].filter((k) => !k.startsWith('\u0000'));
  }

  // ------------------------------------------------------------------ maintenance

  private reindex(state: SiteState, node: ContentNode, path: string, text: boolean): void {
    const old = this.records.get(node.uid);
    if (old) this.drop(old);
    if (old && old.doc !== node.intid) this.text.remove(old.doc);
    this.add(buildRecord(state, node, path));
    if (text || !old || old.doc !== node.intid) this.text.set(node.intid, termsOf(node));
  }

  private unindex(uid: string): void {
    const old = this.records.get(uid);
    if (!old) return;
    this.drop(old);
    this.text.remove(old.doc);
  }

  /** Bring the catalog from its state to `after`, given the commit's patches. */
  apply(commit: Commit): void {
    const { after } = commit;
    const before = this.current;
    const touched = touchedBy(before, after, before === commit.before ? commit.patches : []);
    if (before !== commit.before) diffShards(before.nodes, after.nodes, (uid) => touched.nodes.set(uid, true));
    this.current = after;
    const subtrees = new Set<string>();
    for (const [uid, text] of touched.nodes) {
      const node = getNode(after, uid);
      if (!node) {
        this.unindex(uid);
        continue;
      }
      const old = getNode(before, uid);
      if (!old || old.id !== node.id || old.parent !== node.parent || old.reviewState !== node.reviewState || old.blockLocalRoles !== node.blockLocalRoles || old.localRoles !== node.localRoles) {
        subtrees.add(uid);
      }
      if (old && old.fields.default_page !== node.fields.default_page) {
        for (const child of node.children) if (!touched.nodes.has(child)) touched.nodes.set(child, false);
      }
      this.reindex(after, node, recordPath(after, node), text);
    }
    for (const uid of subtrees) {
      const node = getNode(after, uid);
      if (!node) continue;
      const path = recordPath(after, node);
      this.walk(after, node, path, (n, p) => {
        if (n !== node && !touched.nodes.has(n.uid)) this.reindex(after, n, p, false);
      });
    }
    if (touched.types || before.types !== after.types) {
      this.walk(after, rootOf(after), '', (n, p) => this.reindex(after, n, p, false));
    }
    registry.set(after, this);
    this.scheduleMerge();
  }

  /** Make sure the catalog describes `state` (after a Store.replace, say). */
  sync(state: SiteState): boolean {
    if (state === this.current) return true;
    if (this.store && state === this.store.current) {
      this.apply({ before: this.current, after: state, patches: [], inverse: [] });
      return true;
    }
    return false;
  }

  private scheduleMerge(): void {
    if (!this.text.pending) return;
    const big = this.text.pending >= Math.max(256, this.text.size / 50);
    if (!big && this.text.size > 20_000) return; // a small fresh segment is cheap to search
    if (this.timer) this.timer.refresh();
    else {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.text.merge();
      }, IDLE_MS);
      this.timer.unref();
    }
  }

  /** Merge the fresh full-text segment now (tests, benchmarks). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.text.merge();
  }

  close(): void {
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Terms of a document now (phrase checks). */
  termsOfDoc(doc: number): DocTerms | undefined {
    const rec = this.byDoc[doc];
    const node = rec && getNode(this.current, rec.uid);
    return node ? termsOf(node) : undefined;
  }

  search(state: SiteState, query: CatalogQuery): SearchResult {
    if (!this.sync(state)) return catalogFor(state).search(state, query);
    return evaluate(this, query);
  }
}

/** A catalog kept current from every commit of `store`. */
export function createCatalog(store: Store): Catalog {
  return new Catalog(store.current, store);
}

/** The catalog describing `state`: the live one when it is current, else a one-off build. */
export function catalogFor(state: SiteState): Catalog {
  const known = registry.get(state);
  if (known && known.sync(state)) return known;
  const built = new Catalog(state);
  return built;
}
