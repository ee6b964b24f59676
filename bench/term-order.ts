// Prefix look-ups (`word*`) while the catalog's dictionary grows to a million distinct terms
// (issue 9: one request must not hold the event loop; issue 12: cost independent of the site's
// size). Before: the look-up that came after 12.5% new terms sorted every term again; now the
// terms are kept in sorted runs merged as they grow (src/catalog/term-order.ts). Prints the
// longest single look-up and the total time of both, the old way rebuilt here for comparison.
//   BENCH_TERMS (1000000)   npx tsx bench/term-order.ts
import { TermOrder } from '../src/catalog/term-order.ts';
import { fmt, isMain, printTable, type Row } from './lib.ts';

const TERMS = Number(process.env.BENCH_TERMS ?? 1_000_000);
/** A look-up after every this many new terms (a site that keeps being written and searched). */
const EVERY = 2_000;

/** The order as it was: every term sorted again once 12.5% of them are new. */
function wholeSort(terms: string[]): (prefix: string) => number[] {
  let sorted = new Int32Array(0);
  let upTo = 0;
  return (prefix) => {
    if (terms.length - upTo > Math.max(1024, upTo >> 3)) {
      sorted = Int32Array.from(terms.keys()).sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));
      upTo = terms.length;
    }
    const out: number[] = [];
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[sorted[mid]] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && terms[sorted[i]].startsWith(prefix); i++) out.push(sorted[i]);
    for (let t = upTo; t < terms.length; t++) if (terms[t].startsWith(prefix)) out.push(t);
    return out;
  };
}

/** The terms, made before the runs: collecting a million new strings is not the look-ups' work. */
const allTerms = () => Array.from({ length: TERMS }, (_, i) => ((Math.imul(i, 2654435761) >>> 0) * 7 + i).toString(36));

function run(all: string[], lookup: (terms: string[]) => (prefix: string) => number[]): { longest: number; total: number } {
  const terms: string[] = [];
  const find = lookup(terms);
  let longest = 0;
  let total = 0;
  for (let i = 0; i < TERMS; i++) {
    terms.push(all[i]);
    if (i % EVERY === EVERY - 1) {
      const t0 = process.cpuUsage();
      find(terms[i].slice(0, 3));
      const used = process.cpuUsage(t0);
      const ms = (used.user + used.system) / 1000;
      longest = Math.max(longest, ms);
      total += ms;
    }
  }
  return { longest, total };
}

export async function benchTermOrder(): Promise<Row[]> {
  const all = allTerms();
  const before = run(all, wholeSort);
  const after = run(all, (terms) => {
    const order = new TermOrder(terms);
    return (prefix) => order.withPrefix(prefix);
  });
  const what = `prefix look-ups while the dictionary grows to ${fmt(TERMS, 0)} terms (one per ${fmt(EVERY, 0)} new terms)`;
  return [
    { part: 'term-order', what: `${what}: CPU of the longest single look-up, sorted runs / whole sort`, value: `${fmt(after.longest, 1)} ms / ${fmt(before.longest, 1)} ms`, goal: '<= 50 ms', ok: after.longest <= 50 },
    { part: 'term-order', what: `${what}: CPU of all look-ups together, sorted runs / whole sort`, value: `${fmt(after.total, 0)} ms / ${fmt(before.total, 0)} ms` },
  ];
}

if (isMain(import.meta.url)) {
  printTable(await benchTermOrder());
}
