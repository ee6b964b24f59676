// A bounded log of recent commits (who, when, what) kept OUTSIDE the site state: a Store
// subscriber records each commit together with the metadata it was committed with
// (store.commit(recipe, meta)). The inverse patches let @transactions undo a commit.
import type { Patch } from 'immer';
import type { Commit, CommitMeta, Store } from '../state/store.ts';

export interface TransactionMeta {
  user: string | null;
  /** ISO time of the request. */
  time: string;
  /** Physical path of the request target plus method and endpoint. */
  description: string;
}

export interface TransactionEntry extends TransactionMeta {
  id: string;
  size: number;
  patches: Patch[];
  inverse: Patch[];
}

const patchSize = (patches: Patch[]) =>
  patches.reduce((n, p) => n + p.path.join('/').length + (p.path.length && p.value !== undefined ? (JSON.stringify(p.value)?.length ?? 0) : 0), 0);

/** Time of a commit recorded without metadata (new Date(0).toISOString()). */
const NO_TIME = '1970-01-01T00:00:00.000Z';

/**
 * One recorded commit. A class, not a literal with a getter or a spread of the metadata (V8 builds
 * those through its slow path, some microseconds per commit); the size (JSON text of the patches'
 * values: megabytes for a big body) and the id (text of the serial) are made when asked: the log
 * holds each of the last 100 commits past young-generation collections, most never asked for.
 */
class Entry implements TransactionEntry {
  readonly user: string | null;
  readonly time: string;
  readonly description: string;
  private sized: number | undefined = undefined;
  private tid: string | undefined = undefined;

  constructor(meta: TransactionMeta | undefined, private readonly serial: number, readonly patches: Patch[], readonly inverse: Patch[]) {
    this.user = meta ? meta.user : null;
    this.time = meta ? meta.time : NO_TIME;
    this.description = meta ? meta.description : '';
  }

  get id(): string {
    return (this.tid ??= btoa(`tx${String(this.serial).padStart(8, '0')}`));
  }

  get size(): number {
    return (this.sized ??= patchSize(this.patches));
  }
}

export class TransactionLog {
  readonly entries: TransactionEntry[] = [];
  private serial = 0;

  constructor(store: Store, private readonly max = 100) {
    store.subscribe((c) => this.record(c));
  }

  private record(c: Commit): void {
    if (c.undoes) return this.forget(c.undoes);
    this.before = { shifted: [], serial: this.serial };
    if (c.restore) return; // the state went back (restore, reset, teardown): see mark()/rollback()
    if (c.parts) for (const part of c.parts) this.add(part.meta, part.patches, part.inverse); // a group commit: one transaction per write
    else this.add(c.meta, c.patches, c.inverse);
  }

  private add(meta: CommitMeta | undefined, patches: Patch[], inverse: Patch[]): void {
    this.entries.push(new Entry(meta, ++this.serial, patches, inverse));
    if (this.entries.length > this.max) this.before.shifted.push(this.entries.shift()!);
  }

  /** Entries the last commit recorded pushed out of the log, and the serial before it (forget). */
  private before: { shifted: TransactionEntry[]; serial: number } = { shifted: [], serial: 0 };

  /** A commit was refused after it was recorded (Store.publish): its transactions never were. */
  private forget(undone: Commit): void {
    const gone = new Set(undone.parts ? undone.parts.map((p) => p.patches) : [undone.patches]);
    if (!this.entries.some((e) => gone.has(e.patches))) return; // not recorded (the log was not told)
    while (this.entries.length && gone.has(this.entries[this.entries.length - 1].patches)) this.entries.pop();
    this.entries.unshift(...this.before.shifted);
    this.serial = this.before.serial;
    this.before = { shifted: [], serial: this.serial };
  }

  /** What rollback() needs to forget every entry recorded from now on (the log is bounded: a copy). */
  mark(): { entries: TransactionEntry[]; serial: number } {
    return { entries: [...this.entries], serial: this.serial };
  }

  rollback(mark: { entries: TransactionEntry[]; serial: number }): void {
    this.entries.splice(0, this.entries.length, ...mark.entries);
    this.serial = mark.serial;
  }

  /** The commits after `entry` that touched any path it touched (undo would conflict). */
  conflicts(entry: TransactionEntry): boolean {
    const touched = (ps: Patch[]) => ps.map((p) => p.path.join('\u0000'));
    const mine = touched(entry.patches);
    const later = this.entries.slice(this.entries.indexOf(entry) + 1).flatMap((e) => touched(e.patches));
    // by whole path segments: [.., 4, 1] and [.., 4, 12] are two places of one bucket, not a path and its member
    const within = (a: string, b: string) => a === b || a.startsWith(b + '\u0000');
    return later.some((l) => mine.some((m) => within(l, m) || within(m, l)));
  }
}
