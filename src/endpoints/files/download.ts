// `@@download/<field>[/<filename>]` and `@@display-file/<field>` (supplement 8.3).
import type { ViewHandler } from '../../http/dispatch.ts';
import type { ApiResponse } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { blobField, checkView, disposition, primaryField, safeInline } from './blob-field.ts';

function serveField(inline: boolean): ViewHandler {
  return (state, req, services): ApiResponse => {
    checkView(state, req);
    const name = req.url.viewParams[0] ?? primaryField(state, req);
    const { ref } = blobField(state, req, name);
    const bytes = services.blobs.get(ref.blob);
    if (!bytes) throw notFound();
    const kind = inline && safeInline(ref.contentType) ? 'inline' : 'attachment';
    return {
      status: 200,
      bytes,
      contentType: ref.contentType,
      headers: { 'Content-Disposition': disposition(kind, ref.filename), 'Content-Length': String(bytes.byteLength) },
    };
  };
}

export const downloadView = serveField(false);
export const displayFileView = serveField(true);
