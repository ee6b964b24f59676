// The pages for people around the site: the landing page at the server root, the OpenAPI document
// (/openapi.json and <site>/++api++/openapi.json) and the explorer's files under /++explorer++/.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

const root = (api: Api) => new URL(api.base).origin;
const html = { Accept: 'text/html,application/xhtml+xml' };

describe('landing page', () => {
  it('names the site, links to the explorer and the OpenAPI document, and lists the documented accounts', async () => {
    const api = await connect({ fixture: 'demo' });
    const r = await api.get(`${root(api)}/`, { auth: 'anonymous', headers: html });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.text).toContain(`<a href="${api.base}">`);
    expect(r.text).toContain('href="/++explorer++/"');
    expect(r.text).toContain('href="/openapi.json"');
    expect(r.text).toContain(`${api.base}/++dev++/changes`);
    // The demo fixture documents its accounts: editor/editor, reviewer/reviewer; admin/admin is the default.
    expect(r.text).toMatch(/<code>editor<\/code><\/td>\s*<td>[^<]*Editor[^<]*<\/td>\s*<td><code>editor<\/code>/);
    expect(r.text).toMatch(/<code>admin<\/code><\/td>\s*<td>Manager<\/td>\s*<td><code>admin<\/code>/);
    expect(r.text).not.toContain('scrypt$');
  });

  it('gives the same facts as JSON, without password hashes', async () => {
    const api = await connect({ fixture: 'demo' });
    const r = await api.get(`${root(api)}/`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.sites).toEqual([{ '@id': api.base, title: 'Harbour Town', objects: expect.any(Number), fixture: 'demo' }]);
    expect(r.body.sites[0].objects).toBeGreaterThan(5);
    expect(r.body.explorer).toBe(`${root(api)}/++explorer++/`);
    expect(r.body.openapi).toBe(`${root(api)}/openapi.json`);
    expect(r.body.changes).toBe(`${api.base}/++dev++/changes`);
    const accounts = new Map((r.body.accounts as any[]).map((a) => [a.login, a]));
    expect(accounts.get('admin')).toEqual({ login: 'admin', id: 'admin', roles: ['Manager'], groups: [], password: 'admin' });
    expect(accounts.get('editor')).toMatchObject({ id: 'editor', password: 'editor' });
    expect(r.text).not.toMatch(/scrypt|passwordHash/);
  });

  it('shows the password of the acceptance test user, whose id differs from its login', async () => {
    const api = await connect({ preset: 'acceptance' });
    const r = await api.get(`${root(api)}/`, { auth: 'anonymous' });
    expect(r.body.sites[0]).toMatchObject({ '@id': api.base, fixture: 'acceptance' });
    expect(r.body.accounts).toEqual([
      { login: 'admin', id: 'admin', roles: ['Manager'], groups: [], password: 'secret' },
      { login: 'test-user', id: 'test_user_1_', roles: ['Member'], groups: [], password: 'correct horse battery staple' },
    ]);
  });

  it('works with every bundled fixture', async () => {
    for (const fixture of ['minimal', 'multilingual']) {
      const api = await connect({ fixture });
      const r = await api.get(`${root(api)}/`, { auth: 'anonymous' });
      expect(r.status, fixture).toBe(200);
      expect(r.body.sites[0], fixture).toMatchObject({ '@id': api.base, fixture });
      const config = await api.get(`${root(api)}/++explorer++/config.json`, { auth: 'anonymous' });
      expect(config.body.accounts[0], fixture).toEqual({ login: 'admin', id: 'admin', roles: ['Manager'], groups: [], password: 'admin' });
      expect((await api.get(`${api.base}/++api++/openapi.json`, { auth: 'anonymous' })).body.servers[0].url, fixture).toBe(api.base);
    }
  });

  it('escapes what comes from the site state', async () => {
    const api = await connect();
    const title = '<script>alert(1)</script>"&';
    expect((await api.patch('', { title })).status).toBe(204);
    const r = await api.get(`${root(api)}/`, { auth: 'anonymous', headers: html });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('<script>alert(1)');
    expect(r.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;');
  });

  it('answers GET, HEAD and OPTIONS; other methods 405 with Allow', async () => {
    const api = await connect();
    const r = await api.post(`${root(api)}/`, {}, { auth: 'anonymous' });
    expect(r.status).toBe(405);
    expect(r.body.error.type).toBe('MethodNotAllowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    for (const path of ['/', '/openapi.json', '/++explorer++/', '/++explorer++/explorer.js', '/++explorer++/swagger-ui/swagger-ui-bundle.js']) {
      const get = await api.get(root(api) + path, { auth: 'anonymous', headers: html });
      const head = await api.request('HEAD', root(api) + path, { auth: 'anonymous', headers: html });
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe('');
      expect(get.text.length, path).toBeGreaterThan(100);
      for (const name of ['content-type', 'etag', 'cache-control', 'content-security-policy']) expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
      const options = await api.request('OPTIONS', root(api) + path, { auth: 'anonymous' });
      expect(options.status, path).toBe(200);
      expect(options.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(options.text, path).toBe('');
    }
  });
});

describe('OpenAPI document', () => {
  it('is served at the server root and under the site root, with this site as its server', async () => {
    const api = await connect();
    for (const url of [`${root(api)}/openapi.json`, `${api.base}/++api++/openapi.json`]) {
      const r = await api.get(url, { auth: 'anonymous' });
      expect(r.status, url).toBe(200);
      expect(r.body.openapi).toBe('3.1.0');
      expect(r.body.servers).toEqual([{ url: api.base, description: 'This site' }]);
      expect(r.body.paths['/{path}/@lock'].post.tags).toEqual(['lock']);
      expect(Object.keys(r.body.components.securitySchemes)).toEqual(['basic', 'bearer', 'cookie']);
    }
  });

  it('follows the site path of the acceptance preset', async () => {
    const api = await connect({ preset: 'acceptance' });
    const r = await api.get(`${api.base}/++api++/openapi.json`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.servers[0].url).toBe(api.base);
    expect(api.base).toMatch(/\/plone$/);
  });
});

describe('explorer files', () => {
  it('serves the explorer page and its scripts from the package, and Swagger UI from node_modules', async () => {
    const api = await connect();
    const base = `${root(api)}/++explorer++`;
    const redirect = await api.get(base, { auth: 'anonymous', headers: html });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/++explorer++/');
    const page = await api.get(`${base}/`, { auth: 'anonymous', headers: html });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(page.text).toContain('<script src="swagger-ui/swagger-ui-bundle.js">');
    const bundle = await api.get(`${base}/swagger-ui/swagger-ui-bundle.js`, { auth: 'anonymous' });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.text).toContain('SwaggerUIBundle');
    const script = await api.get(`${base}/explorer.js`, { auth: 'anonymous' });
    expect(script.status).toBe(200);
    expect(script.text).toContain('SwaggerUIBundle(');
  });

  it('sends Swagger UI compressed to clients that accept it, with an ETag per encoding', async () => {
    const api = await connect();
    const url = `${root(api)}/++explorer++/swagger-ui/swagger-ui-bundle.js`;
    const plain = await api.get(url, { auth: 'anonymous', headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    if (api.remote) return; // a network client may decode the body itself
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0.5, gzip', 'gzip'], ['*', 'br'], ['br;q=0, gzip;q=0', null]] as const) {
      const r = await api.get(url, { auth: 'anonymous', headers: { 'Accept-Encoding': accept } });
      expect(r.status, accept).toBe(200);
      expect(r.headers.get('content-encoding'), accept).toBe(encoding);
      expect(r.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(r.headers.get('content-type'), accept).toBe('text/javascript; charset=utf-8');
      if (!encoding) {
        expect(r.headers.get('etag')).toBe(etag);
        continue;
      }
      expect(r.bytes.length, accept).toBeLessThan(plain.bytes.length / 3);
      expect(Buffer.from(decoders[encoding](r.bytes)).equals(Buffer.from(plain.bytes)), accept).toBe(true);
      expect(r.headers.get('etag'), accept).toBe(`${etag.slice(0, -1)}-${encoding}"`);
      // the same encoding again: the same bytes; a conditional GET with its ETag: 304 without a body
      expect(Buffer.from((await api.get(url, { auth: 'anonymous', headers: { 'Accept-Encoding': accept } })).bytes).equals(Buffer.from(r.bytes))).toBe(true);
      const again = await api.get(url, { auth: 'anonymous', headers: { 'Accept-Encoding': accept, 'If-None-Match': r.headers.get('etag')! } });
      expect(again.status, accept).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(r.headers.get('etag'));
    }
    // an ETag of another encoding does not match
    expect((await api.get(url, { auth: 'anonymous', headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } })).status).toBe(200);
  });

  it('tells the page the site, the accounts and the change stream', async () => {
    const api = await connect();
    const r = await api.get(`${root(api)}/++explorer++/config.json`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ siteUrl: api.base, openapi: `${root(api)}/openapi.json` });
    expect(r.body.changes).toEqual({ stream: `${api.base}/++dev++/changes`, askHeader: 'X-CMS-Oracle-Changes', changeHeader: 'X-CMS-Oracle-Change', openToAuthenticated: false });
  });

  it('serves no other file', async () => {
    const api = await connect();
    const base = `${root(api)}/++explorer++`;
    for (const path of ['/swagger-ui/index.html', '/swagger-ui/package.json', '/../package.json', '/%2e%2e/package.json', '/swagger-ui/..%2fpackage.json', '/nothing.js', '/config.json/x']) {
      const r = await api.get(base + path, { auth: 'anonymous' });
      expect(r.status, path).toBe(404);
      expect(r.body.error?.type ?? r.body.type, path).toBe('NotFound');
      expect(r.text, path).not.toContain('"name"');
    }
  });
});
