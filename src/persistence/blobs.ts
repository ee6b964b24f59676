// File bytes beside the snapshots: the content-addressed BlobStore, with each new file fsynced
// before it is referenced, and a 503 (not a crash) when the data dir cannot be written.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { BlobStore } from '../blobs/store.ts';
import { ApiError } from '../lib/errors.ts';
import { fsyncDir } from './files.ts';

export const serviceUnavailable = (message: string) => new ApiError(503, 'ServiceUnavailable', message, 'service');

export class DurableBlobStore extends BlobStore {
  constructor(
    private readonly blobDir: string,
    private readonly onError: (message: string) => void = (m) => console.error(m),
  ) {
    super();
  }

  protected override putHashed(bytes: Uint8Array, hash: string): string {
    const file = join(this.blobDir, hash);
    if (!existsSync(file)) {
      try {
        mkdirSync(this.blobDir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        const fd = openSync(tmp, 'w');
        try {
          let off = 0;
          while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        try {
          renameSync(tmp, file);
        } catch (err) {
          try {
            unlinkSync(tmp);
          } catch {
            // nothing more to do
          }
          throw err;
        }
        fsyncDir(this.blobDir);
      } catch (err) {
        const message = `cannot store file bytes in ${this.blobDir}: ${(err as Error).message}`;
        this.onError(message);
        throw serviceUnavailable(`The data directory is not writable; the change was not saved (${(err as NodeJS.ErrnoException).code ?? 'I/O error'}).`);
      }
    }
    this.memory.set(hash, bytes); // hashed above already
    return hash;
  }

  override get(hash: string): Uint8Array | undefined {
    const hit = super.get(hash);
    if (hit || !/^[0-9a-f]{64}$/.test(hash)) return hit;
    const file = join(this.blobDir, hash);
    if (!existsSync(file)) return undefined;
    const bytes = new Uint8Array(readFileSync(file));
    this.memory.set(hash, bytes); // stored under its hash: no need to hash it again
    return bytes;
  }
}
