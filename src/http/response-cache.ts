// Memoised answers of GET routes. A GET handler is a pure function of the immutable state, the
// request (URL, caller, the headers handlers read) and the clock, whose resolution is one second:
// so an answer computed for the same state object, caller, second and request can be given again.
// The cache hangs off the state object: a commit makes a new state and so a new, empty cache.
import { createHash } from 'node:crypto';
import type { Principal } from '../auth/principal.ts';
import type { SiteState } from '../state/model.ts';
import type { ApiResponse } from './types.ts';

const MAX_ENTRIES = 4096;
const byState = new WeakMap<SiteState, Map<string, ApiResponse>>();

export function cacheKey(principal: Principal, now: string, url: string, headers: Headers): string {
  return [
    principal.id ?? '',
    principal.roles.join(','),
    principal.groups.join(','),
    now,
    headers.get('accept') ?? '',
    headers.get('accept-language') ?? '',
    url,
  ].join('\u0000');
}

export function cached(state: SiteState, key: string): ApiResponse | undefined {
  return byState.get(state)?.get(key);
}

/** Answers that dispatch found cacheable (a GET route's 200 computed on an unchanged state). */
const cacheable = new WeakSet<ApiResponse>();
export const isCacheable = (response: ApiResponse) => cacheable.has(response);

/** Answers computed for a caller whose credentials were accepted. */
const authenticated = new WeakSet<ApiResponse>();
export const isAuthenticated = (response: ApiResponse) => authenticated.has(response);

/**
 * Key for a request with credentials, usable before authentication: the digest of the
 * Authorization header stands for the caller. Only answers given to accepted credentials are
 * stored under such a key (see `remember`), so a wrong password never finds one.
 */
export function credentialedKey(authorization: string, now: string, url: string, headers: Headers): string {
  const who = createHash('sha256').update(authorization).digest('base64');
  return ['\u0001' + who, '', '', now, headers.get('accept') ?? '', headers.get('accept-language') ?? '', url].join('\u0000');
}

/** Key for a request without credentials, usable before any parsing or authentication. */
export function anonymousKey(now: string, url: string, headers: Headers): string {
  return ['', '', '', now, headers.get('accept') ?? '', headers.get('accept-language') ?? '', url].join('\u0000');
}

export function remember(state: SiteState, key: string, response: ApiResponse, principal?: Principal): void {
  cacheable.add(response);
  if (principal && principal.id !== null) authenticated.add(response);
  let entries = byState.get(state);
  if (!entries) byState.set(state, (entries = new Map()));
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(key, response);
}
