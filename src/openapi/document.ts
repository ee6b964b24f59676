// The OpenAPI 3.1 document of the interface, a pure function of the route table: one operation
// per route and path form, tagged with the route's family, with the permission it checks.
//
// Paths are relative to the site root (the server entry is the site's URL). A route that applies
// to any content object has two forms: `/@name` on the site root and `/{path}/@name` on an object,
// where `{path}` stands for the object's path below the site root, slashes included
// (`news/first-news`): clients put it in the URL as it is, not escaped. A route of the site root
// has the first form only. The object itself is `/` and `/{path}`; the binary views are
// `/{path}/@@name/...`. Each operation names its route in `x-cms-route`.
import type { Route } from '../http/types.ts';
import type { RouteTable } from '../http/dispatch.ts';
import { FAMILY_DOCS, PATH_PARAMETERS } from './families.ts';
import { OPERATION_DOCS } from './operations/index.ts';
import type { OperationDoc, QueryDoc } from './types.ts';
import type { RouteSchema, SchemaVariant } from '../http/schema.ts';
import { jsonSchema, queryProperties } from './json-schema.ts';
import { operationKey } from './keys.ts';
import { exampleFor, loadExamples, type Examples } from './examples.ts';
import { errorBody } from '../serialize/shapes.ts';
import { formParams, type RoutePath } from '../http/route-path.ts';
import { own } from '../lib/records.ts';

export interface DocumentInfo {
  /** Public URL of the site root: the server of every path. */
  siteUrl: string;
  title: string;
  version: string;
}

/** What `x-cms-route` says of the route behind an operation. */
export interface RouteRef {
  method: string;
  endpoint: string | null;
  on: 'site' | 'folderish' | 'content' | 'item' | 'view';
  permission: string | null;
  family: string;
}

type Json = Record<string, unknown>;

export { operationKey };

const USE_API = 'cms.restapi: Use REST API';

function permissionText(route: Pick<Route, 'permission' | 'public'> & { on: RouteRef['on'] }): string {
  const where =
    route.on === 'site'
      ? 'Answers on the site root only.'
      : route.on === 'folderish'
        ? 'Answers on folderish objects (folders) and on the site root; 404 on other items.'
        : route.on === 'item'
          ? 'Answers on content objects below the site root; 404 on the site root.'
          : 'Answers on any content object and on the site root.';
  if (route.public) return `${where} Open to anyone (no \`${USE_API}\` check).`;
  if (!route.permission) return `${where} Permission: \`${USE_API}\` (further checks in the handler).`;
  return `${where} Permission: \`${route.permission}\` on the object (and \`${USE_API}\`).`;
}

/** What the route does with segments after those of its forms. */
const moreText = (path: RoutePath | undefined): string | undefined =>
  path?.more === 'ignored' ? 'Segments after those of the path are not looked at.' : path?.more === 'panel' ? "Further segments are the custom panel's own (a content rule's conditions and actions)." : undefined;

const schemaOf = (q: QueryDoc): Json => (q.repeat ? { type: 'array', items: { type: q.type ?? 'string' } } : { type: q.type ?? 'string' });

function parameters(path: string, doc: OperationDoc, schema: RouteSchema | undefined, declared: RoutePath | undefined): Json[] {
  const out: Json[] = [];
  for (const name of formParams(path)) {
    const param = name === 'path' ? undefined : declared ? own(declared.params, name) : undefined;
    const description = param?.description ?? PATH_PARAMETERS[name] ?? name;
    const values = param?.schema ? jsonSchema(param.schema) : { type: 'string' };
    out.push({ name, in: 'path', required: true, description, schema: values, ...(name === 'path' ? { 'x-cms-any-path': true } : {}) });
  }
  const checked = queryProperties(schema?.query);
  for (const q of doc.query ?? []) {
    // `groups-filter:list` is checked as `groups-filter`: the query parser strips Zope's converters
    const key = q.name.replace(/:(?:list|int|boolean|record|records)$/, '');
    const member = checked.get(key);
    checked.delete(key);
    out.push({ name: q.name, in: 'query', required: false, description: q.description, schema: member ?? schemaOf(q), ...(q.repeat ? { style: 'form', explode: true } : {}), ...(q.example !== undefined ? { example: q.example } : {}) });
  }
  for (const [name, member] of checked) out.push({ name, in: 'query', required: false, ...(typeof member.description === 'string' ? { description: member.description } : {}), schema: member });
  for (const h of doc.headers ?? []) out.push({ name: h.name, in: 'header', required: false, description: h.description, schema: { type: 'string' } });
  return out;
}

