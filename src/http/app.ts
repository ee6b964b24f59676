// createApp(): the Hono application around one store. The only module that knows Hono.
import { Hono, type Context } from 'hono';
import { parse as parseCookies } from 'hono/utils/cookie';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Principal } from '../auth/principal.ts';
import { Authenticator, type RootUser } from '../auth/authenticate.ts';
import { TokenSecrets } from '../auth/secrets.ts';
import { randomSecrets, type SecretSource } from '../lib/secret-source.ts';
import { LoginThrottle, type ThrottleOptions } from '../auth/throttle.ts';
import { TokenService, toSeconds, type PluginTokenOptions, type TokenOptions } from '../auth/tokens.ts';
import { servedMediaType } from '../blobs/media-type.ts';
import { BlobStore } from '../blobs/store.ts';
import { createCatalog, type Catalog } from '../catalog/catalog.ts';
import { partsStream, STREAM_FROM, textStream } from './text-stream.ts';
import { ScaleCache } from '../stores/scale-cache.ts';
import { TusStore } from '../stores/tus-uploads.ts';
import { TransactionLog } from '../stores/transaction-log.ts';
import { randomIds, systemClock, type Clock, type IdSource } from '../lib/clock.ts';
import type { SiteState } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { ApiError } from '../lib/errors.ts';
import { announcedOver, bodyTooLarge, DEFAULT_MAX_BODY_BYTES, readAnnounced, type NodeIncoming, type RequestBody } from './body-read.ts';
import { BIG_INPUT } from '../lib/turn.ts';
import { dispatch, type DispatchInput, type OutsideRoutes, type RouteTable } from './dispatch.ts';
import { ParsedUrls } from './parse-url.ts';
import { errorResponse } from './errors.ts';
import { answerJson } from './answer-text.ts';
import { RecentTexts } from './recent-texts.ts';
import { ResponseCache, withResponseCache, type KeyedRequest } from './response-cache.ts';
import type { ApiResponse, Services } from './types.ts';
import { ChangeFeed } from '../changes/feed.ts';
import { describedLines } from '../changes/describe.ts';

export interface AppOptions {
  store: Store;
  table: RouteTable;
  root: RootUser;
  /** Path of the site root, e.g. '/Plone'. */
  sitePath: string;
  clock?: Clock;
  ids?: IdSource;
  blobs?: BlobStore;
  corsOrigin?: string[];
  /** One line per request; omitted: no log. */
  log?: (line: string) => void;
  /** Where the token-signing secret is kept (`<dataDir>/jwt-secret`); omitted: in memory. */
  dataDir?: string;
  /** A seeded source of secrets (--deterministic): signing secrets derived from it, no secret file. */
  secrets?: SecretSource;
  tokens?: Partial<TokenOptions> & PluginTokenOptions;
  throttle?: Partial<ThrottleOptions>;
  /** The catalog of `store` (default: built here and kept current from its commits). */
  catalog?: Catalog;
  /** Routes outside the content tree (`++dev++`, `RobotRemote`), tried before URL parsing. */
  outside?: OutsideRoutes;
  /** Clients that RobotRemote's autologin (state.robotAutologin) applies to; omitted: none. */
  autologin?: (client: string) => boolean;
  /** Largest request body accepted, in bytes (default DEFAULT_MAX_BODY_BYTES); larger: 413. */
  maxBodyBytes?: number;
  /** Under each request's log line, one indented line per change its commit made (--trace). */
  trace?: boolean;
  /** Any authenticated user may read the change stream, not only Managers (--dev-endpoints). */
  changesForAuthenticated?: boolean;
  /** Answer repeated GETs from the response cache (default true; false: benchmarks of the cold path). */
  responseCache?: boolean;
  /** Give the JSON text of an answer equal to a recent one again (http/recent-texts.ts; default true; false: made anew each time). */
  recentTexts?: boolean;
}

export { DEFAULT_MAX_BODY_BYTES };

