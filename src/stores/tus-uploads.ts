// TUS uploads in progress (supplement 31.20): I/O state outside the site state. Each upload
// keeps the chunks received so far and expires one hour after its last write (request clock).
export type TusMode = 'create' | 'replace';

export interface TusUpload {
  id: string;
  mode: TusMode;
  length: number;
  metadata: Record<string, string>;
  offset: number;
  /** Epoch milliseconds after which the upload is gone. */
  expires: number;
  chunks: Uint8Array[];
}

export type TusMark = { upload: TusUpload; offset: number; chunks: Uint8Array[]; expires: number }[];

export const TUS_LIFETIME_MS = 3600_000;

export class TusStore {
  private readonly uploads = new Map<string, TusUpload>();

  /** The uploads in progress and how far each got, for rollback(). */
  mark(): TusMark {
    return [...this.uploads.values()].map((upload) => ({ upload, offset: upload.offset, chunks: [...upload.chunks], expires: upload.expires }));
  }

  /** Back to `mark`: uploads started since are gone, the others lose the bytes received since. */
  rollback(mark: TusMark): void {
    this.uploads.clear();
    for (const { upload, offset, chunks, expires } of mark) {
      upload.offset = offset;
      upload.chunks = [...chunks];
      upload.expires = expires;
      this.uploads.set(upload.id, upload);
    }
  }

  create(id: string, mode: TusMode, length: number, metadata: Record<string, string>, now: string): TusUpload {
    const upload: TusUpload = { id, mode, length, metadata, offset: 0, expires: Date.parse(now) + TUS_LIFETIME_MS, chunks: [] };
    this.uploads.set(id, upload);
    return upload;
  }

  /** The upload if it exists and has not expired at `now`. */
  get(id: string | undefined, now: string): TusUpload | undefined {
    if (id === undefined) return undefined;
    this.expire(now);
    return this.uploads.get(id);
  }

  /** Forget uploads whose time is up. */
  expire(now: string): void {
    const t = Date.parse(now);
    for (const [id, upload] of this.uploads) if (upload.expires <= t) this.uploads.delete(id);
  }

  append(upload: TusUpload, bytes: Uint8Array, now: string): void {
    if (bytes.length) upload.chunks.push(bytes);
    upload.offset += bytes.length;
    upload.expires = Date.parse(now) + TUS_LIFETIME_MS;
  }

  /** All bytes of a finished upload; the upload is forgotten. */
  take(upload: TusUpload): Uint8Array {
    this.uploads.delete(upload.id);
    return new Uint8Array(Buffer.concat(upload.chunks));
  }
}