const defaultStatus = (method: string) => (method === 'PATCH' || method === 'DELETE' ? 204 : 200);

function requestBody(method: string, doc: OperationDoc, raw: boolean, declared: RouteSchema | undefined, params = 0): Json | undefined {
  // the body as the handler finally needs it, where it judges the rest itself (RouteSchema.later)
  const schema = declared?.later ? { ...declared, body: declared.later.body } : declared;
  if (raw) return { required: false, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  const writes = method === 'POST' || method === 'PATCH' || method === 'PUT';
  if (!writes && doc.body === undefined && !schema?.body) return undefined;
  const example = doc.body !== undefined ? { example: doc.body } : {};
  // A route with a schema but no body takes none; a route without a schema says its body is unchecked.
  if (schema && !schema.body) return undefined;
  if (!schema?.body) return { required: false, content: { 'application/json': { schema: { type: 'object' }, ...example, 'x-cms-unchecked': true } } };
  return { required: !schema.body.safeParse(undefined).success, content: { 'application/json': { schema: bodySchema(schema, params), ...example } } };
}

/**
 * The body's JSON Schema; with variants (chosen by the URL after the endpoint: a custom control
 * panel, a field of a type), one of them, each titled by what it is for, `x-cms-applies-to` naming
 * the URL parameters.
 */
function bodySchema(schema: RouteSchema, params: number): Json {
  const shown = (v: SchemaVariant) => v.schema.later?.body ?? v.schema.body;
  const variants = (schema.variants ?? []).filter((v) => shown(v) && v.params === params);
  if (!variants.length) return jsonSchema(schema.body!);
  return {
    oneOf: variants.map((v) => {
      const body = jsonSchema(shown(v)!);
      return { ...body, title: typeof body.title === 'string' ? `${v.name}: ${body.title}` : v.name, 'x-cms-applies-to': v.name };
    }),
  };
}

/**
 * The answers of an operation: those its route declares, or the documented status; errors always.
 * `example`: an answer recorded from the demo site (examples.ts), shown under its status.
 */
function responses(method: string, doc: OperationDoc, schema: RouteSchema | undefined, example?: { status: number; body: unknown }): Json {
  const out: Json = {};
  const declared = Object.entries(schema?.responses ?? {});
  for (const [status, types] of Object.entries(schema?.files ?? {})) {
    out[status] = { description: 'The bytes of the file.', content: Object.fromEntries((types ?? []).map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) };
  }
  if (!declared.length && !schema?.files) {
    const status = doc.status ?? defaultStatus(method);
    out[String(status)] = status === 204 ? { description: 'Done, no body.' } : { description: 'Success.', content: { 'application/json': { schema: {} } } };
  }
  for (const [status, body] of declared) {
    if (!body) continue;
    const shown = example && String(example.status) === status ? { example: example.body } : {};
    out[status] = body.safeParse(undefined).success ? { description: 'Done, no body.' } : { description: 'Success.', content: { 'application/json': { schema: jsonSchema(body), ...shown } } };
  }
  out.default = { $ref: '#/components/responses/Error' };
  return out;
}

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[{}@]/g, '').replace(/[^A-Za-z0-9]+/g, '_'))
    .filter(Boolean);
  return [method.toLowerCase(), ...(words.length ? words : ['root'])].join('_');
}

interface Entry {
  method: string;
  endpoint: string | null;
  on: RouteRef['on'];
  permission: string | null;
  public?: boolean;
  rawBody?: boolean;
  schema?: RouteSchema;
  path?: RoutePath;
  family: string;
}

