// The one mutable cell: the current immutable site state. Every change goes through commit(),
// which runs one Immer recipe and hands the patches to subscribers (catalog, journal, trace), or
// through write(), the group commit of the writes that are ready in the same turn of the event
// loop: each is decided and applied on the state the ones before it made (its own recipe, patches
// and transaction), and the group is published once (one catalog update, one journal append).
import { enablePatches, Immer, type Draft, type Patch } from 'immer';
import type { SiteState } from './model.ts';
import { freezeNew } from './freeze.ts';
import { refineChildPatches } from './children-patches.ts';
import { refineNodePatches } from './nodes-write.ts';
import { randomSeed, withSeeds } from '../lib/seeded-hash.ts';

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

/** One write of a group commit: the state it was applied on and its own patches. */
export interface CommitPart {
  before: SiteState;
  after: SiteState;
  patches: Patch[];
  inverse: Patch[];
  meta: CommitMeta;
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
  /**
   * A subscriber refused this commit's forerunner (publish is all or nothing): this commit takes
   * the state back from it, and goes to the subscribers that were told of it.
   */
  undoes?: Commit;
  /** Who made it, when, why (absent: a commit without a request, e.g. in tests and tools). */
  meta?: CommitMeta;
  /**
   * A group commit of several writes (Store.write): each one's own states, patches and metadata,
   * in order; `patches` and `inverse` are theirs joined (`meta` is then absent).
   */
  parts?: CommitPart[];
}

/** A write waiting for the group commit (Store.write). */
export interface GroupWrite<T = unknown> {
  /** The state the write was decided on. */
  decidedOn: SiteState;
  recipe: (draft: Draft<SiteState>) => T;
  meta: CommitMeta;
  /**
   * Another write came first: decide again on `state` (set `decidedOn` and `recipe`), or answer
   * false when the write leaves the group (it has to wait for work done apart, or no longer
   * writes); throws the write's own error.
   */
  decideAgain(state: SiteState): boolean;
}

/** What write() made: the state before and after this write, the recipe's result, the wait for the journal. */
export interface Written<T> {
  before: SiteState;
  next: SiteState;
  result: T;
  /** Resolves once the group is on disk (undefined: nothing to wait for); see Store.durability. */
  durable?: Promise<void>;
}

/** A group commit takes at most this many writes, and starts no new write after GROUP_MS of work. */
export const GROUP_MAX = 64;
export const GROUP_MS = 5;

/** The real setImmediate, taken before any test can replace it with a fake timer. */
const nextCheck = globalThis.setImmediate;

