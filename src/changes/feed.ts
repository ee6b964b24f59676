// The feed of committed changes: a Store subscriber that numbers every commit and, when someone
// wants it (a subscriber of the change stream, --trace, or a request that asked to see its own
// change), describes it in readable form; a group commit (Store.write) is one change per write.
// The dispatcher takes its write's description (take(meta)) once its group is committed. Recent
// descriptions are kept in a ring so that `/++dev++/changes/<seq>` can show one again.
import type { Principal } from '../auth/principal.ts';
import { isManager } from '../auth/roles.ts';
import type { SiteState } from '../state/model.ts';
import type { Commit, CommitMeta, Store } from '../state/store.ts';
import { describeCommit, type ChangeDescription } from './describe.ts';

export interface ChangeEvent extends ChangeDescription {
  /** Number of the commit since the server started (every commit counts, described or not). */
  seq: number;
  /** Time of the request (or of the commit, for changes made without one). */
  time: string;
  /** `POST /Plone/news`: method and path of the request that made the change; null: none. */
  request: string | null;
  /** Who made it (user id; null: Anonymous or the server itself). */
  user: string | null;
  /** The site went back to an earlier state (reset, checkpoint restore, transaction undo). */
  restore?: true;
}

export interface FeedOptions {
  /** Describe every commit (--trace). */
  always?: boolean;
  /** Descriptions kept for `/++dev++/changes/<seq>` (default 200). */
  keep?: number;
  /** Any authenticated user may read changes (--dev-endpoints), not only Managers. */
  openToAuthenticated?: boolean;
  /** Clock for changes made without a request. */
  now?: () => string;
}

/** Request header with which a caller asks to see the change its write made. */
export const ASK_HEADER = 'X-CMS-Oracle-Changes';
/** Response header naming the change a write made (its seq), for callers allowed to read it. */
export const CHANGE_HEADER = 'X-CMS-Oracle-Change';

export type Listener = (event: ChangeEvent) => void;

export class ChangeFeed {
  private seq = 0;
  private taken: ChangeEvent | undefined;
  /** The description of each write that has not yet been taken, by the metadata it was committed with. */
  private readonly byMeta = new WeakMap<CommitMeta, ChangeEvent>();
  private readonly ring: ChangeEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly keep: number;

  constructor(store: Store, private readonly options: FeedOptions = {}) {
    this.keep = options.keep ?? 200;
    store.subscribe((c) => this.record(c));
  }

  /** Whether `principal` may read the changes (the stream, a change by number, its own). */
  allows(state: SiteState, principal: Principal): boolean {
    if (principal.id === null) return false;
    return !!this.options.openToAuthenticated || isManager(state, principal);
  }

  /**
   * The description of the last commit, taken once, right after it (same tick), by the request
   * that made it; with `meta`, the description of the write committed with that metadata (undefined:
   * not described).
   */
  take(meta?: CommitMeta): ChangeEvent | undefined {
    if (meta) {
      // the write's own change, wherever it stood in a group commit (Store.write)
      const mine = this.byMeta.get(meta);
      this.byMeta.delete(meta);
      if (mine && this.taken === mine) this.taken = undefined;
      return mine;
    }
    const event = this.taken;
    this.taken = undefined;
    return event;
  }

  /** Recent described changes after `seq`, oldest first. */
  since(seq: number): ChangeEvent[] {
    return this.ring.filter((e) => e.seq > seq);
  }

  get(seq: number): ChangeEvent | undefined {
    return this.ring.find((e) => e.seq === seq);
  }

  get lastSeq(): number {
    return this.seq;
  }

  listen(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private record(c: Commit): void {
    this.taken = undefined;
    // a refused commit (Store.publish): no write of it may take its change; its undoing is described as a restore
    if (c.undoes) for (const part of c.undoes.parts ?? [c.undoes]) if (part.meta) this.byMeta.delete(part.meta);
    // a group commit: one change per write, each described on its own states
    if (c.parts) for (const part of c.parts) this.one(part);
    else this.one(c);
  }

  private one(c: Pick<Commit, 'before' | 'after' | 'patches' | 'meta' | 'restore'>): void {
    const meta = c.meta;
    const seq = ++this.seq;
    if (!meta?.describe && !this.options.always && !this.listeners.size) return;
    const event: ChangeEvent = {
      seq,
      time: meta?.time ?? this.options.now?.() ?? new Date().toISOString(),
      request: meta?.request ?? null,
      user: meta?.user ?? null,
      ...(c.restore ? { restore: true as const } : {}),
      ...describeCommit(c.before, c.after, c.patches),
    };
    if (meta?.request) {
      this.taken = event;
      this.byMeta.set(meta, event);
    }
    this.ring.push(event);
    if (this.ring.length > this.keep) this.ring.shift();
    for (const fn of this.listeners) {
      try {
        fn(event);
      } catch (err) {
        console.error(err);
      }
    }
  }
}
