import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitInto, SCALES } from '../../blobs/scales.ts';
import { resizeImage } from './resize.ts';

const source = (format: 'png' | 'jpeg' | 'webp', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

describe('resizeImage', () => {
  it('produces exactly the fitted size of every scale, in the source format', async () => {
    for (const [format, type] of [['png', 'image/png'], ['jpeg', 'image/jpeg'], ['webp', 'image/webp']] as const) {
      const bytes = new Uint8Array(await source(format, 1237, 811));
      for (const box of Object.values(SCALES)) {
        const [w, h] = fitInto(1237, 811, box);
        const out = await resizeImage(bytes, type, w, h);
        const meta = await sharp(out.bytes).metadata();
        expect([meta.width, meta.height, out.contentType]).toEqual([w, h, type]);
      }
    }
  });
});
