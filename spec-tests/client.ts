// The spec-tests' only door to a server: HTTP requests, either in-process (a fresh server per
// call of `connect()`, through app.request) or against SPEC_BASE_URL (any running server;
// SPEC_ADMIN=user:password). Tests use only what this file exports. Every answer is checked
// against its route's response schema (responses.ts).
import { randomUUID } from 'node:crypto';
import { checkAnswer } from './responses.ts';

/** An id no other test (of this run or an earlier one against the same server) uses: `<prefix>-<random>`. */
export const uniqueId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
  text: string;
  /** The raw body (binary views). */
  bytes: Uint8Array;
}

export type Auth = 'admin' | 'anonymous' | { user: string; password: string } | { bearer: string };

export interface RequestOptions {
  auth?: Auth;
  body?: unknown;
  /** Raw body text or bytes (sent as is). */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface Api {
  /** URL of the site root, e.g. http://localhost:8080/Plone */
  base: string;
  admin: { user: string; password: string };
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  get(path: string, options?: RequestOptions): Promise<Reply>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<Reply>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<Reply>;
  del(path: string, body?: unknown, options?: RequestOptions): Promise<Reply>;
  /** Create a folder with a unique id at the site root; returns its site-relative path ("/sandbox-…"). */
  sandbox(): Promise<string>;
  /** True when talking to a server over the network (SPEC_BASE_URL). */
  remote: boolean;
  /** The raw door to the server (fetch, or the in-process app), for tools that record requests. */
  transport(url: string, init: RequestInit): Promise<Response>;
}

function authHeader(auth: Auth | undefined, admin: { user: string; password: string }): Record<string, string> {
  if (!auth || auth === 'anonymous') return {};
  if (auth === 'admin') return { Authorization: 'Basic ' + Buffer.from(`${admin.user}:${admin.password}`).toString('base64') };
  if ('bearer' in auth) return { Authorization: `Bearer ${auth.bearer}` };
  return { Authorization: 'Basic ' + Buffer.from(`${auth.user}:${auth.password}`).toString('base64') };
}

/** Settings of the acceptance preset (`--preset acceptance`) for an in-process site. */
const ACCEPTANCE = { fixture: 'acceptance', sitePath: '/plone', admin: 'admin:secret', robotRemote: {} };

export interface ConnectOptions {
  volto?: boolean;
  fixture?: string;
  /** `acceptance`: Plone's acceptance server (site /plone, admin:secret, RobotRemote). */
  preset?: 'acceptance';
  /** Serve RobotRemote (in-process sites; the preset turns it on). */
  robotRemote?: boolean;
  /** Network address the in-process server sees for every request (default: in-process, loopback). */
  client?: string;
}

/** The reply of a response: its bytes, its text and, when the text is JSON, its value. */
async function replyOf(res: Response): Promise<Reply> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text, bytes };
}

/** A fresh site (in-process) or the configured remote one. Options apply to in-process sites only. */
export async function connect(options: ConnectOptions = {}): Promise<Api> {
  const remote = process.env.SPEC_BASE_URL;
  const preset = options.preset === 'acceptance' ? ACCEPTANCE : undefined;
  const [user, password] = (process.env.SPEC_ADMIN ?? preset?.admin ?? 'admin:admin').split(':');
  const admin = { user, password };
  let fetcher: (url: string, init: RequestInit) => Promise<Response>;
  let base: string;
  if (remote) {
    base = remote.replace(/\/$/, '');
    fetcher = (url, init) => fetch(url, init);
  } else {
    const { createServer } = await import('../src/server.ts');
    const robotRemote = options.robotRemote === false ? undefined : options.robotRemote ? {} : preset?.robotRemote;
    const sitePath = preset?.sitePath ?? '/Plone';
    const server = await createServer({ volto: options.volto, fixture: options.fixture ?? preset?.fixture, admin, sitePath, robotRemote } as Parameters<typeof createServer>[0]);
    base = `http://localhost:${preset ? 55001 : 8080}${sitePath}`;
    const env = options.client ? { incoming: { socket: { remoteAddress: options.client } } } : undefined;
    fetcher = async (url, init) => server.app.request(url, init, env);
  }
  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<Reply> => {
    const url = /^https?:/.test(path) ? path : base + path;
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(o.auth ?? 'admin', admin), ...o.headers };
    let body = o.raw as string | Uint8Array<ArrayBuffer> | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const reply = await replyOf(await fetcher(url, { method, headers, body, redirect: 'manual' }));
    checkAnswer(base, method, url, reply);
    return reply;
  };
  const api: Api = {
    base,
    admin,
    remote: !!remote,
    // Answers through the raw transport (the conformance run) are checked against their route's schema too.
    transport: async (url, init) => {
      const res = await fetcher(url, init);
      if (/event-stream/i.test(res.headers.get('content-type') ?? '')) return res;
      checkAnswer(base, init.method ?? 'GET', url, await replyOf(res.clone()));
      return res;
    },
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, b, o) => request('POST', p, { ...o, body: b }),
    patch: (p, b, o) => request('PATCH', p, { ...o, body: b }),
    del: (p, b, o) => request('DELETE', p, { ...o, body: b }),
    async sandbox() {
      const id = uniqueId('sandbox');
      const r = await request('POST', '', { body: { '@type': 'Folder', id, title: `Sandbox ${id}` } });
      if (r.status !== 201) throw new Error(`cannot create sandbox: ${r.status} ${r.text}`);
      return `/${id}`;
    },
  };
  return api;
}

export interface Listening {
  /** URL of the site root, e.g. http://127.0.0.1:41234/plone */
  base: string;
  admin: { user: string; password: string };
  close(): Promise<void>;
}

/**
 * A site on a real TCP port, for clients that make their own HTTP requests (npm client
 * libraries): a fresh in-process server on an ephemeral loopback port, or SPEC_BASE_URL.
 */
export async function listen(options: ConnectOptions = {}): Promise<Listening> {
  const preset = options.preset === 'acceptance' ? ACCEPTANCE : undefined;
  const [user, password] = (process.env.SPEC_ADMIN ?? preset?.admin ?? 'admin:admin').split(':');
  const admin = { user, password };
  const remote = process.env.SPEC_BASE_URL;
  if (remote) return { base: remote.replace(/\/$/, ''), admin, close: async () => {} };
  const { createServer } = await import('../src/server.ts');
  const { serve } = await import('@hono/node-server');
  const { answerClientErrors } = await import('../src/http/client-error.ts');
  const sitePath = preset?.sitePath ?? '/Plone';
  const server = await createServer({ volto: options.volto, fixture: options.fixture ?? preset?.fixture, admin, sitePath, robotRemote: preset?.robotRemote });
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    answerClientErrors(s);
  });
  const { port } = http.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}${sitePath}`,
    admin,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
