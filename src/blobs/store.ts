// Content-addressed bytes of files and images, kept outside the site state: the tree only
// holds {blob: sha256, size, contentType, filename, width, height}.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export class BlobStore {
  protected readonly memory = new Map<string, Uint8Array>();
  constructor(private readonly dir?: string) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  static hash(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  put(bytes: Uint8Array): string {
    const hash = BlobStore.hash(bytes);
    if (!this.memory.has(hash)) {
      this.memory.set(hash, bytes);
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
