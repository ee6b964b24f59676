// @principals, @roles, @userschema.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
const member = { user: 'pia', password: 'member-password-1' };

beforeAll(async () => {
  api = await connect();
  await api.post('/@users', { username: 'pia', password: member.password, fullname: 'Pia Principal', email: 'pia@example.com' });
  await api.post('/@groups', { groupname: 'piagroup', title: 'Pia Group' });
});

describe('GET @principals', () => {
  it('finds users and groups (summaries)', async () => {
    const r = await api.get('/@principals?search=pia');
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: { id: string }) => u.id)).toEqual(['pia']);
    expect(r.body.users[0].groups).toBeUndefined();
    expect(r.body.groups.map((g: { id: string }) => g.id)).toEqual(['piagroup']);
    expect(r.body.groups[0].members).toBeUndefined();
  });

  it('requires search (400) and Manage portal (401)', async () => {
    const r = await api.get('/@principals');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Required "search" parameter is missing.');
    expect((await api.get('/@principals?search=pia', { auth: member })).status).toBe(401);
    expect((await api.get('/@principals?search=pia', { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('GET @roles', () => {
  it('lists the roles that can be given, Owner excluded', async () => {
    const r = await api.get('/@roles');
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: string }) => x.id)).toEqual(['Contributor', 'Editor', 'Member', 'Reader', 'Reviewer', 'Site Administrator', 'Manager']);
    expect(r.body[0]).toEqual({ '@id': `${api.base}/@roles/Contributor`, '@type': 'role', id: 'Contributor', title: 'Contributor' });
  });

  it('is refused to a Member and to Anonymous (401)', async () => {
    expect((await api.get('/@roles', { auth: member })).status).toBe(401);
    expect((await api.get('/@roles', { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('GET @userschema', () => {
  it('describes the personal-information form', async () => {
    const r = await api.get('/@userschema', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.required).toEqual(['email']);
    expect(r.body.fieldsets[0].fields).toEqual(['fullname', 'email', 'home_page', 'description', 'location', 'portrait']);
  });

  it('describes the registration form and refuses other names (400)', async () => {
    const r = await api.get('/@userschema/registration', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    const fields = ['fullname', 'email', 'username', 'password', 'password_ctl', 'mail_me'];
    expect(r.body.fieldsets).toEqual([{ behavior: 'plone', fields, id: 'default', title: 'Default' }]);
    expect(Object.keys(r.body.properties)).toEqual(fields);
    expect(r.body.required).toEqual(['email', 'username', 'password', 'password_ctl']);
    expect(r.body.properties.password).toEqual({ description: 'Enter your new password.', factory: 'Password', title: 'Password', type: 'string', widget: 'password' });
    expect(r.body.properties.password_ctl).toMatchObject({ description: 'Re-enter the password. Make sure the passwords are identical.', title: 'Confirm password' });
    expect(r.body.properties.mail_me).toMatchObject({ default: false, title: 'Send a confirmation mail with a link to set the password', type: 'boolean' });
    // with email as login there is no user name; the password fields stay
    expect((await api.patch('/@controlpanels/security', { use_email_as_login: true })).status).toBe(204);
    const byMail = await api.get('/@userschema/registration', { auth: 'anonymous' });
    expect(byMail.body.fieldsets[0].fields).toEqual(['fullname', 'email', 'password', 'password_ctl', 'mail_me']);
    expect(byMail.body.required).toEqual(['email', 'password', 'password_ctl']);
    expect((await api.patch('/@controlpanels/security', { use_email_as_login: false })).status).toBe(204);
    const bad = await api.get('/@userschema/other');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { type: 'Invalid parameters', message: 'Parameters supplied are not valid.' } });
  });
});
