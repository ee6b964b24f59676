// The plain-data request a handler sees, what it answers, and how a route is declared.
import type { Draft } from 'immer';
import type { Principal } from '../auth/principal.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import type { Query } from '../domain/query.ts';
import type { ParsedUrl } from './parse-url.ts';
import type { JsonPiece } from '../lib/json-pieces.ts';

export interface RequestContext {
  /** Request time, ISO 8601 UTC; the only clock a handler may read. */
  now: string;
  /** The UID source. */
  newUid: () => string;
  principal: Principal;
}

export interface ApiRequest extends RequestContext {
  method: string;
  url: ParsedUrl;
  query: Query;
  header: (name: string) => string | undefined;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** The traversed context object. */
  context: ContentNode;
  /** Network address of the client (login throttling); 'local' for in-process requests. */
  client?: string;
  /** The body as sent, when it is not JSON (multipart/form-data uploads). */
  rawBody?: string;
  /** The body's bytes, for routes declared with `rawBody: true` (TUS chunks). */
  rawBytes?: Uint8Array;
}

export interface ApiResponse {
  status: number;
  /** JSON body; `undefined` means no body. */
  body?: unknown;
  /** The JSON text of `body`, when it was written already (a big listing, in turns: src/http/listing.ts). */
  jsonText?: string;
  /** The JSON text of `body` in parts, to be sent one after the other (a big listing: src/http/listing.ts). */
  jsonParts?: readonly JsonPiece[];
  headers?: Record<string, string>;
  /** Raw bytes instead of JSON. */
  bytes?: Uint8Array;
  contentType?: string;
  /** A body sent as it is produced (the change stream); the response is never cached. */
  stream?: ReadableStream<Uint8Array>;
  /** The change this answer's commit made, when it was described (for --trace); never sent. */
  change?: import('../changes/feed.ts').ChangeEvent;
}

/**
 * A write: a draft mutator, run in the single commit, and the answer built from the next state.
 * `after` runs once the commit is made (and durable): side effects outside the state, such as
 * sending mail, happen there and nowhere else.
 */
export interface WriteOutcome<T = unknown> {
  write: (draft: Draft<SiteState>) => T;
  respond: (next: SiteState, result: T) => ApiResponse;
  after?: (next: SiteState, result: T) => void;
}

export type Outcome = ApiResponse | WriteOutcome<any> | Promise<ApiResponse>;

export const isWrite = (o: ApiResponse | WriteOutcome<any>): o is WriteOutcome<any> => 'write' in o;

/** A route; `P` is what its `prepare` resolves to (the handler's fourth argument). */
export interface Route<P = any> {
  /** The route serves the custom panels (@controlpanels): their `bodies` become its schema's variants. */
  panelBodies?: boolean;
  /** The answer embeds components (`expand=`): their `options` join this route's query schema (endpoints/index.ts). */
  expandsComponents?: boolean;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS';
  /** `@name` of the endpoint, or null for the content object itself. */
  endpoint: string | null;
  /**
   * 'site': answers only on the site root; 'folderish': on objects that hold others (and the root);
   * 'content': any object; 'item': any object but the site root.
   */
  on: 'site' | 'folderish' | 'content' | 'item';
  /**
   * The URL segments after the endpoint (path parameters), checked by dispatch before the body is
   * read. Absent: the route takes none and does not look at any that are there.
   */
  path?: import('./route-path.ts').RoutePath;
  /** Permission checked on the context before the handler runs (null: none beyond Use REST API). */
  permission: string | null;
  /**
   * The answer depends on data that changes without a commit (uploads in progress, outboxes):
   * never answered from the response cache.
   */
  volatile?: boolean;
  /** Skip the `Use REST API` check (login endpoints). */
  public?: boolean;
  /** The body is binary: not parsed, handed over as `req.rawBytes`. */
  rawBody?: boolean;
  /**
   * The body may be as long as the server's limit (`--max-body-bytes`): content with files and
   * long texts, uploads, imports. Any other route refuses a body over SMALL_BODY_BYTES with 413.
   */
  bigBody?: boolean;
  /** What the route accepts and answers (validated by dispatch, documented in the OpenAPI document). */
  schema?: import('./schema.ts').RouteSchema;
  /**
   * Asynchronous preparation outside the reducer (storing uploaded bytes, hashing passwords);
   * what it resolves to is handed to `handle` as `prepared`. It does not change the request. A
   * value at once instead of a promise when there is nothing to wait for: dispatch goes on without
   * a turn (lib/waits.ts).
   */
  prepare?(state: SiteState, req: ApiRequest, services: Services): P | Promise<P>;
  handle(state: SiteState, req: ApiRequest, services: Services, prepared: P): Outcome;
  /**
   * What dispatch resolves and the handler decides reads of the state only the objects from the
   * root down to the context and the state's members other than the UID index (nodes, nodeCount,
   * nextIntid); the write reads its draft. A write of a group commit decided on an earlier state
   * that holds those as the same objects (state/same-path.ts) is not decided again.
   */
  decidedOnPath?: true;
}

