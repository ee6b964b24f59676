// Shared by the binary views: the permission check and the blob field of the context.
import type { ApiRequest } from '../../http/types.ts';
import type { BlobRef, SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { canView } from '../../auth/check.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { own } from '../../lib/records.ts';

export const BLOB_KINDS = new Set(['NamedBlobFile', 'NamedBlobImage']);

export function checkView(state: SiteState, req: ApiRequest): void {
  if (!canView(state, req.principal, req.context)) throw unauthorized();
}

/** The first file/image field of the context's type (what `@@download` alone serves). */
export function primaryField(state: SiteState, req: ApiRequest): string | undefined {
  const type = own(state.types, req.context.type);
  return type ? fieldsOf(type).find((f) => BLOB_KINDS.has(f.kind))?.name : undefined;
}

/** The stored blob of `name`, or 404 for an unknown, non-binary or empty field. */
export function blobField(state: SiteState, req: ApiRequest, name: string | undefined, kinds = BLOB_KINDS): { field: FieldDef; ref: BlobRef } {
  const type = own(state.types, req.context.type);
  const field = name && type ? fieldsOf(type).find((f) => f.name === name) : undefined;
  if (!field || !kinds.has(field.kind)) throw notFound();
  const ref = req.context.fields[field.name] as BlobRef | null | undefined;
  if (!ref || typeof ref.blob !== 'string') throw notFound();
  return { field, ref };
}
