// Image scale names and boxes (supplement 8.4) and the sizes an image gets in each.
import { normalizeMediaType } from './media-type.ts';
import { recordOf } from '../lib/records.ts';

export const SCALES: Record<string, [number, number]> = recordOf({
  huge: [1600, 65536],
  great: [1200, 65536],
  larger: [1000, 65536],
  large: [800, 65536],
  teaser: [600, 65536],
  preview: [400, 65536],
  mini: [200, 65536],
  thumb: [128, 128],
  tile: [64, 64],
  icon: [32, 32],
  listing: [16, 16],
});

/** Fit (width, height) into the box, keeping the ratio and never upscaling. */
export function fitInto(width: number, height: number, box: [number, number]): [number, number] {
  const [bw, bh] = box;
  if (width <= bw && height <= bh) return [width, height];
  const ratio = Math.min(bw / width, bh / height);
  return [Math.max(1, Math.floor(width * ratio)), Math.max(1, Math.floor(height * ratio))];
}

const EXT = new Map<string, string>(Object.entries({
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
}));

export const extensionFor = (contentType: string) => EXT.get(normalizeMediaType(contentType)) ?? 'bin';

/** The cache-friendly name of one generated size: `<field>-<width>-<hash>.<ext>`. */
export function scaleFileName(field: string, width: number, blob: string, contentType: string): string {
  return `${field}-${width}-${blob.slice(0, 32)}.${extensionFor(contentType)}`;
}

export function parseScaleFileName(name: string): { field: string; width: number; hash: string } | undefined {
  const m = /^(.+)-(\d+)-([0-9a-f]{32})\.[a-z+]+$/.exec(name);
  if (!m) return undefined;
  return { field: m[1], width: Number(m[2]), hash: m[3] };
}
