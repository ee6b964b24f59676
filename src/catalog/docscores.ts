// A set of document numbers with a score each, on a typed array indexed by document number:
// the full-text evaluation touches up to every document of the site, so no Map per query.

export class DocScores {
  private s: Float64Array;
  private readonly list: number[] = [];
  private count = 0;

  constructor(capacity = 1024) {
    this.s = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  has(d: number): boolean {
    return d < this.s.length && this.s[d] !== 0;
  }

  get(d: number): number | undefined {
    return this.has(d) ? this.s[d] : undefined;
  }

  /** Add `score` (> 0) to document `d`. */
  add(d: number, score: number): void {
    if (d >= this.s.length) {
      const next = new Float64Array(Math.max(d + 1, this.s.length * 2));
      next.set(this.s);
      this.s = next;
    }
    if (this.s[d] === 0) {
      this.list.push(d);
      this.count++;
    }
    this.s[d] += score;
  }

  delete(d: number): void {
    if (!this.has(d)) return;
    this.s[d] = 0;
    this.count--;
  }

  *keys(): Generator<number> {
    for (const d of this.list) if (this.s[d] !== 0) yield d;
  }

  forEach(visit: (d: number, score: number) => void): void {
    const s = this.s;
    for (const d of this.list) if (s[d] !== 0) visit(d, s[d]);
  }
}
