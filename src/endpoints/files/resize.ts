// Resizing image bytes with sharp to an exact width/height (computed beforehand with fitInto, so
// the result matches the dimensions the JSON announced). Output keeps the source format. The
// work is done in the image worker thread (blobs/images.ts).
import { images } from '../../blobs/images.ts';
import type { ScaleEntry } from '../../stores/scale-cache.ts';

const OUTPUT = new Map<string, 'png' | 'jpeg' | 'webp' | 'gif' | 'avif'>(Object.entries({
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const));

export async function resizeImage(bytes: Uint8Array, contentType: string, width: number, height: number): Promise<ScaleEntry> {
  const format = OUTPUT.get(contentType) ?? 'png';
  const scaled = await images.resize(bytes, width, height, 'fill', format);
  return { bytes: scaled.bytes, contentType: format === 'jpeg' ? 'image/jpeg' : `image/${format}` };
}
