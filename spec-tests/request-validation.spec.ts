// Request validation, one test per route that declares a JSON body or checked query parameters,
// generated from the server's own OpenAPI document (GET /openapi.json): a body member or a query
// parameter of the wrong type answers 400 with one of the interface's error bodies and changes
// nothing the caller can see.
import { describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

type Json = Record<string, any>;

interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  query?: string;
}

/** Values that fit the path parameters of the demo site's routes (validation comes first anyway). */
const PATH_VALUES: Record<string, string> = { userid: 'editor', groupid: 'Reviewers', transition: 'publish', typename: 'Document', name: 'cms.app.vocabularies.ReviewStates' };

function fill(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
}

/** A value of another JSON type than the schema allows, or undefined when any value fits. */
const typesOf = (schema: Json): string[] => [schema.type ?? [], ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(typesOf)].flat();

function wrongValue(schema: Json): unknown {
  const types = new Set<string>(typesOf(schema));
  const some = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (!types.size || some.some((s: Json) => !typesOf(s).length)) return undefined;
  if (!types.has('string')) return 'not-of-this-type';
  if (!types.has('object')) return { wrong: 'type' };
  if (!types.has('array')) return ['wrong', 'type'];
  return undefined;
}

function bodyCase(schema: Json): unknown {
  if (schema.type !== 'object') return wrongValue(schema);
  for (const [name, member] of Object.entries<Json>(schema.properties ?? {})) {
    const wrong = wrongValue(member);
    if (wrong === undefined) continue;
    const base: Json = {};
    for (const required of schema.required ?? []) if (required !== name) base[required] = schema.properties[required]?.type === 'string' ? 'x' : {};
    return { ...base, [name]: wrong };
  }
  return ['not', 'an', 'object'];
}

/** Whether a query parameter's schema refuses some text: a pattern, an enum or a constant, in every branch. */
const refusesText = (s: Json): boolean => !!(s.pattern || s.enum || s.const !== undefined) || (Array.isArray(s.anyOf) && s.anyOf.every(refusesText));

function queryCase(parameters: Json[]): string | undefined {
  for (const p of parameters) {
    if (p.in !== 'query') continue;
    if (refusesText(p.schema as Json)) return `${encodeURIComponent(p.name)}=not%20valid%20here`;
  }
  return undefined;
}

/** Routes that declare a body or checked parameters, for which no wrong value could be made. */
const untested: string[] = [];

async function cases(api: Api): Promise<Case[]> {
  const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body as Json;
  const out: Case[] = [];
  const seen = new Set<string>();
  const declared = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (path.includes('{path}')) continue;
    for (const [method, op] of Object.entries<Json>(item)) {
      const route = op['x-cms-route'];
      const key = `${route.method} ${route.endpoint ?? 'content'}`;
      if (seen.has(key)) continue;
      const media = op.requestBody?.content?.['application/json'];
      const checked = media && !media['x-cms-unchecked'];
      const body = checked ? bodyCase(media.schema) : undefined;
      const query = queryCase(op.parameters ?? []);
      if (checked) declared.add(key);
      if (body === undefined && query === undefined) continue;
      seen.add(key);
      const at = fill(path === '/' ? '' : path);
      // a body and a query parameter are each tried on their own
      if (body !== undefined) out.push({ name: `${key} (body)`, method: method.toUpperCase(), path: at, body });
      if (query !== undefined) out.push({ name: `${key} (query)`, method: method.toUpperCase(), path: at, query });
    }
  }
  untested.push(...[...declared].filter((key) => !seen.has(key)).sort());
  return out;
}

/** Routes whose declared body takes any JSON value (so there is nothing of a wrong type to send). */
const UNTESTABLE: string[] = [];

const api = await connect({ fixture: 'demo' });
const all = await cases(api);

