// The best k documents by a numeric key (ties by document number) among those offered, without
// sorting them all: a max-heap of k whose root is the worst of the best so far.

export class TopK {
  private readonly keys: Float64Array;
  private readonly docs: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.keys = new Float64Array(k);
    this.docs = new Int32Array(k);
  }

  /** Whether k documents are held (then only a better one than `worst` enters). */
  get full(): boolean {
    return this.size === this.k;
  }

  /** The key of the worst document held (meaningful when full). */
  get worst(): number {
    return this.keys[0];
  }

  offer(key: number, doc: number): void {
    const { keys: hk, docs: hd, k } = this;
    if (this.size < k) {
      let j = this.size++;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (!worse(key, doc, hk[p], hd[p])) break;
        hk[j] = hk[p];
        hd[j] = hd[p];
        j = p;
      }
      hk[j] = key;
      hd[j] = doc;
      return;
    }
    if (k === 0 || !worse(hk[0], hd[0], key, doc)) return;
    let j = 0;
    for (;;) {
      const l = 2 * j + 1;
      if (l >= k) break;
      const r = l + 1;
      const m = r < k && worse(hk[r], hd[r], hk[l], hd[l]) ? r : l;
      if (!worse(hk[m], hd[m], key, doc)) break;
      hk[j] = hk[m];
      hd[j] = hd[m];
      j = m;
    }
    hk[j] = key;
    hd[j] = doc;
  }

  /** The documents held, best first. */
  sorted(): Int32Array {
    const { keys: hk, docs: hd, size } = this;
    const idx = Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => hk[a] - hk[b] || hd[a] - hd[b]);
    const out = new Int32Array(size);
    for (let i = 0; i < size; i++) out[i] = hd[idx[i]];
    return out;
  }
}

const worse = (ka: number, da: number, kb: number, db: number) => ka > kb || (ka === kb && da > db);
