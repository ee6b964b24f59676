// The fresh full-text segment: documents indexed since the last merge, in maps that take a
// write in time proportional to the document. A merge takes it out of service (read-only) and
// folds it into the new base.
export class FreshSegment {
  /** per field: term -> doc -> tf */
  readonly fields: Map<number, Map<number, number>>[] = [new Map(), new Map(), new Map()];
  /** doc -> per field [term, tf, term, tf, ...] (to take the document out again) */
  readonly docs = new Map<number, number[][]>();

  add(doc: number, pairs: number[][]): void {
    this.docs.set(doc, pairs);
    for (let f = 0; f < 3; f++) {
      const list = pairs[f];
      for (let i = 0; i < list.length; i += 2) {
        let m = this.fields[f].get(list[i]);
        if (!m) this.fields[f].set(list[i], (m = new Map()));
        m.set(doc, list[i + 1]);
      }
    }
  }

  remove(doc: number): boolean {
    const pairs = this.docs.get(doc);
    if (!pairs) return false;
    this.docs.delete(doc);
    for (let f = 0; f < 3; f++) {
      const list = pairs[f];
      for (let i = 0; i < list.length; i += 2) {
        const m = this.fields[f].get(list[i]);
        if (!m) continue;
        m.delete(doc);
        if (m.size === 0) this.fields[f].delete(list[i]);
      }
    }
    return true;
  }

  get size(): number {
    return this.docs.size;
  }
}
