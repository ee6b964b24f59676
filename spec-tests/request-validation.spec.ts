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

function queryCase(parameters: Json[]): string | undefined {
  for (const p of parameters) {
    if (p.in !== 'query') continue;
    const s = p.schema as Json;
    if (s.pattern || s.enum) return `${encodeURIComponent(p.name)}=not%20valid%20here`;
  }
  return undefined;
}

async function cases(api: Api): Promise<Case[]> {
  const doc = (await api.get(`${new URL(api.base).origin}/openapi.json`)).body as Json;
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (path.includes('{path}')) continue;
    for (const [method, op] of Object.entries<Json>(item)) {
      const route = op['x-cms-route'];
      const key = `${route.method} ${route.endpoint ?? 'content'}`;
      if (seen.has(key)) continue;
      const media = op.requestBody?.content?.['application/json'];
      const body = media && !media['x-cms-unchecked'] ? bodyCase(media.schema) : undefined;
      const query = queryCase(op.parameters ?? []);
      if (body === undefined && query === undefined) continue;
      seen.add(key);
      out.push({ name: key, method: method.toUpperCase(), path: fill(path === '/' ? '' : path), ...(body !== undefined ? { body } : { query }) });
    }
  }
  return out;
}

const api = await connect({ fixture: 'demo' });
const all = await cases(api);

describe('request validation (generated from the OpenAPI document)', () => {
  it('covers the converted routes', () => {
    const names = all.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['POST content', 'PATCH content', 'GET content']));
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

