// The answer of a binary view (supplement-2 §4.2): the stored type sent as it is (octet-stream
// when it could not be a header), inline only for allow-listed inert types, single byte ranges
// where Plone honours them. Every binary answer also carries `X-Content-Type-Options: nosniff`
// (added for all bytes answers in src/http/app.ts).
import parseRange from 'range-parser';
import type { ApiResponse } from '../../http/types.ts';
import { inlineAllowed, servedMediaType } from '../../blobs/media-type.ts';

/** RFC 5987 value for `filename*` (percent-encoded UTF-8 as Python's `quote`: `/` kept). */
export const encodeFilename = (name: string) =>
  encodeURIComponent(name)
    .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%2F/g, '/');

export const disposition = (kind: 'attachment' | 'inline', filename: string) =>
  filename ? `${kind}; filename*=UTF-8''${encodeFilename(filename)}` : kind;

export interface ServeOptions {
  /**
   * 'download': always an attachment; 'display': inline when allowed (named after the stored
   * file), else as 'download'; 'image': no disposition when allowed, else an attachment.
   */
  mode: 'download' | 'display' | 'image';
  /** File name of an attachment. */
  name: string;
  /** Stored file name (the inline disposition of 'display' names its basename). */
  stored: string;
  /** Canonical URL for the `Link` header. */
  canonical?: string;
  /** `Range` / `If-Range` request headers, when ranges are honoured. */
  range?: string;
  ifRange?: string;
}

export function serveStored(bytes: Uint8Array, storedType: string, o: ServeOptions): ApiResponse {
  const headers: Record<string, string> = { 'Accept-Ranges': 'bytes' };
  const inline = o.mode !== 'download' && inlineAllowed(storedType);
  if (!inline) headers['Content-Disposition'] = disposition('attachment', o.name);
  else if (o.mode === 'display' && o.stored) headers['Content-Disposition'] = disposition('inline', o.stored.split(/[\\/]/).pop()!);
  if (o.canonical) headers.Link = `<${o.canonical}>; rel="canonical"`;
  const contentType = servedMediaType(storedType);
  const ranges = o.range && o.ifRange === undefined ? parseRange(bytes.byteLength, o.range) : -1;
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0];
    const part = bytes.subarray(start, end + 1);
    headers['Content-Range'] = `bytes ${start}-${end}/${bytes.byteLength}`;
    headers['Content-Length'] = String(part.byteLength);
    return { status: 206, bytes: part, contentType, headers };
  }
  headers['Content-Length'] = String(bytes.byteLength);
  return { status: 200, bytes, contentType, headers };
}
