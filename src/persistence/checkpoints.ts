// Named checkpoints for end-to-end tests: a checkpoint is just a reference to an immutable
// SiteState, so saving and restoring are instant. Kept in memory only (lost on restart).
import type { SiteState } from '../state/model.ts';

export interface Checkpoint {
  name: string;
  state: SiteState;
  /** When it was saved (ISO 8601). */
  created: string;
}

export const CHECKPOINT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export class Checkpoints {
  private readonly saved = new Map<string, Checkpoint>();

  save(name: string, state: SiteState, created: string): Checkpoint {
    const checkpoint = { name, state, created };
    this.saved.set(name, checkpoint);
    return checkpoint;
  }

  get(name: string): Checkpoint | undefined {
    return this.saved.get(name);
  }

  delete(name: string): boolean {
    return this.saved.delete(name);
  }

  list(): Checkpoint[] {
    return [...this.saved.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
