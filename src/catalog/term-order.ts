// The terms of a dictionary in order, for the look-ups of a prefix (`word*` queries). The
// dictionary only grows, so the order is kept as sorted runs of term numbers plus the newest terms
// not yet in a run (fewer than TAIL): new terms become a run of their own once TAIL of them wait,
// and a run as large as half the one before it is merged into it (a linear merge of two sorted
// runs, never a sort of everything). A merge advances by at most BUDGET_MS per look-up and both
// its runs answer until it is done, so no look-up waits for a merge of a million terms (~300 ms).
// A look-up costs a binary search per run (about log2(terms / TAIL) runs once merges caught up)
// and a scan of the tail.

/** Terms waiting before they are sorted into a run of their own. */
export const TAIL = 2048;
/** Longest a look-up spends advancing merges. */
export const BUDGET_MS = 4;
/** Entries merged between two looks at the clock. */
const STRIDE = 4096;

interface Merge {
  /** Place of the older run in `runs` (the newer one follows it). */
  at: number;
  a: Int32Array;
  b: Int32Array;
  out: Int32Array;
  i: number;
  j: number;
}

export class TermOrder {
  /** Sorted runs of term numbers, oldest first. */
  private runs: Int32Array[] = [];
  /** Term numbers below this are in the runs; the rest is the tail. */
  private covered = 0;
  private merging: Merge | undefined;

  /** `tail`, `budgetMs`: tests make them small. */
  constructor(
    private readonly terms: readonly string[],
    private readonly tail = TAIL,
    private readonly budgetMs = BUDGET_MS,
  ) {}

  /** Term numbers whose term starts with `prefix` (in no particular order). */
  withPrefix(prefix: string): number[] {
    this.update();
    const terms = this.terms;
    const out: number[] = [];
    for (const run of this.runs) {
      for (let i = this.lowerBound(run, prefix); i < run.length && terms[run[i]].startsWith(prefix); i++) out.push(run[i]);
    }
    for (let t = this.covered; t < terms.length; t++) if (terms[t].startsWith(prefix)) out.push(t);
    return out;
  }

  /** The runs (tests: each sorted, together every covered term once). */
  get sortedRuns(): readonly Int32Array[] {
    return this.runs;
  }

  /** Whether a merge is under way (tests). */
  get busy(): boolean {
    return this.merging !== undefined;
  }

  /** Whether a merge is under way or due (tests). */
  get pending(): boolean {
    return this.merging !== undefined || this.pairToMerge() >= 0;
  }

  /** First position of `run` whose term is not below `prefix`. */
  private lowerBound(run: Int32Array, prefix: string): number {
    const terms = this.terms;
    let lo = 0;
    let hi = run.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[run[mid]] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private readonly before = (a: number, b: number): number => {
    const x = this.terms[a];
    const y = this.terms[b];
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /** A full tail becomes a run; then merges advance for at most the budget. */
  private update(): void {
    const total = this.terms.length;
    if (total - this.covered >= this.tail) {
      const run = new Int32Array(total - this.covered);
      for (let i = 0; i < run.length; i++) run[i] = this.covered + i;
      run.sort(this.before);
      this.covered = total;
      this.runs.push(run);
    }
    const deadline = performance.now() + this.budgetMs;
    do {
      const m = this.merging ?? this.nextMerge();
      if (!m) return;
      if (this.advance(m)) {
        this.runs.splice(m.at, 2, m.out);
        this.merging = undefined;
      }
    } while (performance.now() < deadline);
  }

  /** The place of the newest pair of neighbouring runs where the older is at most twice the newer (-1: none). */
  private pairToMerge(): number {
    const runs = this.runs;
    for (let at = runs.length - 2; at >= 0; at--) if (runs[at].length <= 2 * runs[at + 1].length) return at;
    return -1;
  }

  /** Start merging the next pair, if any. */
  private nextMerge(): Merge | undefined {
    const at = this.pairToMerge();
    if (at < 0) return undefined;
    const [a, b] = [this.runs[at], this.runs[at + 1]];
    return (this.merging = { at, a, b, out: new Int32Array(a.length + b.length), i: 0, j: 0 });
  }

  /** Up to STRIDE more entries of `m` merged; true when it is complete. */
  private advance(m: Merge): boolean {
    const terms = this.terms;
    const { a, b, out } = m;
    let { i, j } = m;
    const stop = Math.min(out.length, i + j + STRIDE);
    for (let k = i + j; k < stop; k++) out[k] = j >= b.length || (i < a.length && terms[a[i]] <= terms[b[j]]) ? a[i++] : b[j++];
    m.i = i;
    m.j = j;
    return i + j === out.length;
  }
}
