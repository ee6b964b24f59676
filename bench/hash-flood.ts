// Strings chosen to collide under the plain FNV-1a hash, against the tables that place callers'
// strings (issue 9): the catalog's word table (a document's words) and a folder's id trie (its
// children's ids). Before seeding, crafted words made the word table probe runs as long as the
// text (quadratic analysis), and crafted ids shared one trie leaf that every write copied whole.
//   npx tsx bench/hash-flood.ts
import { produce } from 'immer';
import { IntList, TermDict } from '../src/catalog/termdict.ts';
import { emptyChildren, insertChild, type Children } from '../src/state/children.ts';
import { fnvMulticollisions } from '../src/testing/fnv-collisions.ts';
import { fmt, isMain, printTable, type Row } from './lib.ts';

function analyzeMs(words: string[]): number {
  const text = words.join(' ');
  const dict = new TermDict();
  const t0 = performance.now();
  dict.analyzeInto(text, new IntList(1024));
  return performance.now() - t0;
}

/** Entries of the largest leaf of a trie. */
function largestLeaf(t: unknown): number {
  if (!t) return 0;
  if (Array.isArray(t)) return t.length / 4;
  return Math.max(...(t as { b: unknown[] }).b.map(largestLeaf));
}

/** µs per insert (one Immer recipe each, as a commit makes) of `ids` into `start`, and its largest leaf. */
function insertCost(ids: string[], start: Children): { us: number; leaf: number } {
  let holder: { children?: Children } = { children: start };
  const t0 = performance.now();
  ids.forEach((id, i) => (holder = produce(holder, (d) => insertChild(d, id, 'u' + i))));
  return { us: ((performance.now() - t0) * 1000) / ids.length, leaf: largestLeaf(holder.children!.ids) };
}

export async function benchHashFlood(): Promise<Row[]> {
  const crafted = fnvMulticollisions(15, 20);
  const ordinary = crafted.map((w, i) => i.toString(36).padStart(w.length, 'x'));
  const [c, o] = [analyzeMs(crafted), analyzeMs(ordinary)];
  const ids = fnvMulticollisions(12, 32);
  const plainIds = ids.map((id, i) => i.toString(36).padStart(id.length, 'x'));
  const legacy = () => {
    const r = emptyChildren();
    delete r.k;
    return r;
  };
  insertCost(plainIds, emptyChildren()); // warm-up
  const seeded = insertCost(ids, emptyChildren());
  const old = insertCost(ids, legacy());
  const base = insertCost(plainIds, emptyChildren());
  return [
    { part: 'hash-flood', what: `word table: analysis of ${crafted.length} words crafted to share the low 20 bits of plain FNV-1a / of as many ordinary words`, value: `${fmt(c, 0)} / ${fmt(o, 0)} ms (x${fmt(c / o, 2)})`, goal: '<= x2', ok: c / o <= 2 },
    { part: 'hash-flood', what: `folder id trie: ${ids.length} ids with one plain FNV-1a hash, one insert per recipe: seeded record / record from before seeds / ordinary ids`, value: `${fmt(seeded.us, 1)} / ${fmt(old.us, 1)} / ${fmt(base.us, 1)} µs per insert; largest leaf ${seeded.leaf} / ${old.leaf} / ${base.leaf}`, goal: 'seeded <= 2x ordinary', ok: seeded.us <= 2 * base.us },
  ];
}

if (isMain(import.meta.url)) {
  printTable(await benchHashFlood());
  process.exit(0);
}
