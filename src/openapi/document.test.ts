// The OpenAPI document against the route table it is made from, and against the OpenAPI 3.1 schema.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { FAMILIES, routeTable } from '../endpoints/index.ts';
import { openApiDocument, operationKey, type RouteRef } from './document.ts';
import { FAMILY_DOCS, PATH_PARAMETERS } from './families.ts';
import { formParams } from '../http/route-path.ts';
import { OPERATION_DOCS } from './operations/index.ts';

const table = routeTable();
const doc = openApiDocument(table, { siteUrl: 'http://localhost:8080/Plone', title: 'Plone site', version: '1.2.3' }) as any;
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has an operation for every route of the table, and no other', () => {
    const fromTable = [
      ...FAMILIES.flatMap((f) => f.routes.map((r) => ({ method: r.method, endpoint: r.endpoint, on: r.on, permission: r.permission, family: f.name }))),
      ...Object.keys(table.views).map((v) => ({ method: 'GET', endpoint: v, on: 'view', permission: 'View', family: 'files' })),
    ];
    const key = (r: { method: string; endpoint: string | null }) => operationKey(r.method, r.endpoint);
    const fromDocument = new Map<string, RouteRef>();
    for (const { method, op } of operations) {
      const ref = op['x-cms-route'] as RouteRef;
      expect(ref.method.toLowerCase()).toBe(method);
      expect(op.tags).toEqual([ref.family]);
      fromDocument.set(key(ref), ref);
    }
    expect(new Set(fromDocument.keys())).toEqual(new Set(fromTable.map(key)));
    for (const route of fromTable) expect(fromDocument.get(key(route))).toEqual(route);
    expect(fromTable).toHaveLength(table.routes.length + Object.keys(table.views).length);
  });

  it('gives content routes a site-root form and an object form, and site routes only the first', () => {
    const forms = (method: string, endpoint: string) => operations.filter((o) => o.op['x-cms-route'].endpoint === endpoint && o.method === method).map((o) => o.path);
    expect(forms('get', '@breadcrumbs')).toEqual(['/@breadcrumbs', '/{path}/@breadcrumbs']);
    expect(forms('get', '@users')).toEqual(['/@users', '/@users/{userid}']);
    expect(forms('get', '@history')).toEqual(['/{path}/@history', '/{path}/@history/{version}']); // not on the site root
    expect(forms('post', '@workflow')).toEqual(['/@workflow/{transition}', '/{path}/@workflow/{transition}']);
    const object = operations.filter((o) => o.op['x-cms-route'].endpoint === null && o.method === 'get').map((o) => o.path);
    expect(object).toEqual(['/', '/{path}']);
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080/Plone', description: 'This site' }]);
  });

  it('declares every path parameter of a route once, as a parameter of its path templates', () => {
    for (const route of table.routes) {
      const what = operationKey(route.method, route.endpoint);
      const forms = route.path?.forms ?? [''];
      const named = new Set(forms.flatMap(formParams));
      // every {param} of a template is declared, and every declared parameter is in a template
      expect(new Set(Object.keys(route.path?.params ?? {})), what).toEqual(named);
      for (const form of forms) expect(new Set(formParams(form)).size, `${what} ${form}`).toBe(formParams(form).length);
      for (const { path, op } of operations.filter((o) => o.op['x-cms-route'].method === route.method && o.op['x-cms-route'].endpoint === route.endpoint)) {
        const inPath = op.parameters.filter((p: any) => p.in === 'path');
        expect(inPath.map((p: any) => p.name), `${what} ${path}`).toEqual(formParams(path));
        for (const p of inPath) expect(p, `${what} ${path} ${p.name}`).toMatchObject({ required: true, description: expect.any(String), schema: expect.any(Object) });
      }
    }
    // the documentation of operations says nothing of routes' paths (views keep theirs)
    for (const [key, d] of Object.entries(OPERATION_DOCS)) if (!key.startsWith('GET @@')) expect(d.paths, key).toBeUndefined();
    const form = doc.paths['/@userschema/{form}'].get.parameters.find((p: any) => p.name === 'form');
    expect(form.schema).toMatchObject({ const: 'registration' });
    expect(doc.paths['/@types/{type}/{name}'].delete.parameters.map((p: any) => p.name)).toEqual(['type', 'name']);
  });

  it('says which permission each operation checks', () => {
    const op = doc.paths['/{path}/@lock'].post;
    expect(op.description).toContain('Permission: `Modify portal content`');
    expect(doc.paths['/@login'].post.description).toContain('Open to anyone');
    expect(doc.paths['/@login'].post.security).toEqual([{}]);
    expect(doc.paths['/@registry'].patch.description).toContain('site root only');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['basic', 'bearer', 'cookie']);
    expect(doc.components.securitySchemes.cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: '__ac' });
  });

  it('documents every operation, every path parameter and every family, with unique operation ids', () => {
    const keys = new Set([...table.routes.map((r) => operationKey(r.method, r.endpoint)), ...Object.keys(table.views).map((v) => operationKey('GET', v))]);
    expect(Object.keys(OPERATION_DOCS).filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !(k in OPERATION_DOCS))).toEqual([]);
    for (const { path, op } of operations) {
      if (op['x-cms-route'].on !== 'view') continue;
      for (const name of formParams(path)) expect(PATH_PARAMETERS, name).toHaveProperty(name);
    }
    expect(doc.tags.map((t: any) => t.name)).toEqual([...FAMILIES.map((f) => f.name), 'files']);
    for (const tag of doc.tags) expect(FAMILY_DOCS, tag.name).toHaveProperty(tag.name);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives writes an example body', () => {
    expect(doc.paths['/'].post.requestBody.content['application/json'].example).toMatchObject({ '@type': 'Document' });
    expect(doc.paths['/@login'].post.requestBody.content['application/json'].example).toEqual({ login: 'admin', password: 'admin' });
    expect(doc.paths['/@tus-upload/{upload_id}'].patch.requestBody.content).toHaveProperty('application/offset+octet-stream');
  });

  it('derives bodies, answers and checked parameters from the route schemas', () => {
    const create = doc.paths['/{path}'].post;
    const body = create.requestBody.content['application/json'];
    expect(create.requestBody.required).toBe(true);
    expect(body.schema).toMatchObject({ type: 'object', required: ['@type'], properties: { '@type': { type: 'string', minLength: 1 } } });
    expect(body['x-cms-unchecked']).toBeUndefined();
    expect(create.responses['201'].content['application/json'].schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['@id', '@type', 'id']) });
    expect(doc.paths['/{path}'].delete.responses['204']).toEqual({ description: 'Done, no body.' });
    const includeItems = doc.paths['/{path}'].get.parameters.find((p: any) => p.name === 'include_items');
    expect(includeItems).toMatchObject({ in: 'query', schema: { type: 'string', pattern: expect.stringContaining('yes') } });
  });

  it('lists the query parameters the handlers read', () => {
    const names = (path: string, method = 'get') => doc.paths[path][method].parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(names('/@relations')).toEqual(expect.arrayContaining(['relation', 'source', 'target', 'onlyBroken', 'query_source', 'query_target', 'max']));
    expect(names('/@aliases')).toEqual(expect.arrayContaining(['q', 'query', 'start', 'end', 'manual', 'b_start', 'b_size']));
    expect(names('/@actions')).toContain('categories');
    expect(names('/@addons')).toContain('upgradeable');
    expect(names('/@users')).toEqual(['query', 'search', 'groups-filter:list', 'limit']); // once each
    expect(names('/@groups')).toEqual(expect.arrayContaining(['query', 'limit']));
    expect(names('/@linkintegrity')).toContain('uids');
    expect(names('/{path}/@sharing')).toContain('search');
    expect(names('/{path}/@translation-locator')).toContain('target_language');
  });

  it('has every route declare its answers, and every write that takes a JSON body declare it', () => {
    const key = (r: { method: string; endpoint: string | null }) => operationKey(r.method, r.endpoint);
    // Binary answers (the portrait image) are declared as files.
    expect(table.routes.filter((r) => !r.schema?.responses && !r.schema?.files).map(key)).toEqual([]);
    expect(doc.paths['/@portrait/{userid}'].get.responses['200'].content['image/*'].schema).toEqual({ type: 'string', format: 'binary' });
    // These take no body (Plone ignores one).
    const bodiless = ['DELETE content', 'POST @workingcopy', 'DELETE @workingcopy', 'DELETE @types', 'POST @login-renew', 'POST @logout', 'DELETE @groups', 'POST @addons', 'POST @content-rules', 'DELETE @comments', 'DELETE @controlpanels'];
    const writes = table.routes.filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && !r.rawBody);
    expect(writes.filter((r) => !r.schema?.body).map(key).sort()).toEqual([...bodiless].sort());
    for (const { op } of operations) expect(op.requestBody?.content?.['application/json']?.['x-cms-unchecked'], op.operationId).toBeUndefined();
  });
});
