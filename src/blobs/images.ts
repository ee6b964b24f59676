// Image work (sizes of uploads, scales, portraits, sample pictures) done in the image worker
// thread (image.worker.mjs), so that neither loading sharp nor scaling a big image holds up other
// callers; in this thread (sharp loaded on first use) only when the worker cannot run.
import { join } from 'node:path';
import { ApartWorker, WorkerUnavailable } from '../lib/apart-worker.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { runImageOp, type ImageAnswer, type ImageAsk, type ImageFormat } from './image-ops.mjs';
import { loadSharp } from './sharp.ts';

export type { ImageFormat };

export const IMAGE_WORKER_FILE = join(PACKAGE_ROOT, 'src', 'blobs', 'image.worker.mjs');

export class Images {
  private readonly worker: ApartWorker<ImageAsk, ImageAnswer>;

  constructor(file = IMAGE_WORKER_FILE) {
    this.worker = new ApartWorker(file);
  }

  private async run(ask: ImageAsk): Promise<ImageAnswer> {
    const apart = this.worker.call(ask);
    if (apart) {
      try {
        return await apart;
      } catch (err) {
        // the operation failed (bytes that are no image): it fails here too; the worker is gone: here
        if (!(err instanceof WorkerUnavailable)) throw err;
      }
    }
    return runImageOp(await loadSharp(), ask);
  }

  /** Width and height of image bytes; none when they are not an image sharp reads. */
  async size(bytes: Uint8Array): Promise<{ width?: number; height?: number }> {
    try {
      const { width, height } = await this.run({ op: 'metadata', bytes });
      return { width, height };
    } catch {
      return {};
    }
  }

  /** `bytes` scaled to `width` x `height` (`fit`: exactly, or inside the box), written as `format`. */
  async resize(bytes: Uint8Array, width: number, height: number, fit: 'fill' | 'inside', format: ImageFormat): Promise<Required<ImageAnswer>> {
    return (await this.run({ op: 'resize', bytes, width, height, fit, format })) as Required<ImageAnswer>;
  }

  /** A plain PNG of one colour. */
  async paint(width: number, height: number, rgb: [number, number, number]): Promise<Uint8Array> {
    return (await this.run({ op: 'paint', width, height, rgb })).bytes!;
  }

  /** Stops the worker (tests). */
  close(): Promise<void> {
    return this.worker.close();
  }
}

/** The server's image worker (one per process). */
export const images = new Images();
