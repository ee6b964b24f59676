// Media types of stored files (supplement-2 §4.1): which declared types are accepted on upload,
// how a stored type is normalised, and which types a browser may be shown inline. The syntax
// check is the `whatwg-mimetype` package's (WHATWG MIME Sniffing: type/subtype are HTTP tokens;
// parameters are read leniently, as browsers do). It supports Node 20, unlike content-type@3.
import { MIMEType } from 'whatwg-mimetype';

/** Longest declared media type accepted (real ones are far shorter). */
export const MAX_MEDIA_TYPE = 255;

/** Printable ASCII only: no control characters (CR, LF, NUL, ...) and nothing a header cannot carry. */
const PRINTABLE = /^[\x20-\x7e]+$/;

/** A declared type fit to store and to send back verbatim as a `Content-Type` header. */
export function isValidMediaType(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_MEDIA_TYPE || !PRINTABLE.test(value)) return false;
  return MIMEType.parse(value) !== null;
}

/** Plone's normalisation: everything from the first `;` dropped, all whitespace removed, lower-cased. */
export const normalizeMediaType = (value: string) => value.split(';', 1)[0].replace(/\s+/g, '').toLowerCase();

/**
 * Inert formats a browser may show inline: Plone's allow-list (plone.namedfile) plus audio and
 * video (an addition of this server). Everything else is served as an attachment.
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/gif',
  'image/jp2',
  'image/jpeg',
  'image/jpeg2000-image',
  'image/jpeg2000',
  'image/jpx',
  'image/png',
  'image/webp',
  'image/x-icon',
  'image/x-jpeg2000-image',
  'text/plain',
  'application/pdf',
]);

const INLINE_FAMILIES = ['audio/', 'video/'];

/** The stored type (normalised) may be shown inline. Invalid stored types never are. */
export function inlineAllowed(stored: string): boolean {
  if (!isValidMediaType(stored)) return false;
  const type = normalizeMediaType(stored);
  return INLINE_TYPES.has(type) || INLINE_FAMILIES.some((family) => type.startsWith(family));
}

/** The `Content-Type` to send for a stored type: the type as stored when valid, else octet-stream. */
export const servedMediaType = (stored: string) => (isValidMediaType(stored) ? stored : 'application/octet-stream');
