// The HTTP client of the checks: every request goes through a Transport (fetch over the network,
// or an in-process app) and is recorded as a Step for the reports, with passwords, tokens and
// session cookies redacted.
import type { Step } from './model.ts';

export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** Who sends a request. */
export type Caller =
  | 'admin'
  | 'anonymous'
  | { user: string; password: string }
  | { bearer: string; who: string }
  | { cookie: string; who: string; bearer?: string };

export interface RequestOptions {
  auth?: Caller;
  /** A JSON body (sent with Content-Type: application/json). */
  body?: unknown;
  /** A raw body, sent as is. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: any;
  text: string;
  bytes: Uint8Array;
  /** Index of the recorded step of this request. */
  step: number;
  method: string;
  url: string;
}

export class TransportError extends Error {
  constructor(
    readonly url: string,
    message: string,
    readonly step?: number,
  ) {
    super(message);
  }
}

const BODY_LIMIT = 6000;
const SECRET_KEYS = new Set(['password', 'new_password', 'old_password', 'reset_token', 'password_ctl', '__ac_password']);
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;

/** A copy of a JSON value with passwords and login tokens replaced. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return JWT.test(value) ? 'eyJ…(token redacted)' : value;
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) && v !== null && v !== undefined ? '(redacted)' : redact(v);
    return out;
  }
  return value;
}

function clip(text: string): string {
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}\n… (${text.length - BODY_LIMIT} more characters)` : text;
}

function showBody(text: string, contentType: string | null): string | undefined {
  if (!text) return undefined;
  if (contentType && !/json|text|xml|csv|javascript/.test(contentType)) return `(${text.length} bytes of ${contentType})`;
  try {
    return clip(JSON.stringify(redact(JSON.parse(text)), null, 2));
  } catch {
    return clip(text.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, 'eyJ…(token redacted)'));
  }
}

function showHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'set-cookie' ? value.replace(/=([^;]*)/, (_m, v: string) => (v && v !== 'deleted' ? '=(redacted)' : `=${v}`)) : value;
  });
  return out;
}

export const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

/** The connection to the server under test: transport, site URL and how the admin authenticates. */
export interface Connection {
  transport: Transport;
  /** URL of the site root as given (requests go there). */
  base: string;
  admin: { user: string; password: string };
  /** Authorization header value used for `admin` (Basic, or Bearer when Basic is not offered). */
  adminAuthorization: string;
  timeoutMs: number;
}

/** Sends requests and records them. One per check (and one for the probes). */
export class Recorder {
  readonly steps: Step[] = [];

  constructor(private readonly connection: Connection) {}

  url(path: string): string {
    return /^https?:\/\//.test(path) ? path : this.connection.base + path;
  }

  private authHeaders(auth: Caller): [Record<string, string>, string] {
    if (auth === 'anonymous') return [{}, 'anonymous'];
    if (auth === 'admin') return [{ Authorization: this.connection.adminAuthorization }, 'admin'];
    if ('cookie' in auth) {
      return auth.bearer ? [{ Cookie: auth.cookie, Authorization: `Bearer ${auth.bearer}` }, `cookie and bearer ${auth.who}`] : [{ Cookie: auth.cookie }, `cookie ${auth.who}`];
    }
    if ('bearer' in auth) return [{ Authorization: `Bearer ${auth.bearer}` }, `bearer ${auth.who}`];
    return [{ Authorization: basic(auth.user, auth.password) }, auth.user];
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const url = this.url(path);
    const [auth, who] = this.authHeaders(options.auth ?? 'admin');
    const shown: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: string | Uint8Array | undefined = options.raw;
    let shownBody: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      shown['Content-Type'] ??= 'application/json';
      shownBody = clip(JSON.stringify(redact(options.body), null, 2));
    } else if (typeof body === 'string') {
      shownBody = showBody(body, shown['Content-Type'] ?? null);
    } else if (body) {
      shownBody = `(${body.length} bytes)`;
    }
    const step: Step = { method, url, auth: who, requestHeaders: shown, requestBody: shownBody, ms: 0 };
    const index = this.steps.push(step) - 1;
    const started = performance.now();
    let res: Response;
    try {
      res = await this.connection.transport(url, {
        method,
        headers: { ...shown, ...auth },
        body: body as BodyInit | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.connection.timeoutMs),
      });
    } catch (err) {
      step.ms = Math.round(performance.now() - started);
      const reason = (err as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
      const cause = reason?.code ?? reason?.errors?.find((e) => e.code)?.code ?? reason?.message;
      step.error = `${(err as Error).name === 'TimeoutError' ? `no answer within ${this.connection.timeoutMs} ms` : (err as Error).message}${cause ? ` (${cause})` : ''}`;
      throw new TransportError(url, step.error, index);
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    step.ms = Math.round(performance.now() - started);
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    step.status = res.status;
    step.responseHeaders = showHeaders(res.headers);
    step.responseBody = showBody(text, res.headers.get('content-type'));
    return { status: res.status, headers: res.headers, body: parsed, text, bytes, step: index, method, url };
  }
}

/** Fetch over the network, without following redirects. */
export const networkTransport: Transport = (url, init) => fetch(url, init);