/** The `__ac` session cookie of a request, if it sent one. */
function sessionCookie(headers: Headers): string | undefined {
  const cookie = headers.get('cookie');
  return cookie && cookie.includes(SESSION_COOKIE) ? parseCookies(cookie, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
}

/** The user RobotRemote's enable_autologin_as makes of every request without credentials. */
const autologinPrincipal = (login: NonNullable<SiteState['robotAutologin']>): Principal => ({ id: login.username, fullname: login.username, roles: [...login.roles], groups: [] });

/** The client's network address as seen by @hono/node-server (no proxy headers are trusted). */
function clientAddress(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The body of `raw`, read when dispatch asks for it (the route that answers wants it): a long body
 * announced by Content-Length straight from the Node request (body-read.ts), any other through the
 * web Request (whose chunked body the size limit has already read and counted).
 */
function requestBody(raw: Request, env: unknown): RequestBody {
  const length = raw.headers.get('content-length');
  const announced = length !== null && !raw.headers.has('transfer-encoding') && /^\d+$/.test(length.trim()) ? Number(length) : undefined;
  let read: Promise<Uint8Array> | undefined;
  const readAll = async (): Promise<Uint8Array> => {
    if (announced === 0) return new Uint8Array();
    const incoming = (env as { incoming?: NodeIncoming } | undefined)?.incoming;
    if (announced !== undefined && announced >= BIG_INPUT && incoming && !incoming.readableDidRead) return readAnnounced(incoming, announced);
    return new Uint8Array(await raw.arrayBuffer());
  };
  return {
    announced,
    async bytes(limit: number, where?: string) {
      if (announced !== undefined && announced > limit) throw bodyTooLarge(limit, where);
      const bytes = await (read ??= readAll());
      if (bytes.length > limit) throw bodyTooLarge(limit, where);
      return bytes;
    },
  };
}

/** What the app hands the response cache: a request as it came, its URL parsed only for dispatch. */
interface AppRequest extends KeyedRequest {
  /** The parsed URL when the caller has one (in-process requests); else made from `href` when dispatched. */
  url: URL | undefined;
  body: RequestBody | undefined;
  bodyText: string | undefined;
  client: string;
  /** The Authorization header (the login throttle's bypass of the cache reads it). */
  authorization: string | undefined;
}

const dispatchInput = (r: AppRequest): DispatchInput => ({
  method: r.method,
  url: r.url ?? new URL(r.href),
  headers: r.headers,
  bodyText: r.bodyText,
  body: r.body,
  client: r.client,
  now: r.now,
  principal: r.principal,
});

/** `texts`: where the texts of answers like earlier ones are found (absent: each made anew). */
function toResponse(res: ApiResponse, texts?: RecentTexts): Response {
  const headers: Record<string, string> = { ...res.headers };
  if (res.stream) {
    headers['Content-Type'] = res.contentType ?? 'text/event-stream';
    return new Response(res.stream, { status: res.status, headers });
  }
  if (res.bytes) {
    // Served files are inert: the browser must not guess another type than the one sent.
    headers['Content-Type'] = servedMediaType(res.contentType ?? 'application/octet-stream');
    headers['X-Content-Type-Options'] = 'nosniff';
    return new Response(res.bytes as Uint8Array<ArrayBuffer>, { status: res.status, headers });
  }
  if ((res.jsonText === undefined && res.jsonParts === undefined && res.body === undefined) || res.status === 204) return new Response(null, { status: res.status, headers });
  headers['Content-Type'] = res.contentType ?? 'application/json';
  // an answer holding a long string (a rich text of megabytes) is written and sent in slices
  const json = res.jsonParts ?? res.jsonText ?? (texts ? texts.json(res.body) : answerJson(res.body));
  if (typeof json !== 'string') return new Response(partsStream(json), { status: res.status, headers });
  const text = json;
  return new Response(text.length >= STREAM_FROM ? textStream(text) : text, { status: res.status, headers });
}

export function createApp(options: AppOptions) {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const source = options.secrets ?? randomSecrets;
  const secrets = new TokenSecrets(options.secrets ? undefined : options.dataDir, toSeconds(clock.now()), source.for('jwt-secret'));
  const auth = new Authenticator(options.root, new TokenService(secrets, options.tokens, source), new LoginThrottle(options.throttle));
  const catalog = options.catalog ?? createCatalog(options.store);
  const changes = new ChangeFeed(options.store, { always: options.trace, openToAuthenticated: options.changesForAuthenticated, now: () => clock.now() });
  const services: Services = { extensions: options.table.extensions, blobs: options.blobs ?? new BlobStore(), scales: new ScaleCache(), auth, catalog, tus: new TusStore(), transactions: new TransactionLog(options.store), changes };
  const sitePath = options.sitePath.split('/').filter(Boolean);
  const newUid = () => ids.next();
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const dispatcher = {
    maxBodyBytes,
    sitePath,
    store: options.store,
    table: options.table,
    services,
    authenticate: (state: SiteState, headers: Headers, client: string) => {
      const found = auth.principal(state, headers.get('authorization') ?? undefined, clock.now(), client, sessionCookie(headers));
      const caller = (principal: Principal) =>
        principal.id === null && state.robotAutologin && options.autologin?.(client) ? autologinPrincipal(state.robotAutologin) : principal;
      return found instanceof Promise ? found.then(caller) : caller(found);
    },
    context: (now?: string) => ({ now: now ?? clock.now(), newUid }),
    outside: options.outside,
    urls: new ParsedUrls(sitePath),
  };

  /** Dispatch behind the response cache; a client the login throttle holds back always goes through. */
  const handle = withResponseCache<AppRequest>(
    { cache: options.responseCache === false ? undefined : new ResponseCache(), store: options.store, bypass: (r) => !!r.authorization && auth.heldBack(r.authorization, r.now, r.client) },
    (r, state) => dispatch(dispatcher, dispatchInput(r), state),
  );

  const texts = options.recentTexts === false ? undefined : new RecentTexts();

  const app = new Hono();
  if (options.corsOrigin?.length) {
    app.use(
      '*',
      cors({
        origin: options.corsOrigin.includes('*') ? '*' : options.corsOrigin,
        allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Accept', 'Authorization', 'Content-Type', 'Lock-Token', 'Prefer', 'Tus-Resumable', 'Upload-Length', 'Upload-Metadata', 'Upload-Offset'],
        exposeHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable'],
        credentials: !options.corsOrigin.includes('*'),
      }),
    );
  }
  // Bodies are counted while they stream in (or refused from Content-Length alone), never
  // buffered whole before the refusal; the connection is closed so the rest is not read.
  const tooLarge = (c: { req: { url: string } }) => toResponse(errorResponse(bodyTooLarge(maxBodyBytes), { requestUrl: c.req.url, contextUrl: c.req.url }));
  const limit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  const counted = async (c: Context): Promise<Response> => {
    let res: Response | undefined;
    const refused = await limit(c, async () => void (res = await answer(c)));
    return refused ?? res!;
  };
  /** The Response of an answer (logged when asked). */
  function send(raw: Request, res: ApiResponse, started: number): Response {
    if (options.log) {
      const url = new URL(raw.url);
      options.log(`${raw.method} ${url.pathname}${url.search} ${res.status} ${(performance.now() - started).toFixed(1)}ms`);
      if (options.trace && res.change) for (const line of describedLines(res.change)) options.log(`    ${line}`);
    }
    // A write's answer (a POST's new object) is answered once: kept as a recent text or an @id asked once, it only outlives young-generation collections.
    const response = toResponse(res, raw.method === 'GET' || raw.method === 'HEAD' ? texts : undefined);
    return raw.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }
  /**
   * The answer of a request: at once when the response cache has it (no promise, no turn
   * waited, no URL parsed) or dispatch did not have to wait for anything (lib/waits.ts); the
   * same members in the same order for every request.
   */
  const answer = (c: Context): Response | Promise<Response> => {
    const started = options.log ? performance.now() : 0;
    const raw = c.req.raw;
    // HEAD is answered as GET without the body.
    const method = raw.method === 'HEAD' ? 'GET' : raw.method;
    const header = raw.headers.get('authorization') ?? undefined;
    const ac = sessionCookie(raw.headers);
    const res = handle({
      method,
      href: raw.url,
      url: undefined,
      headers: raw.headers,
      body: method === 'GET' ? undefined : requestBody(raw, c.env),
      bodyText: undefined,
      client: clientAddress(c.env),
      now: clock.now(),
      principal: undefined,
      // The session cookie is a credential too: both may decide the caller.
      credentials: header === undefined && ac === undefined ? undefined : `${auth.tokens.generation}\u0000${header ?? ''}\u0000${SESSION_COOKIE}=${ac ?? ''}`,
      authorization: header,
    });
    return res instanceof Promise ? res.then((r) => send(raw, r, started)) : send(raw, res, started);
  };
  // One handler, no middleware (Hono runs a lone handler without composing a chain). GET and
  // HEAD carry no body: asking for one would build a full Request per read (~7% of a GET). A
  // body with Content-Length is judged by it alone: Hono's limit would turn it into a web stream
  // read chunk by chunk (and copied twice) instead of node-server's direct read from the socket.
  app.all('*', (c) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return answer(c);
    const over = announcedOver(c.req.raw.headers, maxBodyBytes);
    return over === undefined ? counted(c) : over ? tooLarge(c) : answer(c);
  });
  /** A request through the normal path as `principal`, without credentials (RobotRemote's keywords). */
  const internal = async (principal: Principal, method: string, url: URL, body?: unknown): Promise<ApiResponse> => {
    const res = handle({
      method,
      href: url.href,
      url,
      headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }),
      body: undefined,
      bodyText: body === undefined ? '' : JSON.stringify(body),
      client: 'local',
      now: clock.now(),
      principal,
      credentials: undefined,
      authorization: undefined,
    });
    return await res;
  };
  // Whatever fails outside dispatch (which answers its own errors) still gets a JSON error body.
  app.onError((err, c) => {
    if (!(err instanceof ApiError)) console.error(err);
    return toResponse(errorResponse(err, { requestUrl: c.req.url, contextUrl: c.req.url }));
  });
  return { app, services, store: options.store, internal };
}
