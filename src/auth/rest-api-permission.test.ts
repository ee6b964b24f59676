// `cms.restapi: Use REST API` is granted to Anonymous by default; the site can take it away
// (registry record PERMISSION_ROLES_KEY) and then the API refuses, through the one permission
// check. Self-registration works the same way: it adds Anonymous to "Add portal member".
import { describe, expect, it } from 'vitest';
import { PERMISSION_ROLES_KEY, SECURITY_KEYS } from './settings.ts';
import { testSite } from '../compose/test-site.ts';

const PW = 'member-password-1';
const member = { user: 'max', password: PW };

describe('Use REST API', () => {
  it('taken from Anonymous: 401 "Missing ... permission" for Anonymous, members and Managers still in', async () => {
    const { server, call } = await testSite();
    expect((await call('POST', '/@users', { username: 'max', password: PW })).status).toBe(201);
    expect((await call('GET', '', undefined, 'anonymous')).status).toBe(200);
    server.store.commit((d) => {
      d.registry[PERMISSION_ROLES_KEY] = { 'cms.restapi: Use REST API': ['Authenticated'] };
    });
    const refused = await call('GET', '', undefined, 'anonymous');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ type: 'Unauthorized', message: "Missing 'cms.restapi: Use REST API' permission" });
    expect((await call('GET', '/@users/max', undefined, 'anonymous')).status).toBe(401);
    expect((await call('POST', '/@login', { login: 'max', password: PW }, 'anonymous')).status).toBe(200);
    expect((await call('GET', '', undefined, member)).status).toBe(200);
    server.store.commit((d) => {
      d.registry[PERMISSION_ROLES_KEY] = { 'cms.restapi: Use REST API': [] };
    });
    expect((await call('GET', '', undefined, member)).status).toBe(401);
    expect((await call('GET', '', undefined, 'admin')).status).toBe(200);
  });
});

describe('self-registration', () => {
  it('is refused while off, and lets Anonymous register (no roles, no password unless allowed) when on', async () => {
    const { server, call } = await testSite();
    const body = { username: 'selfie', email: 'selfie@example.com', fullname: 'Self Ie' };
    expect((await call('POST', '/@users', body, 'anonymous')).status).toBe(403);
    server.store.commit((d) => {
      d.registry[SECURITY_KEYS.selfRegistration] = true;
    });
    const withRoles = await call('POST', '/@users', { ...body, roles: ['Manager'] }, 'anonymous');
    expect(withRoles.status).toBe(400);
    expect(withRoles.body.error.errors.map((e: { field: string }) => e.field)).toContain('roles');
    const withPassword = await call('POST', '/@users', { ...body, password: PW }, 'anonymous');
    expect(withPassword.status).toBe(400);
    const ok = await call('POST', '/@users', body, 'anonymous');
    expect(ok.status).toBe(201);
    expect(ok.body.roles).toEqual(['Member']);
    // the reset mail carries the token that sets the password
    const mail = server.services.auth.outbox.messages.at(-1)!;
    expect(mail.to).toBe('selfie@example.com');
    const token = /passwordreset\/([^?]+)/.exec(mail.body)![1];
    expect(JSON.stringify(server.store.current)).not.toContain(token);
    const wrongUser = await call('POST', '/@users/admin/reset-password', { reset_token: token, new_password: 'chosen-password' }, 'anonymous');
    expect(wrongUser.status).toBe(404);
    const weak = await call('POST', '/@users/selfie/reset-password', { reset_token: token, new_password: 'short' }, 'anonymous');
    expect(weak.body.error.type).toBe('Invalid password');
    const set = await call('POST', '/@users/selfie@example.com/reset-password', { reset_token: token, new_password: 'chosen-password' }, 'anonymous');
    expect(set.status).toBe(200);
    expect((await call('POST', '/@login', { login: 'selfie', password: 'chosen-password' }, 'anonymous')).status).toBe(200);
    const reused = await call('POST', '/@users/selfie/reset-password', { reset_token: token, new_password: 'other-password' }, 'anonymous');
    expect(reused.body.error.type).toBe('Unknown Token');
  });

  it('with password choice: Anonymous sends a password; e-mail login: email is the login', async () => {
    const { server, call } = await testSite();
    server.store.commit((d) => {
      d.registry[SECURITY_KEYS.selfRegistration] = true;
      d.registry[SECURITY_KEYS.passwordChoice] = true;
      d.registry[SECURITY_KEYS.emailLogin] = true;
    });
    const refused = await call('POST', '/@users', { username: 'x', email: 'x@example.com', password: PW }, 'anonymous');
    expect(refused.status).toBe(400);
    const r = await call('POST', '/@users', { email: 'Ann.Smith@example.com', fullname: 'Ann Smith', password: PW }, 'anonymous');
    expect(r.status).toBe(201);
    expect(r.body.id).toBe('ann-smith');
    expect(r.body.username).toBe('Ann.Smith@example.com');
    expect((await call('POST', '/@login', { login: 'ann.smith@example.com', password: PW }, 'anonymous')).status).toBe(200);
  });

  it('reset tokens expire after 7 days (injected clock)', async () => {
    const { manualClock } = await import('../lib/clock.ts');
    const clock = manualClock();
    const { server, call } = await testSite({ clock });
    await call('POST', '/@users', { username: 'late', email: 'late@example.com', password: PW });
    expect((await call('POST', '/@users/late/reset-password', undefined, 'anonymous')).status).toBe(200);
    const token = /passwordreset\/([^?]+)/.exec(server.services.auth.outbox.messages.at(-1)!.body)![1];
    clock.advance(7 * 86400 + 1);
    const r = await call('POST', '/@users/late/reset-password', { reset_token: token, new_password: 'chosen-password' }, 'anonymous');
    expect(r.status).toBe(403);
    expect(r.body.error.type).toBe('Expired Token');
  });
});
