// @ids that name the request (listings and their batching links) are built from the actual request,
// as Plone builds them from ACTUAL_URL: the query string stays (minus batching and sorting in the
// top-level @id) and so does `++api++` when the client used it. @ids of objects never carry `++api++`.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
let apiBase: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const u = new URL(api.base);
  apiBase = `${u.origin}${u.pathname.replace(/\/$/, '')}/++api++`;
  for (const n of [1, 2, 3]) {
    const r = await api.post(box, { '@type': 'Document', id: `page-${n}`, title: `Page ${n}` });
    expect(r.status).toBe(201);
  }
  const c = await api.post(box, {
    '@type': 'Collection',
    id: 'pages',
    title: 'Pages',
    query: [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }],
  });
  expect(c.status).toBe(201);
  expect(c.body['@id']).toBe(`${api.base}${box}/pages`); // a create answers the new object's URL
});

describe('listing @ids keep the query string and ++api++', () => {
  it('@search: @id without batching and sorting, batching links with everything', async () => {
    const r = await api.get(`${apiBase}${box}/@search?portal_type=Document&sort_on=id&b_size=2`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${apiBase}${box}/@search?portal_type=Document`);
    expect(r.body.batching['@id']).toBe(`${apiBase}${box}/@search?portal_type=Document&sort_on=id&b_size=2`);
    expect(r.body.batching.next).toBe(`${apiBase}${box}/@search?b_start=2&portal_type=Document&sort_on=id&b_size=2`);
    // the objects listed keep their plain URLs
    expect(r.body.items[0]['@id']).toBe(`${api.base}${box}/page-1`);
  });

  it('@vocabularies/<name>: the title filter stays in @id', async () => {
    const r = await api.get(`${apiBase}/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes?title=doc`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${apiBase}/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes?title=doc`);
  });

  it('@registry?q=: @id and batching keep the filter', async () => {
    const r = await api.get(`${apiBase}/@registry?q=plone.site&b_size=1`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${apiBase}/@registry?q=plone.site`);
    expect(r.body.items_total).toBeGreaterThan(1);
    expect(r.body.batching.next).toBe(`${apiBase}/@registry?b_start=1&q=plone.site&b_size=1`);
    const plain = await api.get('/@registry?q=plone.site_title');
    expect(plain.body['@id']).toBe(`${api.base}/@registry?q=plone.site_title`);
  });

  it('@querystring-search: @id is the request URL', async () => {
    const r = await api.post(`${apiBase}${box}/@querystring-search`, {
      query: [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }],
    });
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${apiBase}${box}/@querystring-search`);
    expect(r.body.items_total).toBe(3);
  });

  it('@aliases?q=: @id keeps the filter on the endpoint, not in the expanded component', async () => {
    expect((await api.post('/@aliases', { items: [{ path: `${box}/old-page`, 'redirect-to': `${box}/page-1` }] })).status).toBe(204);
    const r = await api.get(`${apiBase}/@aliases?q=${encodeURIComponent(`${box}/old`)}`);
    expect(r.status).toBe(201); // seed: GET @aliases answers 201
    expect(r.body['@id']).toBe(`${apiBase}/@aliases?q=${encodeURIComponent(`${box}/old`)}`);
    expect(r.body.items.map((i: { path: string }) => i.path)).toEqual([`${box}/old-page`]);
    // batched, the links are under `links` (not `batching`) and keep the filter
    const paged = await api.get(`${apiBase}/@aliases?q=${encodeURIComponent(box)}&b_size=1`, {});
    expect((await api.post('/@aliases', { items: [{ path: `${box}/older-page`, 'redirect-to': `${box}/page-1` }] })).status).toBe(204);
    const twoPages = await api.get(`${apiBase}/@aliases?q=${encodeURIComponent(box)}&b_size=1`);
    expect(paged.body.links).toBeUndefined();
    expect(twoPages.body.batching).toBeUndefined();
    expect(twoPages.body.links.next).toBe(`${apiBase}/@aliases?b_start=1&q=${encodeURIComponent(box)}&b_size=1`);
    const expanded = await api.get(`${apiBase}${box}/page-1?expand=aliases`);
    expect(expanded.body['@components'].aliases['@id']).toBe(`${api.base}${box}/page-1/@aliases`);
  });

  it('a Collection read at its own URL names the request; its items keep plain URLs', async () => {
    const r = await api.get(`${apiBase}${box}/pages?metadata_fields=UID&b_size=1`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${apiBase}${box}/pages?metadata_fields=UID`);
    expect(r.body.batching.last).toBe(`${apiBase}${box}/pages?b_start=2&metadata_fields=UID&b_size=1`);
    expect(r.body.parent['@id']).toBe(`${api.base}${box}`);
    const full = await api.get(`${apiBase}${box}/pages?fullobjects=1`);
    expect(full.body['@id']).toBe(`${api.base}${box}/pages`);
  });

  it('a user’s groups listing is the request URL; the user @id is plain', async () => {
    const r = await api.get(`${apiBase}/@users/admin`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@users/admin`);
    expect(r.body.groups['@id']).toBe(`${apiBase}/@users/admin`);
  });

  it('object @ids stay without ++api++ in every endpoint answer', async () => {
    const crumbs = await api.get(`${apiBase}${box}/page-1/@breadcrumbs`);
    expect(crumbs.body['@id']).toBe(`${api.base}${box}/page-1/@breadcrumbs`);
    const wf = await api.get(`${apiBase}${box}/page-1/@workflow`);
    expect(wf.body.transitions[0]['@id']).toMatch(new RegExp(`^${api.base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${box}/page-1/@workflow/`));
  });
});
