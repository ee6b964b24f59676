// Keeps one Store on disk: restore at start, periodic and final snapshots, and (durable mode) the
// journal that every acknowledged change reaches before its response is sent.
import { mkdirSync, unlinkSync } from 'node:fs';
import type { SiteState } from '../state/model.ts';
import type { Commit, Store } from '../state/store.ts';
import { ApiError } from '../lib/errors.ts';
import { serviceUnavailable } from './blobs.ts';
import { highestSeq, listDataDir, lockDataDir } from './files.ts';
import { Journal, type DurablePoint } from './journal.ts';
import { consoleLogger, restore, type Logger, type Restored } from './restore.ts';
import { writeSnapshot, type WriteOptions } from './snapshot.ts';

export interface PersistenceOptions {
  dataDir: string;
  /** Journal every change and fsync it before the response. */
  durable: boolean;
  /** Seconds between snapshots (taken only when something changed); 0: only on close(). */
  snapshotInterval: number;
  /** Snapshots kept (the newest ones); journals older than the oldest kept are deleted. */
  keep?: number;
  log?: Logger;
  write?: WriteOptions;
}

export interface SnapshotResult {
  path: string;
  size: number;
  seq: number;
  ms: number;
}

export class Persistence {
  private readonly log: Logger;
  private readonly keep: number;
  private seq: number;
  private changes: number;
  private lastChange: string | null;
  /** Change number contained in the newest snapshot on disk. */
  private snapshotChanges: number;
  private journal: Journal | undefined;
  private reverting = false;
  private pending: Promise<void> | undefined;
  private running: Promise<SnapshotResult | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  private closed = false;

  /** Restore `store` from the data dir (or keep its state: the fixture) and start persisting it. */
  static async open(store: Store, options: PersistenceOptions): Promise<{ persistence: Persistence; restored: Restored | undefined }> {
    const log = options.log ?? consoleLogger;
    try {
      mkdirSync(options.dataDir, { recursive: true });
    } catch (err) {
      log.error(`cannot create data dir ${options.dataDir}: ${(err as Error).message}`);
    }
    const unlock = lockDataDir(options.dataDir, (m) => log.warn(m));
    let restored: Restored | undefined;
    try {
      restored = restore(options.dataDir, log);
    } catch (err) {
      unlock();
      throw err;
    }
    if (restored) {
      store.replace(restored.state);
      const h = restored.snapshot.header;
      log.info(
        `restored ${restored.state.nodeCount} objects from ${restored.snapshot.path} (change ${h.changes})` +
          (restored.replayed ? ` + ${restored.replayed} journaled changes` : ''),
      );
    } else {
      log.info(`no snapshot in ${options.dataDir}: starting from the fixture`);
    }
    const persistence = new Persistence(store, options, log, restored, unlock);
    // Writes answer 503 until the base snapshot exists (retried on each write).
    if (persistence.journal) await persistence.journal.prepare().catch(() => {});
    return { persistence, restored };
  }

  private constructor(
    private readonly store: Store,
    private readonly options: PersistenceOptions,
    log: Logger,
    restored: Restored | undefined,
    private readonly unlock: () => void,
  ) {
    this.log = log;
    this.keep = Math.max(1, options.keep ?? 3);
    this.seq = highestSeq(listDataDir(options.dataDir));
    this.changes = restored?.changes ?? 0;
    this.lastChange = restored?.lastChange ?? null;
    this.snapshotChanges = restored ? restored.snapshot.header.changes : 0;
    if (options.durable) {
      const seq = ++this.seq;
      const start: DurablePoint = { state: store.current, changes: this.changes, time: this.lastChange };
      this.journal = new Journal({
        dir: options.dataDir,
        seq,
        start,
        // Without a snapshot, journaled changes would have nothing to apply to: write one first
        // (also after a migration: the old snapshot and journal cannot take today's patches).
        base: restored && !restored.migrated ? undefined : () => this.writeBase(seq, start),
        onFailure: (cause, durable) => this.revert(cause, durable),
      });
      store.durability = () => this.pending;
    }
    this.unsubscribe = store.subscribe(this.onCommit);
    if (options.snapshotInterval > 0) {
      this.timer = setInterval(() => {
        if (this.dirty) void this.snapshot().catch(() => {});
      }, options.snapshotInterval * 1000);
      this.timer.unref();
    }
  }

  /** Something changed since the newest snapshot. */
  get dirty(): boolean {
    return this.changes !== this.snapshotChanges;
  }

  get durable(): boolean {
    return !!this.journal;
  }

  get journalStats() {
    return this.journal?.stats;
  }

  private readonly onCommit = (commit: Commit): void => {
    if (this.reverting) return;
    if (commit.undoes) return this.takeBack(commit);
    const changes = this.changes + 1;
    const time = new Date().toISOString();
    if (this.journal) {
      const appended = this.journal.append(changes, time, commit.patches, commit.after).catch((cause) => {
        throw cause instanceof ApiError ? cause : serviceUnavailable(unavailableMessage(cause));
      });
      appended.catch(() => {}); // commits made outside a request are not awaited
      this.pending = appended;
      // Only the request that committed in this very tick waits for it (see Store.durability).
      queueMicrotask(() => {
        if (this.pending === appended) this.pending = undefined;
      });
    }
    this.counted = { commit, changes: this.changes, time: this.lastChange };
    this.changes = changes;
    this.lastChange = time;
  };

