// One request: parse the URL -> authenticate (and CSRF) -> traverse -> check permissions -> check
// the path parameters -> read the body -> validate it with the route's schema -> prepare -> handle -> (for writes) one
// commit -> response. Errors from any step go through errors.ts.
import type { Principal } from '../auth/principal.ts';
import { canView, hasPermission } from '../auth/check.ts';
import { ApiError, notFound, unauthorized } from '../lib/errors.ts';
import { checkJsonLimits } from '../lib/json-limits.ts';
import { nextTurn, turnIfBig } from '../lib/turn.ts';
import { untilReady } from '../lib/pending.ts';
import { runWaits, type Waits } from '../lib/waits.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { childNamed, rootOf, traverse } from '../state/select.ts';
import { samePath } from '../state/same-path.ts';
import type { CommitMeta, Store } from '../state/store.ts';
import { urlOf } from '../domain/urls.ts';
import { undecodableBody } from './body.ts';
import { bodyBytes, bodyTextOf, DEFAULT_MAX_BODY_BYTES, SMALL_BODY_BYTES, type RequestBody } from './body-read.ts';
import { parseJsonInTurns } from '../lib/json-in-turns.ts';
import { checkSessionWrite } from './csrf.ts';
import { errorResponse } from './errors.ts';
import type { Answer } from './response-cache.ts';
import { parseUrl, type ParsedUrl, type ParsedUrls } from './parse-url.ts';
import { parseQuery } from '../domain/query.ts';
import { validateRequest } from './schema.ts';
import { checkPath } from './route-path.ts';
import { isWrite, type WriteOutcome, type Extensions, type FamilyManifest, type ApiRequest, type ApiResponse, type RequestContext, type Route, type Services } from './types.ts';
import { own } from '../lib/records.ts';
import { showChange, withChange } from './change-answer.ts';

import type { RouteTable, ViewHandler } from './types.ts';
export type { RouteFamily, RouteTable, ViewHandler } from './types.ts';

export interface DispatchInput {
  method: string;
  url: URL;
  headers: Headers;
  /** The body's JSON text, from an in-process caller. */
  bodyText?: string;
  /** The request's body, read only if the route that answers wants it. */
  body?: RequestBody;
  /** Network address of the client, when known. */
  client?: string;
  /** The request time, when the caller already read the clock. */
  now?: string;
  /** Run as this caller without looking at credentials (requests the server makes itself). */
  principal?: Principal;
}

export interface Dispatcher {
  sitePath: string[];
  store: Store;
  table: RouteTable;
  services: Services;
  /** Authenticated caller for these headers (a promise when it has to wait: password hashing). */
  authenticate: (state: SiteState, headers: Headers, client: string) => Principal | Promise<Principal>;
  /** The clock and UID source of a request (`now`: the time the caller already read). */
  context: (now?: string) => Omit<RequestContext, 'principal'>;
  /** Routes outside the content tree (the `++dev++` endpoints), tried before the URL is parsed. */
  outside?: OutsideRoutes;
  /** Parsed URLs remembered for `sitePath` (absent: each request parses its URL). */
  urls?: ParsedUrls;
  /** The largest body a `bigBody` route takes (default DEFAULT_MAX_BODY_BYTES); others take SMALL_BODY_BYTES at most. */
  maxBodyBytes?: number;
}

/** Answers a request it recognizes (undefined: not for it); `principal()` authenticates. */
export type OutsideRoutes = (
  input: DispatchInput,
  sitePath: string[],
  principal: () => Promise<Principal>,
) => Promise<ApiResponse> | undefined;

function nearestViewable(state: SiteState, principal: Principal, path: string[], siteUrl: string): string {
  let node: ContentNode = rootOf(state);
  let best = siteUrl;
  for (const id of path) {
    const next = childNamed(state, node, id);
    if (!next) break;
    node = next;
    if (canView(state, principal, node)) best = urlOf(state, node, siteUrl);
  }
  return best;
}

/** Bodies at least this long (bytes) give other callers a turn between their steps. */
const LONG_BODY = 64 * 1024;

/** Times a write that waited is decided again on a newer state before it runs without waiting. */
const DECIDE_AGAIN = 3;

const isBlank = (bytes: Uint8Array) => {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  return true;
};

/**
 * The JSON body (undefined when there is none): its limits checked before it is parsed; a long
 * body's long values made in turns (lib/json-in-turns.ts).
 */
async function parseBody(input: DispatchInput, limit: number, where: string | undefined): Promise<unknown> {
  try {
    if (input.body) {
      const bytes = await input.body.bytes(limit, where);
      if (isBlank(bytes)) return undefined;
      await turnIfBig(bytes.length);
      return await parseJsonInTurns(bytes, checkJsonLimits);
    }
    if (!input.bodyText || !/\S/.test(input.bodyText)) return undefined;
    checkJsonLimits(input.bodyText);
    return JSON.parse(input.bodyText);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw undecodableBody();
  }
}

/** The most body bytes `route` takes. */
function bodyLimitOf(d: Dispatcher, route: Route): number {
  const max = d.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return route.bigBody ? max : Math.min(max, SMALL_BODY_BYTES);
}