describe('request validation (generated from the OpenAPI document)', () => {
  it('covers every route that declares a JSON body or checked query parameters', () => {
    const names = all.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['POST content (body)', 'PATCH content (body)', 'GET content (query)', 'GET @relations (query)']));
    // bodies any JSON value fits: no wrong-typed value to send
    expect(untested).toEqual(UNTESTABLE);
  });

  it.each(all.map((c) => [c.name, c] as const))('%s: a wrong-typed body or parameter answers 400', async (_name, c) => {
    const before = await api.get('', { headers: { Accept: 'application/json' } });
    const path = c.query ? `${c.path}?${c.query}` : c.path;
    const r = await api.request(c.method, path, c.body !== undefined ? { body: c.body } : {});
    expect(r.status, `${c.method} ${path} ${JSON.stringify(c.body)} -> ${r.text}`).toBe(400);
    const message = r.body?.error?.message ?? r.body?.message;
    expect(typeof message, r.text).toBe('string');
    expect(message.length).toBeGreaterThan(0);
    const after = await api.get('', { headers: { Accept: 'application/json' } });
    expect(after.body.items_total).toBe(before.body.items_total);
  });

  // (Routes that check in the handler, such as a workflow transition, read the body first, as Plone's services do.)
  it('checks the route permission first: a caller without it gets 401 for a bad body, not 400', async () => {
    for (const [method, path] of [['PATCH', '/news'], ['POST', '/news/@lock'], ['POST', '/@groups'], ['PATCH', '/@registry']] as const) {
      const r = await api.request(method, path, { auth: 'anonymous', body: ['not', 'an', 'object'] });
      expect(r.status, `${method} ${path} -> ${r.text}`).toBe(401);
    }
  });
});


// The routes whose hand-written checks the schemas replaced: each refusal keeps the family's own
// error (type, shape, Plone's wording), and what the request would have changed is unchanged.
interface Refusal {
  method: string;
  path: string;
  body?: unknown;
  /** The answer's body, in part. */
  error: Json;
  /** What the request would have changed, read before and after. */
  state: string;
}

