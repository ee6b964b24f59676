// The one mutable cell: the current immutable site state. Every change goes through commit(),
// which runs one Immer recipe and hands the patches to subscribers (catalog, journal, trace).
import { enablePatches, Immer, type Draft, type Patch } from 'immer';
import type { SiteState } from './model.ts';
import { freezeNew } from './freeze.ts';

enablePatches();

// Immer's auto-freeze deep-walks the result and calls Object.isFrozen on every child of every
// copied object: with 100k nodes that is the 256 outer shards x their ~256 inner maps, per write.
// Instead freeze.ts freezes only what the commit created (and only when freezing is on).
const immer = new Immer({ autoFreeze: false });

/** What the request (or the server itself) that makes a commit tells the subscribers about it. */
export interface CommitMeta {
  user: string | null;
  /** Request time, ISO 8601. */
  time: string;
  /** The transaction's description (physical path, method and endpoint). */
  description: string;
  /** The request line, e.g. `PATCH /Plone/doc` (the change feed). */
  request?: string;
  /** Describe this commit even if nobody listens (the caller asked to see it). */
  describe?: boolean;
}

export interface Commit {
  before: SiteState;
  after: SiteState;
  patches: Patch[];
  inverse: Patch[];
  /**
   * The state went back to an earlier one (restore()/replace()): not a new transaction. The
   * patches lead from `before` to `after` all the same (a root replace when no history is kept).
   */
  restore?: true;
  /** Who made it, when, why (absent: a commit without a request, e.g. in tests and tools). */
  meta?: CommitMeta;
}

/** One change kept in the history: the state before it and its patches. */
interface Change {
  before: SiteState;
  patches: Patch[];
  inverse: Patch[];
}

/** Changes kept at most in the history; older ones are forgotten (restore() then replaces). */
export const HISTORY_LIMIT = 2000;

export type Subscriber = (commit: Commit) => void;

export class Store {
  private state: SiteState;
  private readonly subscribers = new Set<Subscriber>();
  /** Recent changes, oldest first, kept while someone retains them (see retain()). */
  private history: Change[] = [];
  private keepers = 0;
  /**
   * Set by the journal (--durable). Called right after commit(), in the same tick: resolves once
   * that commit is on disk, rejects (503) if it could not be written; undefined: nothing to wait for.
   */
  durability?: () => Promise<void> | undefined;

  constructor(initial: SiteState) {
    this.state = initial;
  }

  get current(): SiteState {
    return this.state;
  }

  subscribe(fn: Subscriber): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** Run a draft mutator; if it throws, nothing changes. Returns the recipe's result. */
  commit<T>(recipe: (draft: Draft<SiteState>) => T, meta?: CommitMeta): { next: SiteState; result: T } {
    let result!: T;
    const [next, patches, inverse] = immer.produceWithPatches(this.state, (draft: Draft<SiteState>) => {
      result = recipe(draft);
    });
    if (next !== this.state) {
      freezeNew(next, this.state);
      this.publish({ before: this.state, after: next, patches, inverse, ...(meta ? { meta } : {}) });
    }
    return { next, result };
  }

  /** Replace the whole state (restore of a snapshot); subscribers get a root patch. */
  replace(next: SiteState): void {
    const before = this.state;
    if (next === before) return;
    const patches: Patch[] = [{ op: 'replace', path: [], value: next }];
    const inverse: Patch[] = [{ op: 'replace', path: [], value: before }];
    this.publish({ before, after: next, patches, inverse, restore: true });
  }

  /**
   * Keep the history of changes from now on, so that restore() can go back to any state since
   * then by undoing patches (cost: the number of changes undone, not the size of the site).
   * Call the returned function when it is no longer needed.
   */
  retain(): () => void {
    this.keepers++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.keepers === 0) this.history = [];
    };
  }

  /**
   * Go back to `target`, an earlier state (a checkpoint, a remembered state). When the history
   * reaches back to it, subscribers get the inverse patches of the changes since, newest first
   * (so the catalog and the journal do work proportional to those changes); otherwise a root
   * replace. The state afterwards is `target` itself.
   */
  restore(target: SiteState): void {
    if (target === this.state) return;
    let at = this.history.length - 1;
    while (at >= 0 && this.history[at].before !== target) at--;
    if (at < 0) {
      this.replace(target);
      return;
    }
    const undone = this.history.splice(at);
    const patches: Patch[] = [];
    for (let i = undone.length - 1; i >= 0; i--) patches.push(...undone[i].inverse);
    const inverse = undone.flatMap((c) => c.patches);
    this.publish({ before: this.state, after: target, patches, inverse, restore: true }, false);
  }

  private publish(commit: Commit, record = true): void {
    if (record && this.keepers > 0) {
      this.history.push({ before: commit.before, patches: commit.patches, inverse: commit.inverse });
      if (this.history.length > HISTORY_LIMIT) this.history.splice(0, this.history.length - HISTORY_LIMIT);
    }
    this.state = commit.after;
    for (const fn of this.subscribers) fn(commit);
  }
}
