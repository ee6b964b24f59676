// Merging full-text segments into one, in slices: `step(budget)` copies the current postings of
// a range of term numbers and returns when its time budget is spent, so a merge of a 100k
// document index never blocks the event loop for long. A posting is current when its document
// still lives in the segment it comes from (`loc[doc] === segment.id`); a document changed
// while the merge runs is left out of, or later masked in, the result.
import type { FreshSegment } from './fresh.ts';
import { Segment, type FieldPostings } from './segment.ts';

/** A fresh segment taken out of service for a merge: read-only from then on. */
export interface Detached {
  id: number;
  dead: number;
  seg: FreshSegment;
}

export class Merger {
  private f = 0;
  private t = 0;
  private out: FieldPostings | undefined;
  private at = 0;
  private readonly fields: FieldPostings[] = [];
  /** dead counts of the sources when the merge started */
  readonly deadAtStart: number;
  done = false;

  constructor(
    readonly sources: Segment[],
    readonly detached: Detached | undefined,
    readonly id: number,
    private readonly termCount: number,
    private readonly loc: () => Int32Array,
    /** Output arrays of at least `size` postings for field `f` (reused buffers where possible). */
    private readonly alloc: (f: number, size: number) => { docs: Int32Array; tfs: Uint16Array },
  ) {
    this.deadAtStart = this.deadNow();
  }

  private deadNow(): number {
    return this.sources.reduce((n, s) => n + s.dead, 0) + (this.detached?.dead ?? 0);
  }

  /** Ids of the segments this merge replaces. */
  get ids(): number[] {
    return [...this.sources.map((s) => s.id), ...(this.detached ? [this.detached.id] : [])];
  }

  private detachedPostings(f: number): number {
    let n = 0;
    for (const pairs of this.detached?.seg.docs.values() ?? []) n += pairs[f].length >> 1;
    return n;
  }

  /** Work for about `budgetMs` (Infinity: to the end); true when the merge is complete. */
  step(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    const checkEvery = budgetMs <= 0 ? 1 : 32_768; // a zero budget: one term per step (tests)
    const T = this.termCount;
    while (this.f < 3) {
      const f = this.f;
      if (!this.out) {
        const upper = this.sources.reduce((n, s) => n + s.fields[f].docs.length, 0) + this.detachedPostings(f);
        this.out = { start: new Int32Array(T + 1), ...this.alloc(f, upper) };
        this.at = 0;
        this.t = 0;
      }
      const { start, docs, tfs } = this.out;
      const loc = this.loc();
      let work = 0;
      while (this.t < T) {
        const t = this.t++;
        start[t] = this.at;
        for (const s of this.sources) {
          const p = s.fields[f];
          if (t + 1 >= p.start.length) continue;
          const from = p.start[t];
          const to = p.start[t + 1];
          const sid = s.id;
          for (let i = from; i < to; i++) {
            const d = p.docs[i];
            if (loc[d] !== sid) continue;
            docs[this.at] = d;
            tfs[this.at++] = p.tfs[i];
          }
          work += to - from;
        }
        const m = this.detached?.seg.fields[f].get(t);
        if (m) {
          const sid = this.detached!.id;
          for (const [d, tf] of m) {
            if (loc[d] !== sid) continue;
            docs[this.at] = d;
            tfs[this.at++] = tf < 65535 ? tf : 65535;
          }
          work += m.size;
        }
        if (++work >= checkEvery) {
          work = 0;
          if (performance.now() >= deadline) return false;
        }
      }
      start[T] = this.at;
      const n = this.at;
      this.fields.push({ start, docs: docs.subarray(0, n), tfs: tfs.subarray(0, n) });
      this.out = undefined;
      this.f++;
      if (performance.now() >= deadline && this.f < 3) return false;
    }
    this.done = true;
    return true;
  }

  result(): Segment {
    if (!this.done) throw new Error('merge not finished');
    const segment = new Segment(this.id, this.fields);
    // documents that left the sources while the merge ran may have postings in the result
    segment.dead = this.deadNow() - this.deadAtStart;
    return segment;
  }
}