/** The routes of the table with their family, in table order; the views last. */
function entries(table: RouteTable): Entry[] {
  const families = table.families ?? [{ name: 'content', routes: table.routes }];
  const out: Entry[] = [];
  for (const family of families) {
    for (const r of family.routes) out.push({ method: r.method, endpoint: r.endpoint, on: r.on, permission: r.permission, public: r.public, rawBody: r.rawBody, schema: r.schema, path: r.path, family: family.name });
  }
  for (const view of Object.keys(table.views)) out.push({ method: 'GET', endpoint: view, on: 'view', permission: 'View', family: 'files' });
  return out;
}

/**
 * The path forms of a route: the site root's and, for content routes, an object's; each with the
 * forms of the URL after the endpoint the route declares (a view's, from its documentation).
 */
function pathsOf(e: Entry, doc: OperationDoc): string[] {
  const bases = e.on === 'site' ? [''] : e.on === 'view' || e.on === 'item' ? ['/{path}'] : ['', '/{path}'];
  const out: string[] = [];
  for (const base of bases) {
    for (const suffix of (e.on === 'view' ? doc.paths : e.path?.forms) ?? ['']) out.push(e.endpoint ? `${base}/${e.endpoint}${suffix}` : `${base}${suffix}` || '/');
  }
  return out;
}

/** The document; `examples`: recorded answers (default: those of examples.json). */
export function openApiDocument(table: RouteTable, info: DocumentInfo, examples: Examples = loadExamples()): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags: string[] = [];
  for (const e of entries(table)) {
    if (!tags.includes(e.family)) tags.push(e.family);
    const doc: OperationDoc = OPERATION_DOCS[operationKey(e.method, e.endpoint)] ?? { summary: `${e.method} ${e.endpoint ?? 'the object'}` };
    const ref: RouteRef = { method: e.method, endpoint: e.endpoint, on: e.on, permission: e.permission, family: e.family };
    const recorded = examples[operationKey(e.method, e.endpoint)];
    const example = recorded ? { status: recorded.status, body: exampleFor(examples, operationKey(e.method, e.endpoint), info.siteUrl) } : undefined;
    for (const path of pathsOf(e, doc)) {
      const afterEndpoint = e.endpoint ? (path.split(`/${e.endpoint}`)[1] ?? '').split('/').filter(Boolean).length : 0;
      const body = requestBody(e.method, doc, !!e.rawBody, e.schema, afterEndpoint);
      const operation: Json = {
        tags: [e.family],
        summary: doc.summary,
        description: [doc.description, permissionText(e), moreText(e.path)].filter(Boolean).join('\n\n'),
        operationId: operationId(e.method, path),
        parameters: parameters(path, doc, e.schema, e.path),
        ...(body ? { requestBody: body } : {}),
        responses: responses(e.method, doc, e.schema, path.includes('{path}') ? undefined : example),
        ...(e.public ? { security: [{}] } : {}),
        'x-cms-route': ref,
      };
      (paths[path] ??= {})[e.method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${info.title} (cms-oracle)`,
      version: info.version,
      description:
        'The JSON REST interface of a content-management site (the Plone REST API), as served by cms-oracle. ' +
        'Paths are relative to the site root. `{path}` is the path of a content object below it, slashes included; ' +
        'each operation on an object also has a form on the site root without it.',
    },
    servers: [{ url: info.siteUrl, description: 'This site' }],
    tags: tags.map((name) => ({ name, description: FAMILY_DOCS[name]?.description ?? name })),
    paths,
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: 'User name and password.' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from POST @login.' },
        cookie: { type: 'apiKey', in: 'cookie', name: '__ac', description: 'The session cookie POST @login sets.' },
      },
      responses: {
        Error: {
          description: 'An error: a JSON body with `type` and `message` (endpoint errors nest them under `error`).',
          content: { 'application/json': { schema: jsonSchema(errorBody) } },
        },
      },
    },
    security: [{}, { basic: [] }, { bearer: [] }, { cookie: [] }],
  };
}
