// Resizing image bytes with sharp to an exact width/height (computed beforehand with fitInto, so
// the result matches the dimensions the JSON announced). Output keeps the source format.
import { loadSharp } from '../../blobs/sharp.ts';
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
  const sharp = await loadSharp();
  const pipeline = sharp(bytes, { animated: false }).resize(width, height, { fit: 'fill' });
  const out =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 85 })
      : format === 'webp'
        ? pipeline.webp({ quality: 85 })
        : format === 'gif'
          ? pipeline.gif()
          : format === 'avif'
            ? pipeline.avif()
            : pipeline.png();
  const buffer = await out.toBuffer();
  return { bytes: new Uint8Array(buffer), contentType: format === 'jpeg' ? 'image/jpeg' : `image/${format}` };
}
