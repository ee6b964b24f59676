// In-memory LRU of generated image scales, keyed by blob hash + size and bounded by total bytes.
// Concurrent first requests for the same key share one in-flight job.

export interface ScaleEntry {
  bytes: Uint8Array;
  contentType: string;
}

export class ScaleCache {
  private readonly entries = new Map<string, ScaleEntry>();
  private readonly pending = new Map<string, Promise<ScaleEntry>>();
  private total = 0;

  constructor(readonly maxBytes = 64 * 1024 * 1024) {}

  /** Total bytes held. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The cached entry for `key`, or the result of `make()` (run once per key at a time). */
  get(key: string, make: () => Promise<ScaleEntry>): Promise<ScaleEntry> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit); // most recently used last
      return Promise.resolve(hit);
    }
    const running = this.pending.get(key);
    if (running) return running;
    const job = make().then(
      (entry) => {
        this.pending.delete(key);
        this.insert(key, entry);
        return entry;
      },
      (err: unknown) => {
        this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, job);
    return job;
  }

  private insert(key: string, entry: ScaleEntry): void {
    const size = entry.bytes.byteLength;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.total += size;
    for (const [oldKey, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.total -= old.bytes.byteLength;
    }
  }
}