const ROLES = "Property 'Roles' must list role names among Contributor, Editor, Member, Reader, Reviewer, Site Administrator, Manager.";
const newUser = { username: 'schema-user', password: 'password-123', email: 'schema-user@example.com' };
const refusals: [string, Refusal][] = [
  ['POST @users: a profile member that is not text', { method: 'POST', path: '/@users', body: { ...newUser, fullname: 5 }, error: { error: { type: 'WrongParameterError', errors: [{ field: 'fullname', message: "Property 'fullname' must be a string." }] } }, state: '/@users' }],
  ['POST @users: roles that are no role names', { method: 'POST', path: '/@users', body: { ...newUser, roles: ['Member', 'Bogus'] }, error: { error: { type: 'WrongParameterError', message: `Error in fields. ${ROLES}`, errors: [{ field: 'roles', message: ROLES }] } }, state: '/@users' }],
  ['POST @users: roles that are not a list', { method: 'POST', path: '/@users', body: { ...newUser, roles: 'Manager' }, error: { error: { errors: [{ field: 'roles', message: ROLES }] } }, state: '/@users' }],
  ['PATCH @users: a profile member that is not text', { method: 'PATCH', path: '/@users/editor', body: { fullname: 7 }, error: { error: { type: 'BadRequest', message: "Field 'fullname' must be a string." } }, state: '/@users/editor' }],
  ['PATCH @users: roles not mapped to booleans', { method: 'PATCH', path: '/@users/editor', body: { roles: ['Manager'] }, error: { error: { type: 'BadRequest', message: 'Roles must map role names to true or false.' } }, state: '/@users/editor' }],
  ['POST @groups: an unknown role', { method: 'POST', path: '/@groups', body: { groupname: 'schema-group', roles: ['Bogus'] }, error: { type: 'BadRequest', message: 'Unknown role: Bogus' }, state: '/@groups' }],
  ['POST @groups: roles that are not a list', { method: 'POST', path: '/@groups', body: { groupname: 'schema-group', roles: 'Manager' }, error: { type: 'BadRequest', message: "Property 'roles' must be a list of role names." }, state: '/@groups' }],
  ['POST @groups: member ids that are not text', { method: 'POST', path: '/@groups', body: { groupname: 'schema-group', users: ['editor', 1] }, error: { type: 'BadRequest', message: "Property 'users' must be a list of ids." }, state: '/@groups' }],
  ['POST @groups: a group name that is not text', { method: 'POST', path: '/@groups', body: { groupname: 12 }, error: { type: 'BadRequest', message: 'The group name you entered is not valid.' }, state: '/@groups' }],
  ['PATCH @groups: users not mapped to booleans', { method: 'PATCH', path: '/@groups/Reviewers', body: { title: 'Changed', users: { editor: 'yes' } }, error: { type: 'BadRequest', message: "Property 'users' must be an object of user ids to booleans." }, state: '/@groups/Reviewers' }],
  ['PATCH @groups: a title that is not text', { method: 'PATCH', path: '/@groups/Reviewers', body: { title: ['x'] }, error: { type: 'BadRequest', message: "Property 'title' must be a string." }, state: '/@groups/Reviewers' }],
  ['POST @lock: stealable that is no boolean', { method: 'POST', path: '/news/@lock', body: { stealable: 'maybe' }, error: { type: 'BadRequest', message: "Could not parse value 'maybe' as boolean" }, state: '/news/@lock' }],
  ['POST @lock: a timeout that is no positive integer', { method: 'POST', path: '/news/@lock', body: { timeout: -5 }, error: { type: 'BadRequest', message: 'Invalid timeout: -5' }, state: '/news/@lock' }],
  ['POST @lock: a timeout text that is no number', { method: 'POST', path: '/news/@lock', body: { timeout: 'soon' }, error: { type: 'BadRequest', message: 'Invalid timeout: soon' }, state: '/news/@lock' }],
  ['POST @workflow: include_children that is no boolean', { method: 'POST', path: '/news/@workflow/retract', body: { include_children: 'maybe' }, error: { error: { type: 'BadRequest', message: "Could not parse value 'maybe' as boolean" } }, state: '/news/@workflow' }],
  ['PATCH @registry: a body that is no object', { method: 'PATCH', path: '/@registry', body: ['plone.site_title'], error: { type: 'BadRequest', message: 'Malformed body' }, state: '/@registry/plone.site_title' }],
  ['PATCH @controlpanels: a body that is no object', { method: 'PATCH', path: '/@controlpanels/site', body: 'text', error: { type: 'BadRequest', message: 'Malformed body' }, state: '/@controlpanels/site' }],
  // members the handlers need: required by the schemas, refused in Plone's words
  ['POST @types: a field without its kind', { method: 'POST', path: '/@types/Document', body: { title: 'Subtitle' }, error: { type: 'BadRequest', message: "Missing parameter: 'factory'" }, state: '/@types/Document' }],
  ['POST @types: an empty kind', { method: 'POST', path: '/@types/Document', body: { factory: '', title: 'Subtitle' }, error: { type: 'BadRequest', message: "Missing parameter: 'factory'" }, state: '/@types/Document' }],
  ['POST @relations: no items', { method: 'POST', path: '/@relations', error: { type: 'BadRequest', message: "Property 'items' is required" }, state: '/@relations?relation=relatedItems' }],
  ['DELETE @relations: nothing named', { method: 'DELETE', path: '/@relations', body: {}, error: { type: 'BadRequest', message: 'Either items or at least one of source, target and relation is required' }, state: '/@relations?relation=relatedItems' }],
  ['POST @comments: a blank text', { method: 'POST', path: '/news/@comments', body: { text: '  ' }, error: { type: 'BadRequest', message: "{'errors': [RequiredMissing('text')]}" }, state: '/news/@comments' }],
  ['POST @email-notification: no message', { method: 'POST', path: '/@email-notification', body: { from: 'jane@example.org' }, error: { type: 'BadRequest', message: 'Missing from or message parameters' }, state: '/@registry/plone.site_title' }],
  ['POST @email-send: a blank recipient', { method: 'POST', path: '/@email-send', body: { to: ' ', from: 'jane@example.org', message: 'Hi' }, error: { error: { type: 'BadRequest', message: 'Missing "to", "from" or "message" parameters' } }, state: '/@registry/plone.site_title' }],
  ['POST @querystring-search: b_size that is no integer', { method: 'POST', path: '/@querystring-search', body: { query: [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }], b_size: 'ten' }, error: { type: 'BadRequest', message: "Body member 'b_size': expected an integer" }, state: '/@registry/plone.site_title' }],
];

describe('request validation: the families\' own refusals, made by the route schemas', () => {
  it.each(refusals)('%s', async (_name, c) => {
    const before = await api.get(c.state);
    const r = await api.request(c.method, c.path, { body: c.body });
    expect(r.status, r.text).toBe(400);
    expect(r.body).toMatchObject(c.error);
    const after = await api.get(c.state);
    expect(after.status).toBe(before.status);
    expect(after.body).toEqual(before.body);
  });
});

