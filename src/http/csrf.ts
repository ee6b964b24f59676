// Writes authenticated by the `__ac` session cookie must carry a JSON body (docs/security.md,
// "Session cookie"). Plone asks no CSRF token of REST requests and relies on SameSite=Lax; we do
// that and more: a cross-site page can make a browser send a form (url-encoded, multipart,
// text/plain) or a body-less POST without asking first, but not an application/json body nor a
// PATCH, PUT or DELETE (those need a CORS preflight, which this server answers only for the
// origins given with --cors-origin). So a cookie-authenticated write is refused with 403 when its
// Content-Type is not application/json, or when it is a POST without a body type.
// Authorization headers (Basic, Bearer) are never sent by a browser on its own: not affected.
// @logout is exempt: a forged logout only ends the session, and clients post it without a body.
import { viaSessionCookie } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const HARMLESS = new Set(['@logout']);

const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * `also`: another body type the route accepts that needs a preflight too (RobotRemote's text/xml);
 * `endpoint`: the `@name` the request goes to.
 */
export function checkSessionWrite(principal: Principal, method: string, headers: Headers, also?: string, endpoint?: string | null): void {
  if (!viaSessionCookie(principal) || SAFE.has(method) || (endpoint && HARMLESS.has(endpoint))) return;
  const type = mediaType(headers.get('content-type'));
  if (type === 'application/json' || type === also || (type === '' && method !== 'POST')) return;
  throw forbidden(
    'A write authenticated by the __ac session cookie must send a JSON body (Content-Type: application/json); ' +
      'send other writes with an Authorization header (Bearer token or Basic).',
  );
}
