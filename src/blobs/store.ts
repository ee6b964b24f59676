// Content-addressed bytes of files and images, kept outside the site state: the tree only
// holds {blob: sha256, size, contentType, filename, width, height}.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { BIG_INPUT, nextTurn } from '../lib/turn.ts';

export interface BlobMark {
  readonly at: number;
  release(): void;
}

export class BlobStore {
  protected readonly memory = new Map<string, Uint8Array>();
  constructor(private readonly dir?: string) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  static hash(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  /** The hash of `bytes`, a slice per turn when they are many (an upload of megabytes). */
  static async hashInTurns(bytes: Uint8Array): Promise<string> {
    if (bytes.length < BIG_INPUT) return BlobStore.hash(bytes);
    const hash = createHash('sha256');
    for (let at = 0; at < bytes.length; at += BIG_INPUT) {
      await nextTurn();
      hash.update(bytes.subarray(at, at + BIG_INPUT));
    }
    return hash.digest('hex');
  }

  put(bytes: Uint8Array): string {
    return this.putHashed(bytes, BlobStore.hash(bytes));
  }

  /** put(), hashing many bytes in turns. */
  async putInTurns(bytes: Uint8Array): Promise<string> {
    return this.putHashed(bytes, await BlobStore.hashInTurns(bytes));
  }

  /** Keeps `bytes` under `hash` (their sha256), unless kept already; answers the hash. */
  protected putHashed(bytes: Uint8Array, hash: string): string {
    if (!this.memory.has(hash)) {
      this.memory.set(hash, bytes);
      this.added?.push(hash);
      if (this.dir) {
        const file = join(this.dir, hash);
        if (!existsSync(file)) {
          writeFileSync(file + '.tmp', bytes);
          renameSync(file + '.tmp', file);
        }
      }
    }
    return hash;
  }

  /** Hashes first stored while a mark is held (only then), oldest first. */
  private added: string[] | undefined;
  private readonly held = new Set<{ at: number }>();

  /**
   * Start noting the blobs stored from now on, so that rollback() can forget them again (memory
   * only: files stay on disk, where nothing refers to them). release() the mark when done.
   */
  mark(): BlobMark {
    this.added ??= [];
    const mark = {
      at: this.added.length,
      release: () => {
        this.held.delete(mark);
        if (!this.held.size) this.added = undefined;
      },
    };
    this.held.add(mark);
    return mark;
  }

  /** Forget the blobs stored since `mark`, except those a later mark still held may refer to. */
  rollback(mark: BlobMark): void {
    if (!this.added || !this.held.has(mark)) return;
    let from = mark.at;
    for (const other of this.held) from = Math.max(from, other.at);
    for (const hash of this.added.splice(from)) this.memory.delete(hash);
  }

  get(hash: string): Uint8Array | undefined {
    const hit = this.memory.get(hash);
    if (hit || !this.dir || !/^[0-9a-f]{64}$/.test(hash)) return hit;
    const file = join(this.dir, hash);
    if (!existsSync(file)) return undefined;
    const bytes = new Uint8Array(readFileSync(file));
    this.memory.set(hash, bytes);
    return bytes;
  }
}