/** A route whose `prepare` payload is typed (`P`), for a family's route list. */
export const route = <P>(r: Route<P>): Route<P> => r;

/** A component of `@components`: listed as `{"@id"}`, embedded when named in `expand`. */
export interface Component {
  name: string;
  /** Whether the component is listed for this object (default: always). */
  present?: (state: SiteState, node: ContentNode, req?: ApiRequest) => boolean;
  /** URL of the component's link (default `<obj>/@<name>`). */
  link?: (objUrl: string, req: ApiRequest) => string;
  /** Full output, the same JSON as `GET <obj>/@<name>`. */
  expand: (state: SiteState, req: ApiRequest, services: Services) => unknown;
  /**
   * Declared when the output is a function of the state, the caller, the context, the site URL,
   * the response language and what this returns of the request (query values, the clock second it
   * reads): `@components` then expands it once per state for those (src/serialize/components.ts).
   */
  reads?: (req: ApiRequest) => string;
  /**
   * The query parameters the expansion reads (`expand.<name>.*`): they join the query schema of
   * the routes that embed components (`Route.expandsComponents`), so a wrong value is a 400 there too.
   */
  options?: import('zod').ZodObject;
}

/** The groups of the control-panel listing. */
export type PanelGroup = 'General' | 'Content' | 'Users' | 'Security' | 'Advanced' | 'Add-on Configuration';

export type PanelVerb = (state: SiteState, req: ApiRequest, rest: string[], services: Services) => Outcome;

/** A control panel that is not registry-backed: its family answers the verbs on `/@controlpanels/<id>[/...]`. */
export interface CustomPanel {
  id: string;
  title: string;
  group: PanelGroup;
  /** Strings the listing offers for searching, after the title and group. */
  searchable?: (state: SiteState) => string[];
  /** Permission needed beyond the service's own ("Plone Site Setup: Overview"). */
  permission?: string;
  /**
   * The JSON bodies the panel's verbs take, checked by dispatch's validation step before the
   * verb runs and shown in the OpenAPI document (added to @controlpanels when the route table is
   * combined: `Route.panelBodies`).
   */
  bodies?: PanelBody[];
  GET?: PanelVerb;
  POST?: PanelVerb;
  PATCH?: PanelVerb;
  DELETE?: PanelVerb;
}

/** A body a custom panel's verb takes at one depth below the panel. */
export interface PanelBody {
  method: 'POST' | 'PATCH';
  /** URL segments after the panel id: 0 the panel itself, 1 one of its items. */
  depth: number;
  /** How the OpenAPI document names the place (`{rule}`: one rule); empty for the panel itself. */
  name: string;
  schema: import('./schema.ts').RouteSchema;
  /** The schema checked instead, built from the state (the OpenAPI document shows `schema`). */
  forState?: (state: SiteState) => import('./schema.ts').RouteSchema;
  /** Checked only for callers with this permission (the others get the verb's 401, not a 400). */
  permission?: string;
}