// Path parameters: segments after the endpoint that fit none of the route's forms get the route's
// own refusal (the 404 or the 400 Plone answers), before the body is read.
const badPaths: [string, string, number, Json | null][] = [
  ['GET', '/@users/editor/more', 404, { type: 'NotFound' }],
  ['POST', '/@users/editor', 404, { type: 'NotFound' }],
  ['GET', '/@groups/Reviewers/more', 404, null],
  ['POST', '/@types', 400, { type: 'BadRequest', message: 'Missing parameter typename' }],
  ['DELETE', '/@types/Document', 400, { type: 'BadRequest', message: 'Missing parameter fieldname' }],
  ['PATCH', '/@types/Document/title/more', 400, { type: 'BadRequest', message: 'Too many parameters' }],
  ['GET', '/@registry/plone.site_title/more', 400, { type: 'BadRequest', message: 'Too many parameters' }],
  ['GET', '/@userschema/other', 400, { error: { type: 'Invalid parameters', message: 'Parameters supplied are not valid.' } }],
  ['GET', '/news/@sources', 400, { error: { type: 'Bad Request', message: 'Must supply exactly one path parameter (fieldname)' } }],
  ['GET', '/@sources/subjects', 404, { type: 'NotFound' }], // not on the site root
  ['GET', '/@history', 404, { type: 'NotFound' }],
  ['PATCH', '/news/@comments', 400, { type: 'BadRequest', message: 'Comment id is a required part of the url' }],
  ['GET', '/news/@comments/a/b', 404, { type: 'NotFound' }],
  ['POST', '/news/@workflow', 400, { error: { type: 'BadRequest', message: 'Missing transition' } }],
  ['PATCH', '/@controlpanels', 400, { type: 'BadRequest', message: 'Missing parameter controlpanelname' }],
  ['POST', '/@relations/other', 404, { type: 'NotFound' }],
];

describe('request validation: path parameters', () => {
  it.each(badPaths)('%s %s answers %i', async (method, path, status, error) => {
    const r = await api.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(r.status, r.text).toBe(status);
    if (error === null) expect(r.body).toBeNull();
    else expect(r.body).toMatchObject(error);
  });

  it('takes what the forms allow', async () => {
    expect((await api.get('/@userschema/registration')).status).toBe(200);
    expect((await api.get('/@registry/plone.site_title')).status).toBe(200);
    expect((await api.get('/@vocabularies/cms.app.vocabularies.WorkflowStates/ignored')).status).toBe(200);
    expect((await api.get('/news/@history')).status).toBe(200);
  });
});

