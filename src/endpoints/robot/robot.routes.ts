// <site>/RobotRemote: the remote library of Plone's acceptance server (supplement-2 1), spoken in
// XML-RPC. It exists only when the server is started with it (--preset acceptance or
// --robot-remote) and then answers only the clients it is allowed to (loopback by default): it
// is an unauthenticated reset of the whole site.
//   POST <site>/RobotRemote  Content-Type: text/xml  <methodCall>…</methodCall>
// Methods: get_keyword_names, get_keyword_arguments, get_keyword_documentation, run_keyword.
// run_keyword answers a struct {error, return, status: PASS, output} or {error, return, status:
// FAIL}; a call that cannot be read answers an XML-RPC fault (HTTP 400; 404 for unknown methods).
import { rootPrincipal } from '../../auth/authenticate.ts';
import type { Principal } from '../../auth/principal.ts';
import type { DispatchInput, OutsideRoutes } from '../../http/dispatch.ts';
import { bodyTextOf } from '../../http/body-read.ts';
import { rememberSite, restoreSite, type SitePoint } from '../../http/rollback.ts';
import type { ApiResponse, Services } from '../../http/types.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Store } from '../../state/store.ts';
import { contentKeywords } from './content-keywords.ts';
import { arityProblem, KeywordError, text, type Keyword, type KeywordCall } from './keyword.ts';
import { siteKeywords } from './site-keywords.ts';
import { userKeywords } from './user-keywords.ts';
import { parseMethodCall } from '../../lib/xmlrpc/read.ts';
import { RpcError, type RpcStruct, type RpcValue } from '../../lib/xmlrpc/value.ts';
import { faultResponse, methodResponse } from '../../lib/xmlrpc/write.ts';

export const ROBOT_REMOTE = 'RobotRemote';

/**
 * Largest call read: the suites send a few hundred bytes (uploads go through the API), and
 * reading XML costs about 1 ms per KiB of dense markup, so this keeps one call well within what
 * may hold the event loop.
 */
export const MAX_CALL_BYTES = 32 * 1024;

export interface RobotRemoteOptions {
  /** Who may call it: `loopback` (default), `any`, or a list of client addresses. */
  clients?: 'loopback' | 'any' | string[];
}

export interface RobotSite {
  store: Store;
  services: Services;
  /** A request through the normal request path as `who`. */
  internal: (who: Principal, method: string, url: URL, body?: unknown) => Promise<ApiResponse>;
  now: () => string;
  newUid: () => string;
}

const LOOPBACK = new Set(['local', '::1', 'localhost']);

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms; 'local' is an in-process request. */
export function isLoopback(address: string): boolean {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return LOOPBACK.has(a) || a.startsWith('127.');
}

const rpcError = (status: number, message: string): ApiResponse => xml(faultResponse(-1, message), status);
const xml = (body: string, status = 200): ApiResponse => ({ status, bytes: new Uint8Array(Buffer.from(body, 'utf8')), contentType: 'text/xml; charset=utf-8' });

export class RobotRemote {
  /** Remembered sites, innermost last: remote_zodb_setup pushes, remote_zodb_teardown pops. */
  private readonly stack: SitePoint[] = [];
  private site: RobotSite | undefined;
  private readonly keywords = new Map<string, Keyword>();

  constructor(private readonly options: RobotRemoteOptions = {}) {
    for (const k of [...this.fixtureKeywords(), ...contentKeywords, ...userKeywords, ...siteKeywords]) this.keywords.set(k.name, k);
  }

  bind(site: RobotSite): void {
    this.site = site;
  }

  /** How many setups wait for their teardown. */
  get depth(): number {
    return this.stack.length;
  }

  /** Whether this client may call RobotRemote (and is served by its autologin). */
  allows(client: string | undefined): boolean {
    const clients = this.options.clients ?? 'loopback';
    if (clients === 'any') return true;
    const address = client ?? 'local';
    if (isLoopback(address)) return true;
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    return Array.isArray(clients) && (clients.includes(address) || clients.includes(plain));
  }

  readonly route: OutsideRoutes = (input, sitePath, principal) => {
    const segments = input.url.pathname.split('/').filter(Boolean);
    if (segments.length !== sitePath.length + 1 || segments[sitePath.length] !== ROBOT_REMOTE) return undefined;
    if (!sitePath.every((s, i) => segments[i] === s)) return undefined;
    return this.answer(input, sitePath, principal);
  };

