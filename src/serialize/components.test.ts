// Expanded components are remembered per state, caller and what they read: a write, another
// caller, another language, another site URL or query value gives its own answer.
import { describe, expect, it } from 'vitest';
import { BASE, testSite } from '../compose/test-site.ts';
import { callJson } from '../http/json-call.ts';
import { parseQuery } from '../domain/query.ts';
import type { ApiRequest } from '../http/types.ts';
import { expandedNames } from './components.ts';

const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');

describe('expanded components', () => {
  it('follow writes, callers, languages, site URLs and the query values they read', async () => {
    const { server, call } = await testSite();
    expect((await call('POST', '', { '@type': 'Folder', id: 'f', title: 'F' })).status).toBe(201);
    const get = async (url: string, headers: Record<string, string> = {}) => (await callJson(server.app, 'GET', url, undefined, { Authorization: ADMIN, ...headers })).body['@components'];
    const tabs = async () => (await get(`${BASE}/f?expand=navigation&n=${Math.random()}`)).navigation.items.map((i: { title: string }) => i.title);
    expect(await tabs()).toEqual(['Home', 'F']);
    expect((await call('POST', '', { '@type': 'Folder', id: 'g', title: 'G' })).status).toBe(201);
    expect(await tabs()).toEqual(['Home', 'F', 'G']);

    const page = `${BASE}/f?expand=actions,types,workflow,breadcrumbs`;
    const admin = await get(page);
    expect(admin.actions.user.map((a: { id: string }) => a.id)).toContain('logout');
    const anonymous = (await callJson(server.app, 'GET', `${BASE}?expand=actions`, undefined, {})).body['@components'];
    expect(anonymous.actions.user.map((a: { id: string }) => a.id)).toEqual(['login']);
    expect((await get(page, { 'Accept-Language': 'de' })).types.find((t: { id: string }) => t.id === 'Folder').title).toBe('Ordner');
    expect((await get(page)).types.find((t: { id: string }) => t.id === 'Folder').title).toBe('Folder');
    expect((await get(page.replace('http://localhost:8080', 'http://example.org'))).breadcrumbs.root).toBe('http://example.org/Plone');
    expect(Object.keys((await get(`${page}&categories=user`)).actions)).toEqual(['user']);
    const deep = await get(`${BASE}?expand=navigation&expand.navigation.depth=2`);
    expect(deep.navigation.items.length).toBe(3);
  });
});

describe('expandedNames', () => {
  const names = (search: string) => [...expandedNames({ query: parseQuery(search) } as ApiRequest)];
  it('names each comma-separated and repeated value, the same for the same value asked again', () => {
    expect(names('expand=breadcrumbs, navigation,,types')).toEqual(['breadcrumbs', 'navigation', 'types']);
    expect(names('expand=breadcrumbs, navigation,,types')).toEqual(['breadcrumbs', 'navigation', 'types']);
    expect(names('expand=actions')).toEqual(['actions']);
    expect(names('expand=actions&expand=types,workflow')).toEqual(['actions', 'types', 'workflow']);
    expect(names('expand=')).toEqual([]);
    expect(names('other=1')).toEqual([]);
  });
});
