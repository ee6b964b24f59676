// createApp(): the Hono application around one store. The only module that knows Hono.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Authenticator, type RootUser } from '../auth/authenticate.ts';
import { TokenSecrets } from '../auth/secrets.ts';
import { LoginThrottle, type ThrottleOptions } from '../auth/throttle.ts';
import { TokenService, toSeconds, type PluginTokenOptions, type TokenOptions } from '../auth/tokens.ts';
import { BlobStore } from '../blobs/store.ts';
import { createCatalog, type Catalog } from '../catalog/catalog.ts';
import { ScaleCache } from '../endpoints/files/scale-cache.ts';
import { randomIds, systemClock, type Clock, type IdSource } from '../lib/clock.ts';
import type { Store } from '../state/store.ts';
import { dispatch, type OutsideRoutes, type RouteTable } from './dispatch.ts';
import type { ApiResponse, Services } from './types.ts';

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
  tokens?: Partial<TokenOptions> & PluginTokenOptions;
  throttle?: Partial<ThrottleOptions>;
  /** The catalog of `store` (default: built here and kept current from its commits). */
  catalog?: Catalog;
  /** Routes outside the content tree (`++dev++`), tried before URL parsing. */
  outside?: OutsideRoutes;
}

/** The client's network address as seen by @hono/node-server (no proxy headers are trusted). */
function clientAddress(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

function toResponse(res: ApiResponse): Response {
  const headers = new Headers(res.headers ?? {});
  if (res.bytes) {
    headers.set('Content-Type', res.contentType ?? 'application/octet-stream');
    return new Response(res.bytes as Uint8Array<ArrayBuffer>, { status: res.status, headers });
  }
  if (res.body === undefined || res.status === 204) return new Response(null, { status: res.status, headers });
  headers.set('Content-Type', res.contentType ?? 'application/json');
  return new Response(JSON.stringify(res.body), { status: res.status, headers });
}

export function createApp(options: AppOptions) {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const secrets = new TokenSecrets(options.dataDir, toSeconds(clock.now()));
  const auth = new Authenticator(options.root, new TokenService(secrets, options.tokens), new LoginThrottle(options.throttle));
  const catalog = options.catalog ?? createCatalog(options.store);
  const services: Services = { blobs: options.blobs ?? new BlobStore(), scales: new ScaleCache(), auth, catalog };
  const sitePath = options.sitePath.split('/').filter(Boolean);
  const dispatcher = {
    sitePath,
    store: options.store,
    table: options.table,
    services,
    authenticate: (state: Parameters<Authenticator['principal']>[0], headers: Headers, client: string) =>
      auth.principal(state, headers.get('authorization') ?? undefined, clock.now(), client),
    context: () => ({ now: clock.now(), newUid: () => ids.next() }),
    outside: options.outside,
  };

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
  app.all('*', async (c) => {
    const started = performance.now();
    const raw = c.req.raw;
    let bodyText = '';
    if (raw.method !== 'GET' && raw.method !== 'HEAD') bodyText = await raw.text();
    const url = new URL(raw.url);
    const res = await dispatch(dispatcher, { method: raw.method, url, headers: raw.headers, bodyText, client: clientAddress(c.env) });
    options.log?.(`${raw.method} ${url.pathname}${url.search} ${res.status} ${(performance.now() - started).toFixed(1)}ms`);
    return toResponse(res);
  });
  return { app, services, store: options.store };
}
