// The values serializers keep for many answers (kept.ts): an object's links-only @components (per
// object URL and present components, for reads only) and rich text as shown (per stored text and filter
// settings). A write that changes what they are made of is seen by the next answer: a move of the
// object or of its parent, an edit of the text, a change of the filter settings.
import { describe, expect, it } from 'vitest';
import { BASE, testSite } from '../compose/test-site.ts';
import { parseQuery } from '../domain/query.ts';
import type { ApiRequest } from '../http/types.ts';
import { getNode } from '../state/nodes.ts';
import { traverse } from '../state/select.ts';
import { answerText } from '../http/answer-text.ts';
import { components } from './components.ts';
import { isKept } from './kept.ts';
import { fieldsOf } from '../types/schema.ts';
import { readField } from './fields.ts';
import { own } from '../lib/records.ts';

const html = (data: string) => ({ data, 'content-type': 'text/html', encoding: 'utf-8' });

describe('links-only @components', () => {
  it('are one kept record per object URL, and follow a move of the object or its parent at once', async () => {
    const { server, call } = await testSite();
    for (const id of ['f', 'g']) expect((await call('POST', '', { '@type': 'Folder', id, title: id })).status).toBe(201);
    expect((await call('POST', '/f', { '@type': 'Document', id: 'd', title: 'D' })).status).toBe(201);
    const links = async (path: string) => (await call('GET', `${path}?n=${Math.random()}`)).body['@components'];
    expect((await links('/f/d')).actions).toEqual({ '@id': `${BASE}/f/d/@actions` });
    expect((await links('/f/d')).workflow).toEqual({ '@id': `${BASE}/f/d/@workflow` });

    // the same record for two requests of the object on one state: kept, frozen
    const state = server.store.current;
    const node = traverse(state, ['f', 'd'])!;
    const req = (search: string, method = 'GET') => ({ method, url: { siteUrl: BASE }, query: parseQuery(search), context: node, header: () => undefined, principal: { id: null, roles: ['Anonymous'], groups: [] } }) as unknown as ApiRequest;
    const first = components(state, node, req('n=1'), server.services);
    expect(components(state, node, req('n=2'), server.services)).toBe(first);
    expect(isKept(first) && Object.isFrozen(first) && Object.isFrozen(first.actions)).toBe(true);
    expect(components(state, node, req('expand=actions'), server.services)).not.toBe(first); // an expansion: made for the request
    // a write's answer (answered once): the same links in the same order, made for it and not kept
    const written = components(state, node, req('', 'POST'), server.services);
    expect(isKept(written) || Object.isFrozen(written)).toBe(false);
    expect(JSON.stringify(written)).toBe(JSON.stringify(first));
    expect(Object.keys(written).length).toBeGreaterThan(5);
    const body = { '@components': first, id: 'd', text: 'x'.repeat(10) };
    expect(answerText(body)).toBe(JSON.stringify(body));

    // moved: the object's new URL at once
    expect((await call('POST', '/g/@move', { source: `${BASE}/f/d` })).status).toBe(200);
    expect((await links('/g/d')).actions).toEqual({ '@id': `${BASE}/g/d/@actions` });
    // its parent moved (the object itself unchanged): the new URL too
    expect((await call('POST', '/f/@move', { source: `${BASE}/g` })).status).toBe(200);
    expect((await links('/f/g/d')).actions).toEqual({ '@id': `${BASE}/f/g/d/@actions` });
    expect((await links('/f/g/d')).breadcrumbs).toEqual({ '@id': `${BASE}/f/g/d/@breadcrumbs` });
  });
});

describe('rich text as shown', () => {
  it('is kept per stored text and filter settings: an edit or a settings change is seen at once', async () => {
    const { server, call } = await testSite();
    expect((await call('POST', '', { '@type': 'Document', id: 'd', title: 'D', text: html('<p>one</p><script>x()</script>') })).status).toBe(201);
    const shown = async () => (await call('GET', `/d?n=${Math.random()}`)).body.text.data;
    expect(await shown()).toBe('<p>one</p>');

    const state = server.store.current;
    const node = getNode(state, traverse(state, ['d'])!.uid)!;
    const field = fieldsOf(own(state.types, 'Document')!).find((f) => f.name === 'text')!;
    const read = () => readField(state, node, field, {} as ApiRequest, `${BASE}/d`);
    expect(read()).toBe(read());
    expect(Object.isFrozen(read())).toBe(true);

    expect((await call('PATCH', '/d', { text: html('<p>two</p><script>y()</script>') })).status).toBe(204);
    expect(await shown()).toBe('<p>two</p>');
    expect((await call('PATCH', '/@registry', { 'plone.disable_filtering': true })).status).toBe(204);
    expect(await shown()).toBe('<p>two</p><script>y()</script>');
    expect((await call('PATCH', '/@registry', { 'plone.disable_filtering': false })).status).toBe(204);
    expect(await shown()).toBe('<p>two</p>');
    // the answer with the kept text is byte for byte what JSON.stringify makes of it
    const res = await call('GET', '/d');
    expect(res.text).toBe(JSON.stringify(res.body));
  });
});