interface Queued {
  write: GroupWrite;
  resolve: (w: Written<unknown> | undefined) => void;
  reject: (err: unknown) => void;
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
  /**
   * Seeds of the records the recipes make (a folder's id trie): random, or drawn from the
   * deterministic secret stream of a --deterministic server (server.ts).
   */
  seeds: () => number = randomSeed;

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
    const [next, patches, inverse] = withSeeds(this.seeds, () =>
      immer.produceWithPatches(this.state, (draft: Draft<SiteState>) => {
        result = recipe(draft);
      }),
    );
    if (next !== this.state) {
      refineNodePatches(patches, inverse);
      refineChildPatches(patches, inverse);
      freezeNew(next, this.state);
      this.publish({ before: this.state, after: next, patches, inverse, ...(meta ? { meta } : {}) });
    }
    return { next, result };
  }

  /**
   * Commit `w` together with the other writes ready in this turn of the event loop (a group of at
   * most GROUP_MAX writes and GROUP_MS of work; the rest go in the next group). The writes are
   * taken in order; each one decided on another state than the one the writes before it made is
   * decided again on that one first (w.decideAgain). Its recipe runs in its own Immer produce, so a
   * recipe that throws leaves the others' changes and adds none (the promise rejects with its
   * error). The group is published as one commit whose `parts` are the writes. Resolves with this
   * write's states, or undefined when it left the group (decideAgain answered false).
   */
  write<T>(w: GroupWrite<T>): Promise<Written<T> | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write: w as GroupWrite, resolve: resolve as Queued['resolve'], reject });
      if (!this.scheduled) {
        this.scheduled = true;
        nextCheck(this.flush);
      }
    });
  }

  private readonly queue: Queued[] = [];
  private scheduled = false;
  /** The bounds of a group (tests raise the time to make groups independent of the machine's speed). */
  groupMax = GROUP_MAX;
  groupMs = GROUP_MS;

  private readonly flush = (): void => {
    this.scheduled = false;
    const started = performance.now();
    const first = this.state;
    let state = first;
    const parts: CommitPart[] = [];
    // at: how many parts were made before the write; made: it made the part `at`
    const settled: { job: Queued; at: number; made?: true; written?: Written<unknown>; error?: unknown; failed?: true }[] = [];
    let taken = 0;
    while (taken < this.queue.length && taken < this.groupMax && (taken === 0 || performance.now() - started < this.groupMs)) {
      const job = this.queue[taken++];
      try {
        const w = job.write;
        if (w.decidedOn !== state && !w.decideAgain(state)) {
          settled.push({ job, at: parts.length });
          continue;
        }
        let result: unknown;
        const [next, patches, inverse] = withSeeds(this.seeds, () =>
          immer.produceWithPatches(state, (draft: Draft<SiteState>) => {
            result = w.recipe(draft);
          }),
        );
        const at = parts.length;
        if (next !== state) {
          refineNodePatches(patches, inverse);
          refineChildPatches(patches, inverse);
          freezeNew(next, state);
          parts.push({ before: state, after: next, patches, inverse, meta: w.meta });
        }
        settled.push({ job, at, ...(next !== state ? { made: true as const } : {}), written: { before: state, next, result } });
        state = next;
      } catch (error) {
        settled.push({ job, at: parts.length, error, failed: true });
      }
    }
    this.queue.splice(0, taken);
    if (this.queue.length) {
      this.scheduled = true;
      nextCheck(this.flush);
    }
    const { published, error: refused } = this.publishGroup(first, state, parts);
    const again: Queued[] = [];
    // a write stands when it was made on published parts only
    const stands = (s: (typeof settled)[number]) => refused === undefined || s.at < published || (s.at === published && !s.made);
    // every write waits for the journal, also one that changed nothing (as after commit())
    const durable = settled.some((s) => s.written && stands(s)) ? this.durability?.() : undefined;
    for (const s of settled) {
      if (refused !== undefined && s.made && s.at === published) s.job.reject(refused);
      else if (!stands(s)) again.push(s.job);
      else if (s.failed) s.job.reject(s.error);
      else s.job.resolve(s.written && durable ? { ...s.written, durable } : s.written);
    }
    // the writes after a refused one were decided on a state that is gone: decided again, first in line
    if (again.length) {
      this.queue.unshift(...again);
      if (!this.scheduled) {
        this.scheduled = true;
        nextCheck(this.flush);
      }
    }
  };

  /**
   * Publish a group's parts as one commit. When a subscriber refuses it (publish() has put the
   * state back at `first`), publish them one by one, up to the one refused (its error). Answers
   * how many parts are published.
   */
  private publishGroup(first: SiteState, last: SiteState, parts: CommitPart[]): { published: number; error?: unknown } {
    const single = (p: CommitPart): Commit => ({ before: p.before, after: p.after, patches: p.patches, inverse: p.inverse, meta: p.meta });
    try {
      if (parts.length === 1) this.publish(single(parts[0]));
      else if (parts.length > 1) {
        const inverse: Patch[] = [];
        for (let i = parts.length - 1; i >= 0; i--) for (const p of parts[i].inverse) inverse.push(p);
        this.publish({ before: first, after: last, patches: parts.flatMap((p) => p.patches), inverse, parts });
      }
      return { published: parts.length };
    } catch (error) {
      // one part: its own error; a subscriber that could not be told of the undoing either: no part stands
      if (parts.length === 1 || error instanceof AggregateError) return { published: 0, error };
      for (let i = 0; i < parts.length; i++) {
        try {
          this.publish(single(parts[i]));
        } catch (own) {
          return { published: i, error: own };
        }
      }
      console.error('a group commit was refused, and each of its writes alone was not:', error);
    }
    return { published: parts.length };
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
    const undone = this.history.slice(at);
    const patches: Patch[] = [];
    for (let i = undone.length - 1; i >= 0; i--) patches.push(...undone[i].inverse);
    const inverse = undone.flatMap((c) => c.patches);
    this.publish({ before: this.state, after: target, patches, inverse, restore: true }, false);
    this.history.length = at; // once it stands: a refused restore keeps the history it would undo
  }

  /**
   * Make `commit` the state and tell every subscriber, all or nothing: when one throws, the state
   * goes back to `commit.before`, each subscriber told of the commit (the one that threw too) is
   * told of its undoing (`undoes`), and the error is thrown.
   */
  private publish(commit: Commit, record = true): void {
    this.state = commit.after;
    const told: Subscriber[] = [];
    try {
      for (const fn of this.subscribers) {
        told.push(fn);
        fn(commit);
      }
    } catch (error) {
      this.undo(commit, told, error);
    }
    if (record && this.keepers > 0) {
      this.history.push({ before: commit.before, patches: commit.patches, inverse: commit.inverse });
      if (this.history.length > HISTORY_LIMIT) this.history.splice(0, this.history.length - HISTORY_LIMIT);
    }
  }

  private undo(commit: Commit, told: Subscriber[], error: unknown): never {
    this.state = commit.before;
    const back: Commit = { before: commit.after, after: commit.before, patches: commit.inverse, inverse: commit.patches, restore: true, undoes: commit };
    const alsoFailed: unknown[] = [];
    for (const fn of told) {
      try {
        fn(back);
      } catch (err) {
        alsoFailed.push(err);
      }
    }
    if (alsoFailed.length) throw new AggregateError([error, ...alsoFailed], 'a change was refused, and undoing it failed too');
    throw error;
  }
}
