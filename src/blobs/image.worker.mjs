// The image worker thread (src/blobs/images.ts): sharp (libvips) is loaded and run here, so that
// loading it (a quarter of a second or more) and its work on big images never hold up the
// server's thread. Asked {id, op, ...}; answers {id, answer} or {id, error} (src/lib/apart-worker.ts).
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { runImageOp } from './image-ops.mjs';

parentPort.on('message', async (ask) => {
  try {
    parentPort.postMessage({ id: ask.id, answer: await runImageOp(sharp, ask) });
  } catch (err) {
    parentPort.postMessage({ id: ask.id, error: String(err instanceof Error ? err.message : err) });
  }
});
