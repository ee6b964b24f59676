// JSON Web Tokens, HS256 only (supplement 29.2): sign and verify with node:crypto HMAC.
// Pure functions of (payload, secret): no clock, no randomness.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub: string;
  fullname: string | null;
  /** Expiry, seconds since the epoch; absent = valid indefinitely. */
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (input: string, secret: string | Buffer) => createHmac('sha256', secret).update(input).digest();

export function signToken(claims: TokenClaims, secret: string | Buffer): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(body, secret).toString('base64url')}`;
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The claims of a well-formed HS256 token whose signature matches one of `secrets` and that has
 * not expired at `nowSeconds`; undefined otherwise.
 */
export function verifyToken(token: string, secrets: readonly (string | Buffer)[], nowSeconds: number): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[2])) return undefined;
  const header = parseJson(parts[0]) as { alg?: unknown } | undefined;
  if (!header || header.alg !== 'HS256') return undefined;
  const given = Buffer.from(parts[2], 'base64url');
  const body = `${parts[0]}.${parts[1]}`;
  const ok = secrets.some((s) => {
    const expected = mac(body, s);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!ok) return undefined;
  const claims = parseJson(parts[1]) as TokenClaims | undefined;
  if (!claims || typeof claims !== 'object' || typeof claims.sub !== 'string') return undefined;
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)) return undefined;
  return claims;
}