// Content rules: the bodies of a condition or an action, per element type.
describe('request validation: content-rule conditions and actions', () => {
  it('checks the members of the element type the body names, and leaves an unknown type to the panel', async () => {
    const panel = '/@controlpanels/content-rules';
    const made = await api.post(panel, { title: 'Schema rule', event: 'Object added to this container' });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as Json).id as string;
    const before = await api.get(`${panel}/${id}`);
    const wrong = await api.post(`${panel}/${id}/condition`, { type: 'plone.conditions.Role', role_names: 'Manager' });
    expect(wrong.status, wrong.text).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('role_names');
    const missing = await api.post(`${panel}/${id}/action`, { type: 'plone.actions.Mail', subject: 'Hi' });
    expect(missing.status, missing.text).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Required input is missing.');
    const unknown = await api.post(`${panel}/${id}/condition`, { type: 'plone.conditions.Nope', role_names: 5 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Invalid condition type');
    expect((await api.get(`${panel}/${id}`)).body).toEqual(before.body);
    expect((await api.post(`${panel}/${id}/condition`, { type: 'plone.conditions.Role', role_names: ['Manager'] })).status).toBe(201);
    const change = await api.patch(`${panel}/${id}/condition/0`, { role_names: [1] });
    expect(change.status, change.text).toBe(400);
    expect((await api.post(`${panel}/nope/condition`, { type: 'plone.conditions.Role', role_names: 'x' })).status).toBe(404); // the rule first
  });
});

// Query parameters: a wrong type answers 400 (Zope's BadRequest, raised: {type, message}); the
// forms Plone accepts keep working (digits with spaces, a sign, repeated list parameters).
const badParameters: [string, string][] = [
  ['/@search?b_size=abc', "Query parameter 'b_size': expected an integer"],
  ['/@search?b_start=1.5', "Query parameter 'b_start': expected an integer"],
  ['/@search?sort_limit=few', "Query parameter 'sort_limit': expected an integer"],
  ['/news?b_size=many', "Query parameter 'b_size': expected an integer"],
  ['/@registry?b_start=next', "Query parameter 'b_start': expected an integer"],
  ['/@vocabularies/cms.app.vocabularies.WorkflowStates?b_size=all', "Query parameter 'b_size': expected an integer"],
  ['/@aliases?b_size=x', "Query parameter 'b_size': expected an integer"],
  ['/news/@comments?b_start=x', "Query parameter 'b_start': expected an integer"],
  ['/@navigation?expand.navigation.depth=deep', "Query parameter 'expand.navigation.depth': expected an integer"],
  ['/@contextnavigation?expand.contextnavigation.bottomLevel=low', "Query parameter 'expand.contextnavigation.bottomLevel': expected an integer"],
  ['/@users?limit=lots', "Query parameter 'limit': expected an integer"],
  // the components' options on the content GET that embeds them (expand=)
  ['/news?expand=navigation&expand.navigation.depth=deep', "Query parameter 'expand.navigation.depth': expected an integer"],
  ['/?expand.navigation.depth=1.5', "Query parameter 'expand.navigation.depth': expected an integer"],
  ['/news?expand=contextnavigation&expand.contextnavigation.topLevel=top', "Query parameter 'expand.contextnavigation.topLevel': expected an integer"],
  ['/news?expand=contextnavigation&expand.contextnavigation.includeTop=maybe', "Could not parse value 'maybe' as boolean"],
  ['/news?expand=inherit&expand.inherit.behaviors=a&expand.inherit.behaviors=b&expand.navigation.depth=x', "Query parameter 'expand.navigation.depth': expected an integer"],
  ['/@groups?query=Rev&limit=lots', "Query parameter 'limit': expected an integer"],
  ['/@querystring-search?b_size=x', "Query parameter 'b_size': expected an integer"],
  ['/@search?b_size=1&b_size=2', "Query parameter 'b_size': Invalid input: expected string, received array"],
];

const goodParameters = [
  '/@search?b_size=2&b_start=0',
  '/@search?b_size=%202%20',
  '/@search?b_size=',
  '/@search?sort_on=portal_type&sort_on=sortable_title&sort_order=descending',
  '/@search?metadata_fields=UID&metadata_fields=Creator&fullobjects',
  '/@search?b_size:int=2',
  '/news?b_size=1&b_start=0&metadata_fields=_all',
  '/@vocabularies/cms.app.vocabularies.WorkflowStates?b_size=-1',
  '/@navigation?expand.navigation.depth=3',
  '/@users?limit=2',
  '/news?expand=navigation,breadcrumbs&expand.navigation.depth=%203%20',
  '/news?expand=navigation&expand=actions&expand.navigation.depth=',
  '/news?expand=contextnavigation&expand.contextnavigation.includeTop=&expand.contextnavigation.bottomLevel=0&expand.contextnavigation.no_icons=true',
  '/news?expand=inherit&expand.inherit.behaviors=cms.dublincore&expand.inherit.behaviors=cms.navigation',
  '/news?expand=translations',
];

describe('request validation: query parameters', () => {
  it.each(badParameters)('%s answers 400', async (path, message) => {
    const r = await api.get(path);
    expect(r.status, r.text).toBe(400);
    expect(r.body).toMatchObject({ type: 'BadRequest', message });
  });

  it.each(goodParameters)('%s answers 200', async (path) => {
    const r = await api.get(path);
    expect(r.status, r.text).toBe(200);
  });

  it('embeds the components with the options it checked', async () => {
    const deep = await api.get('/?expand=navigation&expand.navigation.depth=2');
    const flat = await api.get('/?expand=navigation&expand.navigation.depth=1');
    const nested = (r: { body: Json }) => (r.body['@components'].navigation.items as Json[]).some((i) => Array.isArray(i.items) && i.items.length > 0);
    expect(nested(deep)).toBe(true);
    expect(nested(flat)).toBe(false);
  });

  it('documents the components\' options on the content GET', async () => {
    const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body as Json;
    const get = Object.entries(doc.paths as Record<string, Json>).find(([path, ops]) => !path.includes('@') && ops.get)?.[1].get;
    const names = (get.parameters as Json[]).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['expand', 'expand.navigation.depth', 'expand.contextnavigation.bottomLevel', 'expand.inherit.behaviors']));
  });

  it('batches by a b_size given as digits (with spaces) as by a number', async () => {
    const spaced = await api.get('/@search?sort_on=path&b_size=%202%20');
    const plain = await api.get('/@search?sort_on=path&b_size=2');
    expect(spaced.body.items.map((i: Json) => i['@id'])).toEqual(plain.body.items.map((i: Json) => i['@id']));
    expect(plain.body.items).toHaveLength(2);
  });

  it('lists the checked parameters in the OpenAPI document', async () => {
    const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body as Json;
    const names = (path: string, method: string) => (doc.paths[path][method].parameters as Json[]).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('/@search', 'get')).toEqual(expect.arrayContaining(['b_start', 'b_size', 'sort_on', 'sort_order', 'sort_limit', 'fullobjects', 'metadata_fields']));
    const bSize = (doc.paths['/@search'].get.parameters as Json[]).find((p) => p.name === 'b_size');
    expect(bSize?.schema).toMatchObject({ type: 'string', pattern: expect.any(String) });
  });
});
