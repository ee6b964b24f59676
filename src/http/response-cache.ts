// The response cache: one middleware around dispatch. A GET route is a pure function of the
// immutable state, the request (URL, caller, the headers handlers read) and the clock, whose
// resolution is one second: so an answer computed for the same state object, caller, second and
// request can be given again. Entries hang off the state object: a commit makes a new state and
// so a new, empty cache.
import type { Principal } from '../auth/principal.ts';
import type { SiteState } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { jsonPieces } from '../lib/json-pieces.ts';
import type { ApiResponse } from './types.ts';
import { keyedHash } from '../lib/keyed-hash.ts';
import { answerText } from './answer-text.ts';

/** An answer with its JSON text made: in pieces when it holds long strings (sent in slices). */
function withText(response: ApiResponse): ApiResponse {
  const pieces = jsonPieces(response.body);
  return pieces ? { ...response, jsonParts: pieces } : { ...response, jsonText: answerText(response.body) };
}

const MAX_ENTRIES = 4096;

/** What dispatch answered, and whether the answer may be given again for the same key. */
export interface Answer {
  response: ApiResponse;
  /** The state the answer was computed on. */
  state: SiteState;
  /** A GET route's 200 that is a pure function of (state, caller, request, second). */
  cacheable: boolean;
  /** The caller it was computed for (absent: none was established). */
  principal?: Principal;
}

/** The parts of a request that decide its cache key. */
export interface KeyedRequest {
  method: string;
  /** The full URL, query string included. */
  href: string;
  headers: Headers;
  /** The request time (ISO 8601, one-second resolution). */
  now: string;
  /** A caller the server chose itself (in-process requests); no credentials are read then. */
  principal?: Principal;
  /**
   * The request's credentials (Authorization header, session cookie) as one string, absent for
   * none: a digest of them stands for the caller, so a hit needs no authentication.
   */
  credentials?: string;
}

/** Slots of the asked-once filter per state (a power of two). */
const SEEN_SLOTS = 4096;

/** FNV-1a of a key, never 0 (an empty slot). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 1;
}

/**
 * Memoised GET answers per state object (an explicit cache: derived data, never in the state).
 * An answer is kept the second time its key is asked on the same state, with its JSON text: a
 * request asked once (a unique query string) costs a hash of its key in a fixed table, neither a
 * kept answer nor a kept key, so one-off requests leave no garbage that outlives them. (A key
 * whose slot a later key took is kept a request later; two keys of the same hash let the second
 * be kept at its first ask: either way only when an answer is kept, never which one.)
 */
export class ResponseCache {
  private readonly byState = new WeakMap<SiteState, Map<string, ApiResponse>>();
  /** Hashes of the keys asked so far, a slot per hash. */
  private readonly seen = new WeakMap<SiteState, Int32Array>();

  get(state: SiteState, key: string): ApiResponse | undefined {
    return this.byState.get(state)?.get(key);
  }

  /** Offers an answer for `key`; returns the answer to send (the kept one, with its JSON text, once kept). */
  offer(state: SiteState, key: string, response: ApiResponse): ApiResponse {
    let seen = this.seen.get(state);
    if (!seen) this.seen.set(state, (seen = new Int32Array(SEEN_SLOTS)));
    const hash = hashOf(key);
    const slot = hash & (SEEN_SLOTS - 1);
    if (seen[slot] !== hash) {
      seen[slot] = hash;
      return response;
    }
    let entries = this.byState.get(state);
    if (!entries) this.byState.set(state, (entries = new Map()));
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const kept = response.jsonText !== undefined || response.jsonParts !== undefined || response.body === undefined ? response : withText(response);
    entries.set(key, kept);
    return kept;
  }
}

/** The key of a cacheable request: who asks (principal, or a digest of the credentials), when, what. */
export function cacheKey(r: KeyedRequest, digest: (credentials: string) => string): string {
  const who = r.principal
    ? `${r.principal.id ?? ''}\u0000${r.principal.roles.join(',')}\u0000${r.principal.groups.join(',')}`
    : r.credentials
      ? `\u0001${digest(r.credentials)}\u0000\u0000`
      : '\u0000\u0000';
  return `${who}\u0000${r.now}\u0000${r.headers.get('accept') ?? ''}\u0000${r.headers.get('accept-language') ?? ''}\u0000${r.href}`;
}

export interface CacheOptions<I> {
  /** Absent: no caching (dispatch alone). */
  cache?: ResponseCache;
  store: Store;
  /** Give no cached answer to this request (a client the login throttle holds back). */
  bypass?: (r: I) => boolean;
}

/**
 * Wraps dispatch: a GET is answered from the cache when it can, before any parsing or
 * authentication; otherwise dispatched, and its answer remembered when dispatch found it
 * cacheable, computed on the state that was current when the request came and still is. Answers
 * to credentials are remembered only when the credentials were accepted, so wrong ones never
 * find an entry. A site with RobotRemote's autologin is not cached (the caller then depends on
 * the client's address).
 */
export function withResponseCache<I extends KeyedRequest>(options: CacheOptions<I>, dispatch: (input: I, state: SiteState) => Promise<Answer>) {
  const { cache, store } = options;
  // A keyed hash stands for the credentials: the key holds no usable secret, and no credentials are kept.
  const digest = keyedHash();
  /** A hit is answered at once (no promise): the server writes it without a turn of waiting. */
  return (input: I): ApiResponse | Promise<ApiResponse> => {
    const state = store.current;
    const key = cache && input.method === 'GET' && !state.robotAutologin ? cacheKey(input, digest) : undefined;
    if (key !== undefined) {
      const hit = cache!.get(state, key);
      if (hit && !options.bypass?.(input)) return hit;
    }
    return dispatch(input, state).then((answer) => {
      const accepted = input.principal !== undefined || !input.credentials || (answer.principal !== undefined && answer.principal.id !== null);
      if (key !== undefined && answer.cacheable && accepted && answer.state === state && store.current === state) return cache!.offer(state, key, answer.response);
      return answer.response;
    });
  };
}
