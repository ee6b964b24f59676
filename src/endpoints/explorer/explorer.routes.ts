// Pages for people, outside the site (tried before the URL is parsed), all read-only and open:
//   GET /                                   the landing page (JSON with Accept: application/json)
//   GET /openapi.json                       the OpenAPI 3.1 document of the interface, also at
//   GET <site>/++api++/openapi.json         (where it hides an object with that id at the site root)
//   GET /++explorer++/                      the explorer (Swagger UI from node_modules, and the
//                                           explorer's own script: identity, change panel, tour)
//   GET /++explorer++/config.json           what the explorer needs: site, accounts, change stream
//   GET /++explorer++/<file>                the explorer's files (explorer/, swagger-ui-dist)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutsideRoutes, RouteTable } from '../../http/dispatch.ts';
import type { ApiResponse } from '../../http/types.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { PACKAGE_ROOT } from '../../lib/package-root.ts';
import { ASK_HEADER, CHANGE_HEADER } from '../../changes/feed.ts';
import { openApiDocument } from '../../openapi/document.ts';
import { rootOf } from '../../state/select.ts';
import type { Store } from '../../state/store.ts';
import type { Account } from './accounts.ts';
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { ENCODINGS, ExplorerAssets, type Asset, type Encoding } from './assets.ts';
import { EXPLORER_PATH, landingJson, landingPage, OPENAPI_PATH, type LandingFacts } from './landing.ts';

export interface ExplorerSite {
  store: Store;
  table: RouteTable;
  accounts: Account[];
  /** Name of the fixture the site was built from, if any. */
  fixture?: string;
  /** Any authenticated user may read the change stream (--dev-endpoints). */
  changesOpen: boolean;
}

export const VERSION: string = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;

/** Pages and scripts load only from this server; nothing is framed or sent elsewhere. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = { 'Content-Security-Policy': CSP, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache' };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The OpenAPI document, made once per site URL and title (a few are kept: Host headers vary). */
class Documents {
  private readonly made = new Map<string, Record<string, unknown>>();
  get(table: RouteTable, siteUrl: string, title: string): Record<string, unknown> {
    const key = `${siteUrl}\u0000${title}`;
    let doc = this.made.get(key);
    if (!doc) {
      if (this.made.size >= 8) this.made.clear();
      this.made.set(key, (doc = openApiDocument(table, { siteUrl, title, version: VERSION })));
    }
    return doc;
  }
}

/** Methods every page here answers (HEAD: as GET without the body, by the server). */
const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The encoding to send a file in: of those offered, the one Accept-Encoding (parsed by Hono's
 * accepts helper) gives the highest q-value, explicitly or through `*`; ties go to the server's order.
 */
const encodingFor = (headers: Headers): Encoding =>
  accepts({ req: { header: (name: string) => headers.get(name) ?? undefined } } as unknown as Context, {
    header: 'Accept-Encoding',
    supports: [...ENCODINGS],
    default: 'identity',
    match: (accepted, { supports }) => {
      const q = (name: string) => accepted.find((a) => a.type.toLowerCase() === name)?.q ?? accepted.find((a) => a.type === '*')?.q ?? 0;
      let best: string = 'identity';
      for (const name of supports) if (q(name) > (best === 'identity' ? 0 : q(best))) best = name;
      return best;
    },
  }) as Encoding;

/** If-None-Match names this ETag (or `*`); weak tags compare by their value. */
const unchanged = (headers: Headers, etag: string) =>
  (headers.get('if-none-match') ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);

function fromAsset(asset: Asset, request: Headers, headers: Record<string, string>): ApiResponse {
  const all: Record<string, string> = { ...headers, ETag: asset.etag };
  if (asset.compressible) all.Vary = 'Accept-Encoding';
  if (asset.encoding) all['Content-Encoding'] = asset.encoding;
  if (unchanged(request, asset.etag)) return { status: 304, headers: all };
  return { status: 200, bytes: asset.bytes, contentType: asset.contentType, headers: all };
}

export function explorerRoutes(site: () => ExplorerSite | undefined): OutsideRoutes {
  const documents = new Documents();
  const assets = new ExplorerAssets();
  return (input, sitePath) => {
    const pathname = input.url.pathname;
    // Every request asks: "not mine" at once for a path that names neither (and has no escapes).
    if (pathname !== '/' && !pathname.includes('++explorer++') && !pathname.endsWith('openapi.json') && !pathname.includes('%')) return undefined;
    const segments = pathname.split('/').filter(Boolean).map(decode);
    const isOpenApi = pathname === OPENAPI_PATH || (segments.includes('++api++') && segments.filter((s) => s !== '++api++').join('/') === [...sitePath, 'openapi.json'].join('/'));
    const isExplorer = segments[0] === '++explorer++';
    if (pathname !== '/' && !isOpenApi && !isExplorer) return undefined;
    return (async (): Promise<ApiResponse> => {
      const bound = site();
      if (!bound) throw new ApiError(503, 'ServiceUnavailable', 'The site is not ready yet.', 'service');
      const method = input.method.toUpperCase();
      if (method === 'OPTIONS') return { status: 200, headers: { Allow: ALLOW } };
      if (method !== 'GET') throw Object.assign(new ApiError(405, 'MethodNotAllowed', `Method ${input.method} is not allowed here.`, 'service'), { headers: { Allow: ALLOW } });
      const serverUrl = input.url.origin;
      const siteUrl = serverUrl + (sitePath.length ? '/' + sitePath.join('/') : '');
      const state = bound.store.current;
      const title = String(rootOf(state).fields.title ?? '');
      if (isOpenApi) return { status: 200, body: documents.get(bound.table, siteUrl, title), headers: { 'Access-Control-Allow-Origin': '*' } };
      const facts: LandingFacts = { serverUrl, siteUrl, siteTitle: title, objects: state.nodeCount - 1, fixture: bound.fixture, version: VERSION, accounts: bound.accounts, changesOpen: bound.changesOpen };
      if (!isExplorer) {
        const accept = input.headers.get('accept') ?? '';
        if (accept.includes('application/json') && !accept.includes('text/html')) return { status: 200, body: landingJson(facts) };
        return { status: 200, bytes: new TextEncoder().encode(landingPage(facts)), contentType: 'text/html; charset=utf-8', headers: PAGE_HEADERS };
      }
      const rest = segments.slice(1);
      if (rest.length === 0 && !pathname.endsWith('/')) return { status: 302, headers: { Location: EXPLORER_PATH } };
      if (rest.length === 0) {
        const page = await assets.explorer('index.html', encodingFor(input.headers));
        if (!page) throw notFound('', 'service');
        return fromAsset(page, input.headers, PAGE_HEADERS);
      }
      if (rest.length === 1 && rest[0] === 'config.json') {
        return {
          status: 200,
          headers: { 'Cache-Control': 'no-cache' },
          body: {
            ...landingJson(facts),
            siteUrl,
            siteTitle: title,
            changes: { stream: `${siteUrl}/++dev++/changes`, askHeader: ASK_HEADER, changeHeader: CHANGE_HEADER, openToAuthenticated: bound.changesOpen },
          },
        };
      }
      const encoding = encodingFor(input.headers);
      const asset = rest.length === 2 && rest[0] === 'swagger-ui' ? assets.swagger(rest[1], encoding) : rest.length === 1 ? assets.explorer(rest[0], encoding) : undefined;
      if (!asset) throw notFound('', 'service');
      return fromAsset(await asset, input.headers, { 'Cache-Control': rest[0] === 'swagger-ui' ? 'public, max-age=86400' : 'no-cache' });
    })();
  };
}
