// Shared by the binary views: the permission check, the blob field of the context, and the
// response headers of a served file.
import type { ApiRequest } from '../../http/types.ts';
import type { BlobRef, SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { canView } from '../../auth/check.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';

export const BLOB_KINDS = new Set(['NamedBlobFile', 'NamedBlobImage']);

export function checkView(state: SiteState, req: ApiRequest): void {
  if (!canView(state, req.principal, req.context)) throw unauthorized();
}

/** The first file/image field of the context's type (what `@@download` alone serves). */
export function primaryField(state: SiteState, req: ApiRequest): string | undefined {
  const type = state.types[req.context.type];
  return type ? fieldsOf(type).find((f) => BLOB_KINDS.has(f.kind))?.name : undefined;
}

/** The stored blob of `name`, or 404 for an unknown, non-binary or empty field. */
export function blobField(state: SiteState, req: ApiRequest, name: string | undefined, kinds = BLOB_KINDS): { field: FieldDef; ref: BlobRef } {
  const type = state.types[req.context.type];
  const field = name && type ? fieldsOf(type).find((f) => f.name === name) : undefined;
  if (!field || !kinds.has(field.kind)) throw notFound();
  const ref = req.context.fields[field.name] as BlobRef | null | undefined;
  if (!ref || typeof ref.blob !== 'string') throw notFound();
  return { field, ref };
}

/** RFC 5987 value for `filename*`. */
export const encodeFilename = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

export function disposition(kind: 'attachment' | 'inline', filename: string): string {
  return filename ? `${kind}; filename*=UTF-8''${encodeFilename(filename)}` : kind;
}

const INLINE_TYPES = new Set(['application/pdf', 'text/plain']);

/** Types a browser may show inline without risk (no svg: it can carry scripts). */
export const safeInline = (contentType: string) =>
  INLINE_TYPES.has(contentType) || (contentType.startsWith('image/') && contentType !== 'image/svg+xml');