  private async answer(input: DispatchInput, sitePath: string[], principal: () => Promise<Principal>): Promise<ApiResponse> {
    if (!this.allows(input.client)) {
      throw new ApiError(403, 'Forbidden', 'RobotRemote answers loopback clients only (see --robot-remote-clients).', 'service');
    }
    const site = this.site;
    if (!site) throw new ApiError(503, 'ServiceUnavailable', 'The site is not ready yet.', 'service');
    if (input.method.toUpperCase() !== 'POST') {
      const err = new ApiError(405, 'MethodNotAllowed', 'RobotRemote answers XML-RPC: POST with Content-Type text/xml.', 'service');
      err.headers = { Allow: 'POST' };
      throw err;
    }
    if (!(input.headers.get('content-type') ?? '').toLowerCase().includes('text/xml')) {
      throw new ApiError(415, 'UnsupportedMediaType', 'RobotRemote answers XML-RPC: POST with Content-Type text/xml.', 'service');
    }
    let body: string;
    try {
      body = await bodyTextOf(input, MAX_CALL_BYTES);
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) return rpcError(413, `The call is larger than ${MAX_CALL_BYTES} bytes.`);
      throw err;
    }
    let call;
    try {
      call = parseMethodCall(body);
    } catch (err) {
      if (err instanceof RpcError) return rpcError(400, `Malformed XML-RPC call: ${err.message}`);
      throw err;
    }
    const { method, params } = call;
    const named = (n: number) => (params.length === n ? undefined : `${method}() takes ${n + 1} positional argument${n ? 's' : ''} but ${params.length + 1} were given`);
    switch (method) {
      case 'get_keyword_names': {
        const wrong = named(0);
        if (wrong) return rpcError(400, wrong);
        return xml(methodResponse([...this.keywords.keys()].sort()));
      }
      case 'get_keyword_arguments': {
        const wrong = named(1);
        return wrong ? rpcError(400, wrong) : xml(methodResponse(null));
      }
      case 'get_keyword_documentation': {
        const wrong = named(1);
        if (wrong) return rpcError(400, wrong);
        const keyword = this.keyword(text(params[0]) ?? '');
        return xml(methodResponse(keyword ? keyword.doc : ''));
      }
      case 'run_keyword': {
        if (params.length < 2 || params.length > 3) {
          return rpcError(400, `run_keyword() takes from 3 to 4 positional arguments but ${params.length + 1} were given`);
        }
        const [name, args, kwargs] = params;
        const list = Array.isArray(args) ? args : [];
        const struct = kwargs instanceof Map ? kwargs : new Map<string, RpcValue>();
        const who = await principal();
        const siteUrl = `${input.url.origin}${sitePath.length ? '/' + sitePath.join('/') : ''}`;
        return xml(methodResponse(await this.run(site, text(name) ?? '', list, struct, who, siteUrl, sitePath)));
      }
      default:
        return rpcError(404, `Not found: ${method}`);
    }
  }

  private keyword(name: string): Keyword | undefined {
    return this.keywords.get(name);
  }

  private async run(site: RobotSite, name: string, args: RpcValue[], kwargs: RpcStruct, caller: Principal, siteUrl: string, sitePath: string[]): Promise<RpcStruct> {
    const fail = (message: string): RpcStruct => new Map<string, RpcValue>([['error', message], ['return', ''], ['status', 'FAIL']]);
    const keyword = this.keyword(name);
    if (!keyword) return fail("'NoneType' object is not callable");
    const wrong = arityProblem(keyword, args, kwargs);
    if (wrong) return fail(wrong);
    const call: KeywordCall = {
      caller,
      system: rootPrincipal(site.store.current, site.services.auth.root),
      store: site.store,
      services: site.services,
      siteUrl,
      sitePath,
      send: (who, method, path, body) => site.internal(who, method, new URL(siteUrl + path), body),
      newUid: site.newUid,
      now: site.now,
    };
    try {
      const value = (await keyword.run(call, args, kwargs)) ?? null;
      return new Map<string, RpcValue>([['error', ''], ['return', value], ['status', 'PASS'], ['output', value]]);
    } catch (err) {
      if (err instanceof KeywordError || err instanceof ApiError) return fail(err.message);
      console.error(err);
      return fail(`${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  /** remote_zodb_setup / remote_zodb_teardown: remember the site, go back to it (a stack). */
  private fixtureKeywords(): Keyword[] {
    return [
      {
        name: 'remote_zodb_setup',
        signature: { required: ['layer_dotted_name'] },
        doc: null,
        run: (call) => {
          this.stack.push(rememberSite(call.store, call.services));
          return undefined;
        },
      },
      {
        name: 'remote_zodb_teardown',
        signature: { required: ['layer_dotted_name'] },
        doc: null,
        run: async (call) => {
          const point = this.stack.pop();
          if (!point) throw new KeywordError("'portal'");
          try {
            await restoreSite(call.store, call.services, point);
          } finally {
            point.release();
          }
          return undefined;
        },
      },
    ];
  }
}