/**
 * Runs in the reducer that created object `uid` from `body` (after its fields are set). The new
 * object is in the UID index then, written without drafts (state/nodes-write.ts): from there on the
 * index in `draft` is plain data, so a hook stores plain values (no draft) and changes other objects
 * only through nodes-write.ts (a copy of the node, then writeNodes), never by writing to a node it
 * read from the index: that node belongs to the published state.
 */
export type CreateHook = (draft: Draft<SiteState>, req: ApiRequest, uid: string, body: Record<string, unknown>) => void;
/** Runs in the reducer that installed (`installed`) or uninstalled an add-on. */
export type AddonHook = (draft: Draft<SiteState>, installed: boolean, ctx?: RequestContext) => void;
/** The objects a Collection lists as its items. */
export type CollectionResults = (state: SiteState, node: ContentNode, req: ApiRequest) => ContentNode[];

export interface FamilyHooks {
  /** After content creation. */
  create?: CreateHook;
  /** After an add-on (by id) is installed or uninstalled. */
  addons?: Record<string, AddonHook>;
  /** The results of a Collection (one family provides it). */
  collectionResults?: CollectionResults;
}

/** What an endpoint family (a folder of src/endpoints/) contributes to the server. */
export interface FamilyManifest {
  name: string;
  routes: Route[];
  components?: Component[];
  panels?: CustomPanel[];
  hooks?: FamilyHooks;
}

/** The families' contributions besides routes, combined once (src/endpoints/index.ts). */
export interface Extensions {
  /** By name, in name order (the order of `@components`). */
  components: ReadonlyMap<string, Component>;
  panels: ReadonlyMap<string, CustomPanel>;
  create: readonly CreateHook[];
  addons: ReadonlyMap<string, readonly AddonHook[]>;
  collectionResults: CollectionResults;
}

/** Stateful helpers that live outside the site state (I/O, caches). */
export interface Services {
  /** Components, custom panels and hooks of the endpoint families. */
  extensions: Extensions;
  blobs: import('../blobs/store.ts').BlobStore;
  /** Generated image scales (LRU by bytes). */
  scales: import('../stores/scale-cache.ts').ScaleCache;
  /** Credentials, login tokens, login throttling, outgoing mail. */
  auth: import('../auth/authenticate.ts').Authenticator;
  /** Indexes derived from the state, current with every commit (read-only for handlers). */
  catalog: import('../catalog/catalog.ts').Catalog;
  /** TUS uploads in progress (bytes received so far). */
  tus: import('../stores/tus-uploads.ts').TusStore;
  /** Recent commits (who, when, what), outside the state; absent: not recorded. */
  transactions?: import('../stores/transaction-log.ts').TransactionLog;
  /** Readable descriptions of commits (change stream, --trace, the explorer's change panel). */
  changes?: import('../changes/feed.ts').ChangeFeed;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): ApiResponse => ({ status, body, headers });
export const noContent = (): ApiResponse => ({ status: 204 });

export type ViewHandler = (state: SiteState, req: ApiRequest, services: Services) => ApiResponse | Promise<ApiResponse>;

/** The manifest of one endpoint family (a folder of src/endpoints/). */
export type RouteFamily = FamilyManifest;

export interface RouteTable {
  routes: Route[];
  /** The same routes by family, in the same order (the OpenAPI document's tags). */
  families?: RouteFamily[];
  /** The families' components, panels and hooks (given to handlers as `services.extensions`). */
  extensions: Extensions;
  views: Record<string, ViewHandler>;
  /** Last chance for a path that does not resolve (redirects of moved content). */
  unresolved?: (state: SiteState, url: ParsedUrl, method: string) => ApiResponse | undefined;
}
