// The one mutable cell: the current immutable site state. Every change goes through commit(),
// which runs one Immer recipe and hands the patches to subscribers (catalog, journal, trace).
import { enablePatches, Immer, type Draft, type Patch } from 'immer';
import type { SiteState } from './model.ts';

enablePatches();

// Immer's auto-freeze deep-walks the result and calls Object.isFrozen on every child of every
// copied object: with 100k nodes that is the 256 outer shards x their ~256 inner maps, per write.
// Instead freeze only what the commit created: objects that differ from their counterpart before.
const immer = new Immer({ autoFreeze: false });

function freezeNew(next: unknown, prev: unknown): void {
  if (next === prev || next === null || typeof next !== 'object' || Object.isFrozen(next)) return;
  Object.freeze(next);
  const old = prev !== null && typeof prev === 'object' ? (prev as Record<string, unknown>) : undefined;
  for (const key of Object.keys(next)) freezeNew((next as Record<string, unknown>)[key], old?.[key]);
}

export interface Commit {
  before: SiteState;
  after: SiteState;
  patches: Patch[];
  inverse: Patch[];
}

export type Subscriber = (commit: Commit) => void;

export class Store {
  private state: SiteState;
  private readonly subscribers = new Set<Subscriber>();
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
  commit<T>(recipe: (draft: Draft<SiteState>) => T): { next: SiteState; result: T } {
    let result!: T;
    const [next, patches, inverse] = immer.produceWithPatches(this.state, (draft: Draft<SiteState>) => {
      result = recipe(draft);
    });
    if (next !== this.state) {
      freezeNew(next, this.state);
      const before = this.state;
      this.state = next;
      for (const fn of this.subscribers) fn({ before, after: next, patches, inverse });
    }
    return { next, result };
  }

  /** Replace the whole state (restore of a snapshot or checkpoint); subscribers get a root patch. */
  replace(next: SiteState): void {
    const before = this.state;
    if (next === before) return;
    this.state = next;
    const patches: Patch[] = [{ op: 'replace', path: [], value: next }];
    const inverse: Patch[] = [{ op: 'replace', path: [], value: before }];
    for (const fn of this.subscribers) fn({ before, after: next, patches, inverse });
  }
}
