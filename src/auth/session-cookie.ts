// The `__ac` session cookie that Plone's @login also sets (supplement-2 3): a signed ticket
// naming the user, valid 7200 s from its timestamp, stateless (nothing is stored per login).
//   ticket = digest(32 bytes) + timestamp (8 lower-case hex digits) + userid + "!"
//   digest = HMAC-SHA256(secret, 4 zero bytes (IP 0.0.0.0) + timestamp (4 bytes, big-endian)
//                                + userid + NUL + tokens ("") + NUL + user data (""))
//   cookie value = base64(ticket), URL-quoted (`+` -> %2B, `=` -> %3D) as Zope sends cookies.
// The secret is the site keyring's current secret (the one login tokens use); any secret still
// in the ring is accepted, so rotating the ring ends old tickets in time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = '__ac';
/** Seconds a ticket is valid after its timestamp (plone.session's default timeout). */
export const SESSION_TIMEOUT = 7200;

function digest(secret: string, timestamp: number, userid: string, tokens = '', userData = ''): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(timestamp >>> 0, 4); // bytes 0-3: the IP 0.0.0.0
  return createHmac('sha256', secret)
    .update(head)
    .update(Buffer.from(`${userid}\u0000${tokens}\u0000${userData}`, 'utf8'))
    .digest();
}

/** The cookie value of a fresh ticket for `userid` (before URL quoting by serializeCookie). */
export function issueTicket(secret: string, userid: string, nowSeconds: number): string {
  const ts = nowSeconds >>> 0;
  const ticket = Buffer.concat([digest(secret, ts, userid), Buffer.from(ts.toString(16).padStart(8, '0') + userid + '!', 'utf8')]);
  return ticket.toString('base64');
}

/** The user id of a valid ticket (signed with one of `secrets`, not expired at `nowSeconds`). */
export function readTicket(value: string, secrets: readonly string[], nowSeconds: number, timeout = SESSION_TIMEOUT): string | undefined {
  if (value.length > 4096) return undefined;
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length < 32 + 8 + 1) return undefined;
  const mac = bytes.subarray(0, 32);
  const rest = bytes.subarray(32).toString('utf8');
  const hex = rest.slice(0, 8);
  if (!/^[0-9a-f]{8}$/.test(hex)) return undefined;
  const ts = parseInt(hex, 16);
  const data = rest.slice(8);
  const bang = data.indexOf('!');
  if (bang <= 0) return undefined;
  const userid = data.slice(0, bang);
  const after = data.slice(bang + 1);
  const second = after.indexOf('!');
  const [tokens, userData] = second === -1 ? ['', after] : [after.slice(0, second), after.slice(second + 1)];
  if (ts + timeout <= nowSeconds) return undefined;
  const ok = secrets.some((s) => timingSafeEqual(mac, digest(s, ts, userid, tokens, userData)));
  return ok ? userid : undefined;
}

/** `Set-Cookie` of a fresh ticket: `__ac=<quoted>; Path=/; HttpOnly; SameSite=Lax` (a browser-session cookie). */
export function sessionCookieHeader(value: string): string {
  return `${SESSION_COOKIE}=${quoteCookieValue(value)}; Path=/; HttpOnly; SameSite=Lax`;
}

/** `Set-Cookie` that ends the session (what plone.session sends on logout). */
export const EXPIRED_SESSION_COOKIE = `${SESSION_COOKIE}=deleted; Path=/; Max-Age=0; Expires=Wed, 31 Dec 1997 23:59:59 GMT`;

/** Zope's quoting of a cookie value: base64's `+` and `=` escaped, `/` kept. */
const quoteCookieValue = (value: string) => encodeURIComponent(value).replace(/%2F/g, '/');
