// The `__ac` session cookie (supplement-2 3): set by @login for JSON logins, a signed ticket that
// authenticates later requests, ended by @logout; cookie-authenticated writes must send JSON
// (docs/security.md). Basic and Bearer are unaffected.
import { describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

// Against a server of one's own (SPEC_BASE_URL) these run when it was started with
// --preset acceptance and SPEC_PRESET=acceptance says so; in-process-only checks never do.
const runs = !process.env.SPEC_BASE_URL || process.env.SPEC_PRESET === 'acceptance';
const inProcess = !process.env.SPEC_BASE_URL;

async function login(api: Api, login: string, password: string, contentType = 'application/json') {
  return api.request('POST', '/@login', { auth: 'anonymous', raw: JSON.stringify({ login, password }), headers: { 'Content-Type': contentType } });
}

/** `__ac=<value>` of a Set-Cookie header. */
const cookieOf = (setCookie: string | null) => setCookie?.split(';')[0] ?? '';

describe.skipIf(!runs)('__ac session cookie', () => {
  it('@login sets it with Plone attributes; it authenticates later requests', async () => {
    const api = await connect({ preset: 'acceptance' });
    const res = await login(api, 'test-user', 'correct horse battery staple');
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__ac=[A-Za-z0-9%/]+; Path=\/; HttpOnly; SameSite=Lax$/);
    // the ticket: 32-byte digest, 8 hex digits of timestamp, the user id and "!"
    const ticket = Buffer.from(decodeURIComponent(cookieOf(setCookie).slice(5)), 'base64');
    expect(ticket.length).toBe(32 + 8 + 'test_user_1_!'.length);
    expect(ticket.subarray(32).toString()).toMatch(/^[0-9a-f]{8}test_user_1_!$/);
    const cookie = cookieOf(setCookie);
    const me = await api.get('/@users/test_user_1_', { auth: 'anonymous', headers: { Cookie: `other=1; ${cookie}` } });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('test-user');
    expect((await api.get('/@users/test_user_1_', { auth: 'anonymous' })).status).toBe(401);
  });

  it('is set for the Manager too, and only when the login is sent as exactly application/json', async () => {
    const api = await connect({ preset: 'acceptance' });
    const admin = await login(api, 'admin', 'secret');
    expect(admin.headers.get('set-cookie')).toMatch(/^__ac=/);
    const charset = await login(api, 'admin', 'secret', 'application/json; charset=utf-8');
    expect(charset.status).toBe(200);
    expect(charset.headers.get('set-cookie')).toBeNull();
    const wrong = await login(api, 'admin', 'wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it.skipIf(!inProcess)('a tampered or foreign ticket authenticates nobody', async () => {
    const api = await connect({ preset: 'acceptance' });
    const cookie = cookieOf((await login(api, 'test-user', 'correct horse battery staple')).headers.get('set-cookie'));
    const bytes = Buffer.from(decodeURIComponent(cookie.slice(5)), 'base64');
    const forged = Buffer.concat([bytes.subarray(0, 40), Buffer.from('admin!')]);
    const asAdmin = await api.get('/@users', { auth: 'anonymous', headers: { Cookie: `__ac=${encodeURIComponent(forged.toString('base64'))}` } });
    expect(asAdmin.status).toBe(401);
    const other = await connect({ preset: 'acceptance' }); // another server: another secret
    expect((await other.get('/@users/test_user_1_', { auth: 'anonymous', headers: { Cookie: cookie } })).status).toBe(401);
    expect((await api.get('/@users/test_user_1_', { auth: 'anonymous', headers: { Cookie: '__ac=%%%not-base64' } })).status).toBe(401);
  });

  it('@logout expires it', async () => {
    const api = await connect({ preset: 'acceptance' });
    const cookie = cookieOf((await login(api, 'admin', 'secret')).headers.get('set-cookie'));
    // posted without a body, as clients do (a forged logout only ends the session: no JSON needed)
    const out = await api.request('POST', '/@logout', { auth: 'anonymous', headers: { Cookie: cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('__ac=deleted; Path=/; Max-Age=0; Expires=Wed, 31 Dec 1997 23:59:59 GMT');
    const anonymous = await api.request('POST', '/@logout', { auth: 'anonymous', body: {} });
    expect(anonymous.headers.get('set-cookie')).toBeNull();
  });

  it('cookie-authenticated writes must send JSON; Basic and Bearer are unaffected', async () => {
    const api = await connect({ preset: 'acceptance' });
    const res = await login(api, 'admin', 'secret');
    const cookie = cookieOf(res.headers.get('set-cookie'));
    const json = await api.request('POST', '', { auth: 'anonymous', body: { '@type': 'Document', id: 'by-cookie', title: 'By cookie' }, headers: { Cookie: cookie } });
    expect(json.status).toBe(201);
    expect((await api.patch('/by-cookie', { title: 'Edited by cookie' }, { auth: 'anonymous', headers: { Cookie: cookie } })).status).toBe(204);

    const form = await api.request('POST', '', {
      auth: 'anonymous',
      raw: '@type=Document&id=by-form&title=By+form',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(403);
    expect(form.body.error.type).toBe('Forbidden');
    expect(form.body.error.message).toContain('Content-Type: application/json');
    const plain = await api.request('POST', '', { auth: 'anonymous', raw: JSON.stringify({ '@type': 'Document', id: 'by-text' }), headers: { Cookie: cookie, 'Content-Type': 'text/plain' } });
    expect(plain.status).toBe(403);
    const bare = await api.request('POST', '/by-cookie/@workflow/publish', { auth: 'anonymous', headers: { Cookie: cookie } });
    expect(bare.status).toBe(403);
    expect((await api.get('/by-cookie')).body.review_state).toBe('private');
    // PATCH/DELETE cannot be sent cross-site without a preflight: allowed without a body
    expect((await api.request('DELETE', '/by-cookie', { auth: 'anonymous', headers: { Cookie: cookie } })).status).toBe(204);
    // reads with the cookie are fine whatever they send
    expect((await api.get('/@users', { auth: 'anonymous', headers: { Cookie: cookie } })).status).toBe(200);

    // the same non-JSON write with an Authorization header is judged on its own (here: 400, not 403)
    const basic = await api.request('POST', '', { raw: 'x=1', headers: { Cookie: cookie, 'Content-Type': 'text/plain' } });
    expect(basic.status).not.toBe(403);
    const bearer = await api.request('POST', '', { auth: { bearer: res.body.token }, raw: 'x=1', headers: { 'Content-Type': 'text/plain' } });
    expect(bearer.status).not.toBe(403);
  });
});

describe.skipIf(!runs)('__ac session cookie and RobotRemote', () => {
  it('a cookie sent along with RobotRemote calls (text/xml) is fine', async () => {
    const api = await connect({ preset: 'acceptance' });
    const cookie = cookieOf((await login(api, 'admin', 'secret')).headers.get('set-cookie'));
    const call = (keyword: string) =>
      `<?xml version="1.0"?><methodCall><methodName>run_keyword</methodName><params><param><value><string>${keyword}</string></value></param><param><value><array><data><value><string>plone.app.robotframework.testing.PLONE_ROBOT_TESTING</string></value></data></array></value></param></params></methodCall>`;
    for (const keyword of ['remote_zodb_setup', 'remote_zodb_teardown']) {
      const res = await api.request('POST', '/RobotRemote', { auth: 'anonymous', raw: call(keyword), headers: { 'Content-Type': 'text/xml', Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.text).toContain('<string>PASS</string>');
    }
    const form = await api.request('POST', '/RobotRemote', { auth: 'anonymous', raw: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie } });
    expect(form.status).toBe(415); // not XML-RPC at all
  });
});
