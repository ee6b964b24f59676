// Portraits (supplement 31.5, C17): PATCH @users/<id> {portrait: {content-type, data, encoding,
// filename, scale?}} stores the image in the blob store (in `prepare`); GET @portrait[/<id>]
// serves it. `scale: true` shrinks it to fit 200x200 like the classic portrait form.
import { images } from '../../blobs/images.ts';
import { storeUpload } from '../content/uploads.ts';
import type { BlobStore } from '../../blobs/store.ts';
import type { ApiRequest, ApiResponse, Route } from '../../http/types.ts';
import { ApiError } from '../../lib/errors.ts';
import type { BlobRef } from '../../state/model.ts';
import { serveStored } from '../files/serve.ts';
import { getUser } from './records.ts';

const MAX = 200;

/** The upload object of a PATCH body, stored; null = remove; undefined = leave as is. */
export async function preparePortrait(blobs: BlobStore, value: unknown): Promise<BlobRef | null | undefined> {
  if (value === null) return null;
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('data' in value)) return undefined;
  const upload = value as Record<string, unknown>;
  const ref = await storeUpload(blobs, upload, 'portrait', true);
  if (upload.scale !== true || !ref.width || !ref.height || (ref.width <= MAX && ref.height <= MAX)) return ref;
  try {
    const scaled = await images.resize(blobs.get(ref.blob)!, MAX, MAX, 'inside', 'same');
    return { ...ref, blob: blobs.put(scaled.bytes), size: scaled.bytes.length, width: scaled.width, height: scaled.height };
  } catch {
    return ref;
  }
}

const notSet = () => new ApiError(404, 'NotFound', '');

export const portraitRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@portrait',
    on: 'site',
    permission: 'View',
    // the image's bytes (a type that is not inert: as an attachment, application/octet-stream)
    schema: { files: { 200: ['image/*', 'application/octet-stream'] } },
    path: { forms: ['', '/{userid}'], params: { userid: { description: "Id of the user (without it: the caller's portrait)." } }, refuse: notSet },
    handle: (state, req: ApiRequest, services): ApiResponse => {
      const id = req.url.params[0] ?? req.principal.id;
      const user = id ? getUser(state, services.auth.root, id) : undefined;
      const ref = user?.portrait;
      const bytes = ref ? services.blobs.get(ref.blob) : undefined;
      if (!ref || !bytes) throw notSet();
      // Served like an image field: inline only for allow-listed types, else an attachment.
      return serveStored(bytes, ref.contentType, { mode: 'image', name: ref.filename || 'portrait', stored: ref.filename });
    },
  },
];
