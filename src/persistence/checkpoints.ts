// Named checkpoints for end-to-end tests: a checkpoint is a remembered site (src/http/rollback.ts:
// a reference to the immutable SiteState plus what lives beside it), so saving and restoring are
// instant. Kept in memory only (lost on restart).
import type { SitePoint } from '../http/rollback.ts';

export interface Checkpoint {
  name: string;
  point: SitePoint;
  /** When it was saved (ISO 8601). */
  created: string;
}

export const CHECKPOINT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export class Checkpoints {
  private readonly saved = new Map<string, Checkpoint>();

  save(name: string, point: SitePoint, created: string): Checkpoint {
    this.saved.get(name)?.point.release();
    const checkpoint = { name, point, created };
    this.saved.set(name, checkpoint);
    return checkpoint;
  }

  get(name: string): Checkpoint | undefined {
    return this.saved.get(name);
  }

  delete(name: string): boolean {
    this.saved.get(name)?.point.release();
    return this.saved.delete(name);
  }

  list(): Checkpoint[] {
    return [...this.saved.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
