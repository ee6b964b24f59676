// Login tokens (supplement 29): issue, read, and — when token storage is on — the hash under
// which an issued token is remembered in the site state so @logout can really invalidate it.
import { createHash } from 'node:crypto';
import { randomSecrets, type SecretSource } from '../lib/secret-source.ts';
import type { SiteState } from '../state/model.ts';
import { signToken, verifyToken, type TokenClaims } from './jwt.ts';
import type { TokenSecrets } from './secrets.ts';
import { issueTicket, readTicket } from './session-cookie.ts';
import { own } from '../lib/records.ts';

export interface TokenOptions {
  /** Token lifetime in seconds; 0 = tokens without `exp` (valid indefinitely). Default 12 h. */
  lifetimeSeconds: number;
  /** Remember issued tokens (the plugin's `store_tokens`, spelled `store_tokes` in the seed). */
  storeTokens: boolean;
  /** Sign with the rotating keyring instead of one per-plugin secret. */
  useKeyring: boolean;
  /** Rotate the keyring after this many seconds (0 = only when asked). */
  keyringRotationSeconds: number;
}

export const DEFAULT_TOKEN_OPTIONS: TokenOptions = {
  lifetimeSeconds: 12 * 3600,
  storeTokens: false,
  useKeyring: true,
  keyringRotationSeconds: 0,
};

/** The last time converted: every request of a second asks for the same one (Date.parse is not cheap). */
let lastSecond: { iso: string; seconds: number } = { iso: '', seconds: NaN };

export function toSeconds(iso: string): number {
  if (iso !== lastSecond.iso) lastSecond = { iso, seconds: Math.floor(Date.parse(iso) / 1000) };
  return lastSecond.seconds;
}

/** The key of a stored token: a digest, so the state never holds a usable token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Tokens whose signature verified, kept at most this many (then forgotten all at once). */
const MAX_VERIFIED = 4096;

interface Verified {
  /** The secrets' generation it verified under: a rotation or rollback makes it verify again. */
  generation: number;
  claims: TokenClaims;
  /** Its digest, the key of a stored token (computed once). */
  hash?: string;
}

export class TokenService {
  readonly options: TokenOptions;
  /**
   * Tokens whose signature verified, so a Bearer header on every request costs a look-up, not an
   * HMAC and two decodings. Only good signatures are kept; expiry and storage are checked on each
   * read; a change of the accepted secrets (generation) makes every entry verify again.
   */
  private readonly verified = new Map<string, Verified>();
  constructor(
    private readonly secrets: TokenSecrets,
    options: Partial<TokenOptions> & PluginTokenOptions = {},
    /** Where token ids and other unguessable values come from (seeded with --deterministic). */
    private readonly source: SecretSource = randomSecrets,
  ) {
    this.options = { ...DEFAULT_TOKEN_OPTIONS, ...tokenOptions(options) };
  }

  /** An unguessable URL-safe value of `bytes` bytes for `purpose` (reset tokens, ...). */
  newSecret(purpose: string, bytes: number): string {
    return this.source.for(purpose).bytes(bytes).toString('base64url');
  }

  /** A new signed token (unguessable `jti`: call outside reducers). */
  issue(sub: string, fullname: string, nowSeconds: number): { token: string; exp: number | null } {
    const { lifetimeSeconds, useKeyring } = this.options;
    const exp = lifetimeSeconds > 0 ? nowSeconds + lifetimeSeconds : null;
    // jti: two tokens issued in the same second differ (renewal must not re-issue the old one).
    const claims: TokenClaims = { sub, fullname, iat: nowSeconds, ...(exp === null ? {} : { exp }), jti: this.newSecret('jti', 9) };
    return { token: signToken(claims, this.secrets.signingKey(useKeyring)), exp };
  }

  /** Claims of a valid token (signature, expiry and, with storage on, still stored). */
  read(state: SiteState, token: string, nowSeconds: number): TokenClaims | undefined {
    const generation = this.secrets.generation;
    let entry = this.verified.get(token);
    if (entry?.generation !== generation) {
      const claims = verifyToken(token, this.secrets.verifyingKeys(this.options.useKeyring), nowSeconds);
      if (!claims) return undefined;
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      entry = { generation, claims: Object.freeze(claims) };
      this.verified.set(token, entry);
    }
    const { claims } = entry;
    if (claims.exp !== undefined && claims.exp <= nowSeconds) return undefined;
    if (this.options.storeTokens && !own(state.auth?.tokens, (entry.hash ??= tokenHash(token)))) return undefined;
    return claims;
  }

  /** Rotate the keyring when its period has passed (call outside reducers). */
  maybeRotate(nowSeconds: number): void {
    const period = this.options.keyringRotationSeconds;
    if (this.options.useKeyring && period > 0 && nowSeconds - this.secrets.lastRotation >= period) this.secrets.rotate(nowSeconds);
  }

  rotate(nowSeconds: number): void {
    this.secrets.rotate(nowSeconds);
  }

  /** Changes whenever the set of accepted signing secrets changes. */
  get generation(): number {
    return this.secrets.generation;
  }

  /** A fresh `__ac` ticket for `userid`, signed with the keyring's current secret. */
  sessionTicket(userid: string, nowSeconds: number): string {
    return issueTicket(this.secrets.signingKey(true), userid, nowSeconds);
  }

  /** The user of a valid `__ac` ticket (any secret of the keyring verifies). */
  readSessionTicket(value: string, nowSeconds: number): string | undefined {
    return readTicket(value, this.secrets.verifyingKeys(true), nowSeconds);
  }

  /** The signing secrets now / back to them (see TokenSecrets.mark). */
  mark(): object {
    return this.secrets.mark();
  }

  rollback(mark: object): void {
    this.secrets.rollback(mark);
  }

  leaksInto(text: string): boolean {
    return this.secrets.leaksInto(text);
  }
}

/** Option names as the JWT plugin spells them (supplement 29; the seed writes `store_tokes`). */
export interface PluginTokenOptions {
  store_tokens?: boolean;
  store_tokes?: boolean;
  use_keyring?: boolean;
  /** Token lifetime in seconds (0 = no expiry). */
  token_timeout?: number;
}

export function tokenOptions(input: Partial<TokenOptions> & PluginTokenOptions = {}): Partial<TokenOptions> {
  const { store_tokens, store_tokes, use_keyring, token_timeout, ...rest } = input;
  return {
    ...rest,
    ...(store_tokens !== undefined || store_tokes !== undefined ? { storeTokens: !!(store_tokens ?? store_tokes) } : {}),
    ...(use_keyring !== undefined ? { useKeyring: use_keyring } : {}),
    ...(token_timeout !== undefined ? { lifetimeSeconds: token_timeout } : {}),
  };
}