  /** The last commit counted, and the count before it (takeBack). */
  private counted: { commit: Commit; changes: number; time: string | null } | undefined;

  /**
   * A commit was refused after this was told of it (Store.publish): it was never made. Its record
   * is taken back from the journal's queue (still there: the undoing comes in the same turn), so a
   * crash cannot bring it back; were it gone already, its inverse is journaled as the next change.
   */
  private takeBack(undo: Commit): void {
    const counted = this.counted;
    if (!counted || counted.commit !== undo.undoes) return; // the append of it failed: nothing was counted
    this.counted = undefined;
    if (!this.journal || this.journal.withdraw(this.changes)) {
      this.changes = counted.changes;
      this.lastChange = counted.time;
      return;
    }
    this.onCommit({ ...undo, undoes: undefined });
  }

  private revert(cause: unknown, durable: DurablePoint): void {
    this.log.error(
      `journal write to ${this.journal?.currentPath} failed (${(cause as Error).message}); ` +
        `changes after #${durable.changes} were undone and answered 503; writes fail until the data dir is writable`,
    );
    this.reverting = true;
    try {
      this.store.replace(durable.state);
    } finally {
      this.reverting = false;
    }
    this.changes = durable.changes;
    this.lastChange = durable.time;
  }

  private async writeBase(seq: number, start: DurablePoint): Promise<void> {
    let path: string;
    try {
      ({ path } = await writeSnapshot(
        this.options.dataDir,
        start.state,
        { seq, created: new Date().toISOString(), lastChange: start.time, changes: start.changes },
        this.options.write,
      ));
    } catch (err) {
      this.log.error(`cannot write the base snapshot ${seq} into ${this.options.dataDir}: ${(err as Error).message}; writes answer 503`);
      throw err;
    }
    this.snapshotChanges = Math.max(this.snapshotChanges, start.changes);
    this.log.info(`wrote base snapshot ${path}`);
  }

  /** Write a snapshot now (one at a time; a call during a run joins it). */
  snapshot(): Promise<SnapshotResult | undefined> {
    this.running ??= this.takeSnapshot().finally(() => (this.running = undefined));
    return this.running;
  }

  private async takeSnapshot(): Promise<SnapshotResult | undefined> {
    const started = performance.now();
    const seq = this.seq + 1;
    let point: DurablePoint;
    try {
      point = this.journal
        ? await this.journal.rotate(seq)
        : { state: this.store.current, changes: this.changes, time: this.lastChange };
    } catch (err) {
      this.log.error(`snapshot ${seq} not taken: cannot start journal ${seq} (${(err as Error).message})`);
      throw err;
    }
    this.seq = seq;
    try {
      const { path, size } = await writeSnapshot(
        this.options.dataDir,
        point.state,
        { seq, created: new Date().toISOString(), lastChange: point.time, changes: point.changes },
        this.options.write,
      );
      this.snapshotChanges = Math.max(this.snapshotChanges, point.changes);
      this.prune();
      return { path, size, seq, ms: performance.now() - started };
    } catch (err) {
      this.log.error(`snapshot ${seq} failed, previous snapshots kept: ${(err as Error).message}`);
      throw err;
    }
  }

  /** Keep the newest snapshots and the journals they need. */
  private prune(): void {
    const listing = listDataDir(this.options.dataDir);
    const kept = listing.snapshots.slice(-this.keep);
    if (!kept.length) return;
    const oldest = kept[0].seq;
    const doomed = [...listing.snapshots.filter((s) => s.seq < oldest), ...listing.journals.filter((j) => j.seq < oldest)];
    for (const file of doomed) {
      try {
        unlinkSync(file.path);
      } catch (err) {
        this.log.warn(`cannot remove ${file.path}: ${(err as Error).message}`);
      }
    }
  }

  /** Final snapshot (when something changed) and release of the files. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.running?.catch(() => {});
    await this.journal?.drained();
    if (this.dirty) await this.snapshot().catch(() => {});
    this.unsubscribe();
    if (this.journal) {
      await this.journal.close();
      this.store.durability = undefined;
    }
    this.unlock();
  }

  /** For tests and benchmarks: resolves when every queued change is written. */
  async flushed(): Promise<void> {
    await this.journal?.drained();
  }

  /** The state after the last durable change (durable mode), else the current state. */
  get durableState(): SiteState {
    return this.journal?.durable.state ?? this.store.current;
  }
}

function unavailableMessage(cause: unknown): string {
  const code = (cause as NodeJS.ErrnoException)?.code;
  const why = code === 'ENOSPC' ? 'the data directory is full' : code === 'EACCES' || code === 'EROFS' || code === 'EPERM' ? 'the data directory is not writable' : 'the journal could not be written';
  return `The change was not saved: ${why} (${code ?? (cause as Error)?.message ?? 'I/O error'}). Reads still work; try again later.`;
}
