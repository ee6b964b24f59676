// How requests reach objects: ++api++, Zope virtual hosting, double slashes, query forms.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api } from './client.ts';

let api: Api;
let box: string;
let origin: string;
let sitePath: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const u = new URL(api.base);
  origin = u.origin;
  sitePath = u.pathname.replace(/\/$/, '');
  const r = await api.post(box, { '@type': 'Document', id: 'doc', title: 'Doc' });
  expect(r.status).toBe(201);
});

describe('++api++', () => {
  it('serves content below ++api++ with @id URLs without it', async () => {
    const r = await api.get(`${origin}${sitePath}/++api++${box}/doc`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/doc`);
  });

  it('answers JSON below ++api++ whatever the Accept header', async () => {
    const r = await api.get(`${origin}${sitePath}/++api++${box}/doc`, { headers: { Accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
  });

  it('redirects a doubled ++api++ and refuses a separated one', async () => {
    const twice = await api.get(`${origin}${sitePath}/++api++/++api++${box}/doc`);
    expect(twice.status).toBe(302);
    expect(twice.headers.get('location')).toBe(`${origin}${sitePath}/++api++${box}/doc`);
    const apart = await api.get(`${origin}${sitePath}/++api++${box}/++api++/doc`);
    expect(apart.status).toBe(404);
  });
});

describe('virtual hosting', () => {
  it('uses the public URL the request describes', async () => {
    const url = `${origin}/VirtualHostBase/https/www.example.org:443${sitePath}/++api++/VirtualHostRoot${box}/doc`;
    const r = await api.get(url);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`https://www.example.org${box}/doc`);
    expect(r.body.parent['@id']).toBe(`https://www.example.org${box}`);
  });

  it('keeps _vh_ segments and non-default ports', async () => {
    const url = `${origin}/VirtualHostBase/http/cms.example.org:8443${sitePath}/VirtualHostRoot/_vh_site${box}/doc`;
    const r = await api.get(url);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`http://cms.example.org:8443/site${box}/doc`);
  });

  it('answers 404 in the public form for unknown objects', async () => {
    const url = `${origin}/VirtualHostBase/https/www.example.org:443${sitePath}/++api++/VirtualHostRoot/nothing-here`;
    const r = await api.get(url);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Resource not found: https://www.example.org/nothing-here');
  });
});

describe('tolerance', () => {
  it('accepts double slashes in paths', async () => {
    const r = await api.get(`${origin}${sitePath}//${box.slice(1)}//doc`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/doc`);
  });

  it('accepts expand:list= like expand=', async () => {
    const r = await api.get(`${box}/doc?expand:list=breadcrumbs&expand:list=navroot`);
    expect(r.status).toBe(200);
    expect(r.body['@components'].breadcrumbs.items).toBeDefined();
    expect(r.body['@components'].navroot.navroot).toBeDefined();
  });
});

describe('repeated reads', () => {
  it('see every change at once, also for anonymous callers', async () => {
    const r = await api.post(box, { '@type': 'Document', id: 'seen', title: 'First' });
    expect(r.status).toBe(201);
    expect((await api.get(`${box}/seen`, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get(`${box}/seen`, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.post(`${box}/seen/@workflow/publish`)).status).toBe(200);
    expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
    const after = await api.get(`${box}/seen`, { auth: 'anonymous' });
    expect(after.status).toBe(200);
    expect(after.body.title).toBe('First');
    expect((await api.patch(`${box}/seen`, { title: 'Second' })).status).toBe(204);
    expect((await api.get(`${box}/seen`, { auth: 'anonymous' })).body.title).toBe('Second');
  });

  it('HEAD answers like GET without a body', async () => {
    const r = await api.request('HEAD', `${box}/doc`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
  });
});

describe('repeated reads with credentials', () => {
  it('follow password changes and never accept a wrong password', async () => {
    const name = uniqueId('reader');
    const first = 'first-password-1';
    const second = 'second-password-2';
    expect((await api.post('/@users', { username: name, password: first, email: `${name}@example.org`, roles: ['Manager'] })).status).toBe(201);
    expect((await api.post(box, { '@type': 'Document', id: 'private-page', title: 'Private' })).status).toBe(201);
    const as = (password: string) => api.get(`${box}/private-page`, { auth: { user: name, password } });
    expect((await as(first)).status).toBe(200);
    expect((await as(first)).status).toBe(200);
    expect((await as('wrong-password')).status).toBe(401);
    expect((await api.patch(`/@users/${name}`, { password: second })).status).toBe(204);
    expect((await as(first)).status).toBe(401);
    expect((await as(second)).status).toBe(200);
  });
});
