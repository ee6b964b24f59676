// `@@download/<field>[/<filename>]` and `@@display-file/<field>[/<filename>]` (supplement 8.3,
// supplement-2 §4.2): the bytes of a file or image field, with single byte ranges.
import type { ViewHandler } from '../../http/types.ts';
import type { ApiResponse } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { urlOf } from '../../domain/urls.ts';
import { blobField, checkView, primaryField } from './blob-field.ts';
import { encodeFilename, serveStored } from './serve.ts';

function serveField(mode: 'download' | 'display'): ViewHandler {
  return (state, req, services): ApiResponse => {
    checkView(state, req);
    const [given, asked, ...rest] = req.url.viewParams;
    if (rest.length) throw notFound();
    const name = given ?? primaryField(state, req);
    const { ref } = blobField(state, req, name);
    const bytes = services.blobs.get(ref.blob);
    if (!bytes) throw notFound();
    const base = `${urlOf(state, req.context, req.url.siteUrl)}/@@download/${encodeFilename(name!)}`;
    return serveStored(bytes, ref.contentType, {
      mode,
      name: asked || ref.filename || name!,
      stored: ref.filename,
      canonical: ref.filename ? `${base}/${encodeFilename(ref.filename)}` : base,
      range: req.header('range'),
      ifRange: req.header('if-range'),
    });
  };
}

export const downloadView = serveField('download');
export const displayFileView = serveField('display');
