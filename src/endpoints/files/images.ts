// `@@images/<field>`, `@@images/<field>/<scale>` and `@@images/<field>-<width>-<hash>.<ext>`
// (supplement 8.4). Scales are made with sharp on first request and kept in services.scales.
import type { ViewHandler } from '../../http/types.ts';
import type { ApiResponse, Services } from '../../http/types.ts';
import type { BlobRef } from '../../state/model.ts';
import { SCALES, extensionFor, fitInto, parseScaleFileName } from '../../blobs/scales.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { normalizeMediaType } from '../../blobs/media-type.ts';
import { blobField, checkView } from './blob-field.ts';
import { resizeImage } from './resize.ts';
import type { ScaleEntry } from '../../stores/scale-cache.ts';
import { serveStored } from './serve.ts';

const IMAGE_KINDS = new Set(['NamedBlobImage']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The size a hashed URL's width stands for: the original or one of the scales' sizes. */
function sizeForWidth(ref: BlobRef, width: number): [number, number] | undefined {
  const w = ref.width ?? 0;
  const h = ref.height ?? 0;
  if (width === w) return [w, h];
  if (!w || !h) return undefined;
  for (const box of Object.values(SCALES)) {
    const size = fitInto(w, h, box);
    if (size[0] === width) return size;
  }
  return undefined;
}

async function scaled(services: Services, ref: BlobRef, size: [number, number]): Promise<ScaleEntry> {
  const original = services.blobs.get(ref.blob);
  if (!original) throw notFound();
  const [width, height] = size;
  const same = !ref.width || !ref.height || (width === ref.width && height === ref.height);
  const asIs = { bytes: original, contentType: ref.contentType };
  // Vector images are served as they are for every scale (as Plone does).
  if (same || normalizeMediaType(ref.contentType) === 'image/svg+xml') return asIs;
  const type = normalizeMediaType(ref.contentType);
  // Bytes the image library cannot scale after all are served unscaled rather than failing.
  return services.scales.get(`${ref.blob}:${width}x${height}`, () => resizeImage(original, type, width, height)).catch(() => asIs);
}

/** The answer (supplement-2 §4.2): an attachment named stored name -> field name -> image.ext when not inline-allowed. */
function respond(entry: ScaleEntry, ref: BlobRef, field: string, immutable: boolean): ApiResponse {
  const res = serveStored(entry.bytes, entry.contentType, { mode: 'image', name: ref.filename || field || `image.${extensionFor(entry.contentType)}`, stored: ref.filename });
  if (immutable) res.headers!['Cache-Control'] = IMMUTABLE;
  return res;
}

export const imagesView: ViewHandler = async (state, req, services) => {
  const [first, scaleName, ...rest] = req.url.viewParams;
  checkView(state, req);
  if (!first) throw badRequest('Missing image scale path');
  if (rest.length) throw notFound();
  const hashed = scaleName === undefined ? parseScaleFileName(first) : undefined;
  if (hashed) {
    const { ref } = blobField(state, req, hashed.field, IMAGE_KINDS);
    if (hashed.hash !== ref.blob.slice(0, 32)) throw notFound();
    const size = sizeForWidth(ref, hashed.width);
    if (!size) throw notFound();
    return respond(await scaled(services, ref, size), ref, hashed.field, true);
  }
  const { ref } = blobField(state, req, first, IMAGE_KINDS);
  let size: [number, number] = [ref.width ?? 0, ref.height ?? 0];
  if (scaleName !== undefined) {
    const box = Object.hasOwn(SCALES, scaleName) ? SCALES[scaleName] : undefined;
    if (!box) throw notFound();
    if (size[0] && size[1]) size = fitInto(size[0], size[1], box);
  }
  return respond(await scaled(services, ref, size), ref, first, false);
};

