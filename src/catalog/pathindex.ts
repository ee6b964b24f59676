// The path index: a parent pointer and a short id per document number. Paths are never stored,
// so moving or renaming a folder changes one entry whatever the size of its subtree. A path query
// becomes spans (an ancestor document and a range of distances below it), checked by walking up
// from a document, or enumerated by walking down the state's tree.
import type { SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { childNamed, rootOf } from '../state/select.ts';
import { childUids } from '../state/children.ts';
import { add, wordsFor, type Bits } from './bitset.ts';
import { minDepth, type Criterion } from './query.ts';

/** Documents `min..max` levels below `doc` (0 = the document itself). */
export interface Span {
  doc: number;
  min: number;
  max: number;
}

export class PathIndex {
  parent = new Int32Array(1024).fill(-1);
  readonly ids: (string | undefined)[] = [];

  /** Room for documents below `n` (DocTable.reserve). */
  reserve(n: number): void {
    if (n <= this.parent.length) return;
    const next = new Int32Array(n).fill(-1);
    next.set(this.parent);
    this.parent = next;
  }

  set(doc: number, parentDoc: number, id: string): void {
    if (doc >= this.parent.length) this.reserve(Math.max(doc + 1, this.parent.length * 2));
    this.parent[doc] = parentDoc;
    this.ids[doc] = id;
  }

  clear(doc: number): void {
    if (doc < this.parent.length) this.parent[doc] = -1;
    this.ids[doc] = undefined;
  }

  /** Site-relative path ('' for the root), with an optional memo of paths by document. */
  pathOf(doc: number, memo?: Map<number, string>): string {
    const up = this.parent[doc];
    if (up < 0) return '';
    const known = memo?.get(doc);
    if (known !== undefined) return known;
    const path = `${this.pathOf(up, memo)}/${this.ids[doc]}`;
    memo?.set(doc, path);
    return path;
  }

  /** Whether `doc` lies in one of `spans`. */
  within(doc: number, spans: Span[], reach: number): boolean {
    const parent = this.parent;
    let cur = doc;
    for (let k = 0; cur >= 0 && k <= reach; k++, cur = parent[cur]) {
      for (let i = 0; i < spans.length; i++) {
        const s = spans[i];
        if (s.doc === cur && k >= s.min && k <= s.max) return true;
      }
    }
    return false;
  }
}

function resolve(state: SiteState, path: string): number | undefined {
  let node = rootOf(state);
  for (const id of path.split('/')) {
    if (!id) continue;
    const next = childNamed(state, node, id);
    if (!next) return undefined;
    node = next;
  }
  return node.intid;
}

/** The spans of a path criterion; null when it matches everything. */
export function pathSpans(state: SiteState, c: Criterion): Span[] | null {
  const depth = c.depth ?? -1;
  const paths = (c.query ?? []) as string[];
  if (!c.navtree && depth < 0 && paths.includes('')) return null;
  const spans: Span[] = [];
  for (const p of paths) {
    if (c.navtree) {
      const parts = p.split('/').slice(1);
      for (let level = c.navtreeStart ?? 0; level <= parts.length; level++) {
        const doc = resolve(state, parts.slice(0, level).join('/'));
        if (doc !== undefined) spans.push({ doc, min: depth === 0 ? 0 : 1, max: Math.max(depth, 1) });
      }
      continue;
    }
    const doc = resolve(state, p);
    if (doc === undefined) continue;
    spans.push({ doc, min: depth < 0 ? 0 : minDepth(depth), max: depth < 0 ? Infinity : depth });
  }
  return spans;
}

/** How far up `within` must look for `spans`. */
export const reachOf = (spans: Span[]): number => spans.reduce((m, s) => Math.max(m, s.max), -1);

/** The documents in `spans`, walking the state's tree down from each span's root. */
export function enumerateSpans(state: SiteState, spans: Span[], uidOf: (doc: number) => string | undefined, capacity: number): Bits {
  const bits = new Uint32Array(wordsFor(capacity));
  for (const s of spans) {
    const uid = uidOf(s.doc);
    const start = uid === undefined ? undefined : getNode(state, uid);
    if (!start) continue;
    const stack: [string, number][] = [[start.uid, 0]];
    while (stack.length) {
      const [u, d] = stack.pop()!;
      const node = getNode(state, u);
      if (!node) continue;
      if (d >= s.min && node.intid < capacity) add(bits, node.intid);
      if (d >= s.max) continue;
      for (const child of childUids(node)) stack.push([child, d + 1]);
    }
  }
  return bits;
}