/** Routes grouped by endpoint name, built once per route table (not per request). */
const byEndpoint = new WeakMap<Route[], Map<string | null, Route[]>>();

function findRoute(routes: Route[], endpoint: string | null, method: string): Route | 'method' | undefined {
  let index = byEndpoint.get(routes);
  if (!index) {
    index = new Map();
    for (const r of routes) index.set(r.endpoint, [...(index.get(r.endpoint) ?? []), r]);
    byEndpoint.set(routes, index);
  }
  const forEndpoint = index.get(endpoint);
  if (!forEndpoint) return undefined;
  return forEndpoint.find((r) => r.method === method) ?? 'method';
}

/** What a request resolved to on one state: its context object and route (or binary view). */
interface Target {
  node: ContentNode;
  route?: Route;
  view?: ViewHandler;
}

/** Traverses and checks permissions on `state`; throws the interface's errors. */
function resolve(d: Dispatcher, state: SiteState, url: ParsedUrl, method: string, principal: Principal): Target | ApiResponse {
  const node = traverse(state, url.contentPath);
  if (!node) {
    const redirect = d.table.unresolved?.(state, url, method);
    if (redirect) return redirect;
    throw notFound();
  }
  if (url.view) {
    const view = own(d.table.views, url.view);
    if (!view || method !== 'GET') throw notFound();
    return { node, view };
  }
  const route = findRoute(d.table.routes, url.endpoint, method);
  if (route === undefined) throw notFound();
  if (route === 'method') {
    throw new ApiError(405, 'MethodNotAllowed', `Method ${method} is not allowed on ${url.endpoint ?? 'this object'}.`);
  }
  if (route.on === 'site' && node.parent !== null) throw notFound();
  if (route.on === 'item' && node.parent === null) throw notFound();
  // a route of folders does not exist on an item (Plone registers it for folderish objects only)
  if (route.on === 'folderish' && node.parent !== null && !own(state.types, node.type)?.folderish) throw notFound();
  if (!route.public && !hasPermission(state, principal, node, 'cms.restapi: Use REST API')) {
    throw unauthorized("Missing 'cms.restapi: Use REST API' permission");
  }
  if (route.permission && !hasPermission(state, principal, node, route.permission)) throw unauthorized();
  return { node, route };
}

const isTarget = (t: Target | ApiResponse): t is Target => 'node' in t;

/**
 * One request, on one state snapshot: `state` (default the store's current one) is the state the
 * caller is authenticated against, the URL traversed on, permissions checked on and the handler
 * run on. Only when an await let another request commit (a slow password check, `prepare`) is
 * the request resolved again, permissions included, on the newest state; a write always commits
 * on the state its handler saw.
 */
export function dispatch(d: Dispatcher, input: DispatchInput, snapshot: SiteState = d.store.current): Answer | Promise<Answer> {
  return runWaits(dispatchSteps(d, input, snapshot));
}

