// The last chunk of a TUS upload: the body of an ordinary content POST (mode create) or PATCH
// (mode replace) with the file as a JSON upload would carry it, so the object comes out the same.
import type { ApiRequest, Services } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { checkCreate } from '../content/content.create.ts';
import { guessType, prepareUploads } from '../content/uploads.ts';
import { tusBadRequest } from './headers.ts';
import type { TusUpload } from '../../stores/tus-uploads.ts';

export interface Completed {
  mode: TusUpload['mode'];
  body: Record<string, unknown>;
}

/** Type of a new object: metadata `@type`, else Image for images and File for the rest. */
function typeOf(upload: TusUpload): string {
  const meta = upload.metadata;
  if (meta['@type']) return meta['@type'];
  const mime = meta['content-type'] || guessType(meta.filename ?? '');
  return mime.startsWith('image/') ? 'Image' : 'File';
}

/** Metadata `fieldname`, else the type's primary (first file or image) field. */
function fieldOf(type: TypeDef | undefined, upload: TusUpload): string {
  if (upload.metadata.fieldname) return upload.metadata.fieldname;
  const primary = type && fieldsOf(type).find((f) => f.kind === 'NamedBlobFile' || f.kind === 'NamedBlobImage');
  if (!primary) throw tusBadRequest(`No file field on ${type?.id ?? 'this object'}`);
  return primary.name;
}

/** Checks the create/replace, then stores the bytes: the prepared body for the reducer. */
export async function completeUpload(state: SiteState, req: ApiRequest, services: Services, upload: TusUpload): Promise<Completed> {
  const body: Record<string, unknown> = upload.mode === 'create' ? checkCreate(state, req, req.context, { '@type': typeOf(upload) }) : {};
  const type = state.types[upload.mode === 'create' ? (body['@type'] as string) : req.context.type];
  const field = fieldOf(type, upload);
  const bytes = services.tus.take(upload);
  body[field] = {
    data: Buffer.from(bytes).toString('base64'),
    encoding: 'base64',
    filename: upload.metadata.filename ?? '',
    ...(upload.metadata['content-type'] ? { 'content-type': upload.metadata['content-type'] } : {}),
  };
  await prepareUploads(services.blobs, type, body);
  return { mode: upload.mode, body };
}
