// Slowing down password guessing: failed password checks are counted per (client address,
// login) and per client address within a sliding window measured with the request clock. Over
// the limit, password checks from that client are refused without looking at the password
// (@login answers 429, HTTP Basic runs as Anonymous) until the window has moved on.
// Bearer tokens are not affected. See docs/security.md.

export interface ThrottleOptions {
  /** Failures allowed for one login from one client within the window. */
  perLogin: number;
  /** Failures allowed from one client (all logins together) within the window. */
  perClient: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { perLogin: 5, perClient: 100, windowSeconds: 900 };

const MAX_KEYS = 50_000;

export class LoginThrottle {
  readonly options: ThrottleOptions;
  private readonly failures = new Map<string, number[]>();

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULT_THROTTLE, ...options };
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.options.windowSeconds && t <= now);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds the client must wait before its next password check for `login` (0 = go ahead). */
  retryAfter(client: string, login: string, now: number): number {
    const { perLogin, perClient, windowSeconds } = this.options;
    const waits = [0];
    const byLogin = this.recent(`${client}\0${login.toLowerCase()}`, now);
    if (byLogin.length >= perLogin) waits.push(byLogin[byLogin.length - perLogin] + windowSeconds - now);
    const byClient = this.recent(client, now);
    if (byClient.length >= perClient) waits.push(byClient[byClient.length - perClient] + windowSeconds - now);
    return Math.max(...waits);
  }

  /** The failures counted so far (a copy: lists are replaced, never changed in place), for rollback(). */
  mark(): Map<string, number[]> {
    return new Map(this.failures);
  }

  rollback(mark: Map<string, number[]>): void {
    this.failures.clear();
    for (const [key, list] of mark) this.failures.set(key, list);
  }

  fail(client: string, login: string, now: number): void {
    if (this.failures.size >= MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
    for (const key of [`${client}\0${login.toLowerCase()}`, client]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  /** A successful check forgets the failures of that login (not the client-wide count). */
  succeed(client: string, login: string): void {
    this.failures.delete(`${client}\0${login.toLowerCase()}`);
  }
}