/** dispatch as steps that yield what they wait for (lib/waits.ts): a request that never waits is answered at once. */
function* dispatchSteps(d: Dispatcher, input: DispatchInput, snapshot: SiteState): Waits<Answer> {
  let state = snapshot;
  let url: ParsedUrl | undefined;
  let principal: Principal | undefined;
  const answer = (response: ApiResponse, cacheable = false): Answer => ({ response, state, cacheable, principal });
  try {
    const outside = input.principal
      ? undefined
      : d.outside?.(input, d.sitePath, async () => {
          const who = await d.authenticate(state, input.headers, input.client ?? 'local');
          checkSessionWrite(who, input.method.toUpperCase(), input.headers, 'text/xml');
          return who;
        });
    if (outside) return answer(yield outside);
    url = d.urls ? d.urls.parse(input.url) : parseUrl(input.url, d.sitePath);
    if (url.redirect) return answer({ status: 302, headers: { Location: url.redirect } });
    if (input.principal) principal = input.principal;
    else {
      const found = d.authenticate(state, input.headers, input.client ?? 'local');
      principal = found instanceof Promise ? ((yield found) as Principal) : found;
    }
    const method = input.method.toUpperCase();
    checkSessionWrite(principal, method, input.headers, undefined, url.endpoint);
    if (d.store.current !== state) state = d.store.current;
    let target = resolve(d, state, url, method, principal);
    if (!isTarget(target)) return answer(target);
    // Handlers ask for the same headers many times (the answer language for every title).
    const headers = new Map<string, string | undefined>();
    const { now, newUid } = d.context(input.now);
    // Every member named here, in one order (no spread): one object shape for every request.
    const req: ApiRequest = {
      now,
      newUid,
      principal,
      method,
      url,
      query: parseQuery(input.url.search),
      header: (name) => {
        let value = headers.get(name);
        if (value === undefined && !headers.has(name)) headers.set(name, (value = input.headers.get(name) ?? undefined));
        return value;
      },
      body: undefined,
      context: target.node,
      client: input.client ?? 'local',
      rawBody: undefined,
      rawBytes: undefined,
    };
    if (target.view) return answer(yield target.view(state, req, d.services));
    let route = target.route!;
    if (route.path) checkPath(route.path, url.params);
    const limit = bodyLimitOf(d, route);
    const where = route.bigBody ? undefined : 'this endpoint';
    if (route.rawBody) req.rawBytes = yield bodyBytes(input, limit, where);
    else if (/^multipart\/form-data/i.test(input.headers.get('content-type') ?? '')) req.rawBody = yield bodyTextOf(input, limit, where);
    else if (input.body || input.bodyText) req.body = yield parseBody(input, limit, where); // none (a GET): nothing waited for
    if (route.schema) {
      validateRequest(route.schema, req.query, req.body, req.rawBody === undefined && !route.rawBody, req.url.params, (permission) => hasPermission(state, req.principal, req.context, permission), state);
    }
    // A long body: other callers get a turn between parsing it, handling it and answering.
    const long = (input.body?.announced ?? input.bodyText?.length ?? 0) >= LONG_BODY;
    if (long) yield nextTurn();
    const prepared: unknown = route.prepare ? yield route.prepare(state, req, d.services) : undefined;
    /**
     * Another request committed while this one waited (or another write of its group came
     * first): check again on `newest`, with the caller's roles and groups as they are there (a
     * caller the server chose itself stays as given).
     */
    const onNewest = (newest: SiteState = d.store.current) => {
      state = newest;
      if (!input.principal) req.principal = principal = d.services.auth.again(state, principal!);
      target = resolve(d, state, url!, method, principal!);
      if (!isTarget(target) || !target.route) throw notFound();
      route = target.route;
      req.context = target.node;
    };
    if (d.store.current !== state) onNewest();
    // A handler may wait for work done apart (long rich text filtered in a worker): run again then.
    let passes = 0;
    const run = (again = false) => untilReady(() => route.handle(state, req, d.services, prepared), again && ++passes >= DECIDE_AGAIN ? 0 : undefined);
    let pending = run();
    for (;;) {
      const outcome: Awaited<typeof pending> = pending instanceof Promise ? yield pending : pending;
      if (!isWrite(outcome)) {
        const pure = method === 'GET' && !route.prepare && !route.volatile && outcome.status === 200 && !outcome.stream;
        return answer(outcome, pure && d.store.current === state);
      }
      // The group commit (Store.write): a write decided before another commit came in (another
      // write of its group, or one made while this one waited) is decided again on the state it
      // is applied on, permissions included; one that has to wait for that leaves the group and
      // comes back here. After a few passes the handler runs in place, without waiting.
      let shown = showChange(d.services.changes, state, principal, input.headers);
      const meta: CommitMeta = {
        user: principal.id,
        time: req.now,
        description: `/${[...d.sitePath, ...url.contentPath].join('/')}/${method}_application_json_${url.endpoint ?? ''}`,
        request: `${method} ${input.url.pathname}${input.url.search}`,
        describe: shown,
      };
      let decided: WriteOutcome = outcome;
      let left: typeof pending | undefined;
      const written: Awaited<ReturnType<Store['write']>> = yield d.store.write({
        decidedOn: state,
        recipe: decided.write,
        meta,
        decideAgain(newest) {
          // a decision that read only the path to its context and the records beside the UID
          // index holds while those are the same (the group's earlier writes went elsewhere)
          if (route.decidedOnPath && samePath(this.decidedOn, newest, req.context)) {
            state = newest;
            shown = meta.describe = showChange(d.services.changes, newest, principal!, input.headers);
            this.decidedOn = newest;
            return true;
          }
          onNewest(newest);
          // the caller's rights as read again (an earlier write of the group may have changed them)
          shown = meta.describe = showChange(d.services.changes, newest, principal!, input.headers);
          meta.user = principal!.id; // a user deleted meanwhile is anonymous now: the transaction says so
          const again = run(true);
          if (again instanceof Promise || !isWrite(again)) {
            // asked again (the group was refused after it left): the wait before is dropped, handled
            if (left instanceof Promise) left.catch(() => {});
            left = again;
            return false;
          }
          decided = again;
          this.decidedOn = newest;
          this.recipe = again.write;
          return true;
        },
      });
      if (!written) {
        pending = left!;
        continue;
      }
      const { next, result } = written;
      state = next;
      const change = d.services.changes?.take(meta);
      if (written.durable) yield written.durable;
      if (long) yield nextTurn();
      const response = withChange(yield untilReady(() => decided.respond(next, result)), change, shown);
      decided.after?.(next, result);
      return answer(response);
    }
  } catch (err) {
    if (!(err instanceof ApiError)) console.error(err);
    const current = d.store.current;
    const siteUrl = url?.siteUrl ?? input.url.origin + (d.sitePath.length ? '/' + d.sitePath.join('/') : '');
    const requestUrl = url?.requestUrl ?? input.url.href;
    const contextUrl = url ? nearestViewable(current, principal ?? { id: null, fullname: '', roles: [], groups: [] }, url.contentPath, siteUrl) : siteUrl;
    return answer(errorResponse(err, { requestUrl, contextUrl }));
  }
}
