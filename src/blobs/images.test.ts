import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Images } from './images.ts';

describe('image work in the worker thread', () => {
  it('paints, reads sizes and scales as sharp does', async () => {
    const images = new Images();
    try {
      const png = await images.paint(40, 20, [200, 10, 10]);
      expect((await sharp(png).metadata()).format).toBe('png');
      expect(await images.size(png)).toEqual({ width: 40, height: 20 });
      const fill = await images.resize(png, 10, 10, 'fill', 'jpeg');
      expect(await sharp(fill.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 10, height: 10 });
      const inside = await images.resize(png, 10, 10, 'inside', 'same');
      expect(inside).toMatchObject({ width: 10, height: 5 });
      expect((await sharp(inside.bytes).metadata()).format).toBe('png');
      expect(await images.size(new Uint8Array([1, 2, 3]))).toEqual({});
      await expect(images.resize(new Uint8Array([1, 2, 3]), 5, 5, 'fill', 'png')).rejects.toThrow();
    } finally {
      await images.close();
    }
  });

  it('without its worker file, does the same work in this thread', async () => {
    const images = new Images('/nonexistent/image.worker.mjs');
    const png = await images.paint(8, 6, [0, 0, 255]);
    expect(await images.size(png)).toEqual({ width: 8, height: 6 });
    expect(await images.size(png)).toEqual({ width: 8, height: 6 });
  });
});
