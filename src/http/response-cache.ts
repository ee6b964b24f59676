// The response cache: one middleware around dispatch. A GET route is a pure function of the
// immutable state, the request (URL, caller, the headers handlers read) and the clock, whose
// resolution is one second: so an answer computed for the same state object, caller, second and
// request can be given again. Entries hang off the state object: a commit makes a new state and
// so a new, empty cache.
import type { Principal } from '../auth/principal.ts';
import type { SiteState } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import type { ApiResponse } from './types.ts';
import { keyedHash } from '../lib/keyed-hash.ts';
import { FNV_OFFSET, fnvFrom, hashStep } from '../lib/seeded-hash.ts';
import { answerJson } from './answer-text.ts';

/** An answer with its JSON text made: in pieces when it holds long strings (sent in slices). */
function withText(response: ApiResponse): ApiResponse {
  const json = answerJson(response.body);
  return typeof json === 'string' ? { ...response, jsonText: json } : { ...response, jsonParts: json };
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

/** Characters of the credentials the fingerprint reads: their end (a token's signature, the cookie). */
const CREDENTIALS_TAIL = 64;

/** FNV-1a of `text` (its last `tail` characters) continued from `h`. */
function fnv(h: number, text: string, tail = text.length): number {
  return hashStep(fnvFrom(h, text, Math.max(0, text.length - tail)), 0); // a separator: "ab"+"c" and "a"+"bc" differ
}

/**
 * A 32-bit fingerprint of what decides a request's key (URL, second, negotiated headers, caller),
 * never 0 (an empty slot): made from the request as it came, with neither the key's text nor the
 * credentials' digest. Two requests of one key always have the same fingerprint; two keys may
 * share one, which costs only a key made and looked up in vain.
 */
export function fingerprint(r: KeyedRequest): number {
  let h = fnv(FNV_OFFSET, r.href);
  h = fnv(h, r.now);
  h = fnv(h, r.headers.get('accept') ?? '');
  h = fnv(h, r.headers.get('accept-language') ?? '');
  if (r.principal) h = fnv(h, r.principal.id ?? '');
  else if (r.credentials) h = fnv(h, r.credentials, CREDENTIALS_TAIL);
  return h | 1;
}

/**
 * Memoised GET answers per state object (an explicit cache: derived data, never in the state).
 * A request asked for the first time on a state costs its fingerprint in a fixed table (a slot
 * per fingerprint), nothing else: no key made, no credentials digested, no answer kept, so
 * one-off requests (a unique query string) leave no garbage that outlives them. Asked again
 * (its fingerprint found in its slot), its key is made and looked up; an answer is kept then,
 * with its JSON text, and given from the next ask on. (A request whose slot a later one took
 * counts as asked once again; two requests of one fingerprint let the second be looked up and
 * kept at its first ask: either way only when a key is made and an answer kept, never which one.)
 */
export class ResponseCache {
  private readonly byState = new WeakMap<SiteState, Map<string, ApiResponse>>();
  /** Fingerprints of the requests asked so far, a slot per fingerprint. */
  private readonly seen = new WeakMap<SiteState, Int32Array>();

  /** Records that a request of fingerprint `print` is asked on `state`; whether it was asked before. */
  askedBefore(state: SiteState, print: number): boolean {
    let seen = this.seen.get(state);
    if (!seen) this.seen.set(state, (seen = new Int32Array(SEEN_SLOTS)));
    const slot = print & (SEEN_SLOTS - 1);
    if (seen[slot] === print) return true;
    seen[slot] = print;
    return false;
  }

  get(state: SiteState, key: string): ApiResponse | undefined {
    return this.byState.get(state)?.get(key);
  }

  /** Keeps an answer for `key`; returns the answer to send (the kept one, with its JSON text). */
  keep(state: SiteState, key: string, response: ApiResponse): ApiResponse {
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
 * cacheable, computed on the state that was current when the request came and still is. A GET
 * asked for the first time on a state goes to dispatch at once (see ResponseCache). Answers to
 * credentials are remembered only when the credentials were accepted, so wrong ones never find
 * an entry. A site with RobotRemote's autologin is not cached (the caller then depends on the
 * client's address). A hit is the answer itself, given at once (no promise: the server writes it
 * without a turn of waiting); otherwise dispatch's answer, at once when dispatch did not have to
 * wait (a GET that needed no password check), else a promise of it.
 */
export function withResponseCache<I extends KeyedRequest>(options: CacheOptions<I>, dispatch: (input: I, state: SiteState) => Answer | Promise<Answer>) {
  const { cache, store } = options;
  // A keyed hash stands for the credentials: the key holds no usable secret, and no credentials are kept.
  const digest = keyedHash();
  return (input: I): ApiResponse | Promise<ApiResponse> => {
    const state = store.current;
    if (!cache || input.method !== 'GET' || state.robotAutologin || !cache.askedBefore(state, fingerprint(input))) return responseOf(dispatch(input, state));
    const key = cacheKey(input, digest);
    const hit = cache.get(state, key);
    if (hit && !options.bypass?.(input)) return hit;
    const fill = (answer: Answer): ApiResponse => {
      const accepted = input.principal !== undefined || !input.credentials || (answer.principal !== undefined && answer.principal.id !== null);
      return answer.cacheable && accepted && answer.state === state && store.current === state ? cache.keep(state, key, answer.response) : answer.response;
    };
    const answered = dispatch(input, state);
    return answered instanceof Promise ? answered.then(fill) : fill(answered);
  };
}

/** The response of dispatch's answer (at once when dispatch answered at once). */
const responseOf = (answered: Answer | Promise<Answer>): ApiResponse | Promise<ApiResponse> =>
  answered instanceof Promise ? answered.then((answer) => answer.response) : answered.response;
