// A parsed text query against the full-text index: a bitset of matching documents and, when the
// results are ordered by relevance, a tf-idf score per document (scores are meaningful only for
// documents in the bitset). With an explicit sort nothing is scored.
import { andInto, andNotInto, forEachBit, orInto, remove, type Bits } from './bitset.ts';
import type { DocTerms, FullText } from './fulltext.ts';
import { docMatches, type TextNode } from './textquery.ts';

export interface Hits {
  bits: Bits;
  scores: Float64Array | null;
}

export interface TextSource {
  index: FullText;
  /** Terms of a document now (for phrase verification). */
  termsOf: (doc: number) => DocTerms | undefined;
  /** Words of a bitset covering every document number. */
  words: number;
  scored: boolean;
}

function empty(src: TextSource): Hits {
  return { bits: new Uint32Array(src.words), scores: src.scored ? new Float64Array(src.words * 32) : null };
}

function words(terms: Iterable<number>, fields: readonly number[], src: TextSource, into = empty(src)): Hits {
  for (const t of terms) src.index.matchInto(fields, t, into.bits, into.scores);
  return into;
}

function termIds(src: TextSource, terms: string[]): number[] | undefined {
  const out: number[] = [];
  for (const term of terms) {
    const t = src.index.termId(term);
    if (t === undefined) return undefined;
    out.push(t);
  }
  return out;
}

/** a AND b, into a (scores summed). */
function intersect(a: Hits, b: Hits): Hits {
  andInto(a.bits, b.bits);
  if (a.scores && b.scores) {
    const s = a.scores;
    const o = b.scores;
    forEachBit(a.bits, (d) => {
      s[d] += o[d];
    });
  }
  return a;
}

/** Matching documents (and scores) of `node` in `fields`. */
export function evaluateText(node: TextNode, fields: readonly number[], src: TextSource): Hits {
  switch (node.t) {
    case 'none':
    case 'not':
      return empty(src);
    case 'word': {
      const t = src.index.termId(node.term);
      return t === undefined ? empty(src) : words([t], fields, src);
    }
    case 'glob':
      return words(src.index.expand(node.glob), fields, src);
    case 'phrase': {
      const ids = termIds(src, [...new Set(node.terms)]);
      if (!ids) return empty(src);
      let acc: Hits | undefined;
      for (const t of ids) acc = acc ? intersect(acc, words([t], fields, src)) : words([t], fields, src);
      const out = acc!;
      forEachBit(out.bits, (d) => {
        const terms = src.termsOf(d);
        if (!terms || !docMatches(node, terms, fields)) remove(out.bits, d);
      });
      return out;
    }
    case 'or': {
      const out = empty(src);
      for (const item of node.items) {
        if (item.t === 'word' || item.t === 'glob') {
          const ids = item.t === 'word' ? termIds(src, [item.term]) ?? [] : src.index.expand(item.glob);
          words(ids, fields, src, out);
          continue;
        }
        const hits = evaluateText(item, fields, src);
        if (out.scores && hits.scores) {
          const s = out.scores;
          const o = hits.scores;
          forEachBit(hits.bits, (d) => {
            s[d] += o[d];
          });
        }
        orInto(out.bits, hits.bits);
      }
      return out;
    }
    case 'and': {
      const positive = node.items.filter((n) => n.t !== 'none' && n.t !== 'not');
      const negative = node.items.filter((n): n is { t: 'not'; item: TextNode } => n.t === 'not');
      if (!positive.length) return empty(src);
      let acc: Hits | undefined;
      for (const item of positive) acc = acc ? intersect(acc, evaluateText(item, fields, src)) : evaluateText(item, fields, src);
      const negSrc = { ...src, scored: false };
      for (const neg of negative) andNotInto(acc!.bits, evaluateText(neg.item, fields, negSrc).bits);
      return acc!;
    }
  }
}
