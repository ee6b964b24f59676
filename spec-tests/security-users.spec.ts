// Privilege escalation through user and group changes (issue 9 item 1): the CSV import applies,
// row by row, exactly the checks of the JSON paths; a group that carries Manager — itself or
// through a group enclosing it — is changed by Managers only, on every path. A refused request
// changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api, type Auth } from './client.ts';

let api: Api;
const siteAdmin = { user: 'esc-sa', password: 'esc-sa-password' };

function csvUpload(api: Api, csv: string, auth: Auth) {
  const boundary = 'csv-boundary-42';
  const raw = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return api.request('POST', '/@users', { raw, auth, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
}

const members = async (group: string) => (await api.get(`/@groups/${group}`)).body.members.items as string[];
const exists = async (user: string) => (await api.get(`/@users/${user}`)).status === 200;
const rolesOf = async (user: string) => (await api.get(`/@users/${user}`)).body.roles as string[];

beforeAll(async () => {
  api = await connect();
  const r = await api.post('/@users', { username: siteAdmin.user, password: siteAdmin.password, email: 'esc-sa@example.com', roles: ['Site Administrator'] });
  expect(r.status).toBe(201);
  // A group nested in Administrators: its members are Managers too.
  expect((await api.post('/@groups', { groupname: 'ops' })).status).toBe(201);
  expect((await api.patch('/@groups/Administrators', { groups: ['ops'] })).status).toBe(204);
});

describe('CSV import (multipart POST @users)', () => {
  it('a Site Administrator cannot make anyone a member of Administrators: 403 with the reason per row, no user created', async () => {
    const csv = 'username,email,password,groups\r\nok-row,ok@example.com,password-123,Reviewers\r\nsneak,sneak@example.com,password-123,"Reviewers,Administrators"\r\n';
    const r = await csvUpload(api, csv, siteAdmin);
    expect(r.status).toBe(403);
    expect(r.body.error.errors).toEqual([{ row: 2, status: 403, type: 'Forbidden', message: expect.stringContaining("'Administrators'") }]);
    expect(r.body.error.message).toContain('row 2');
    expect(await exists('ok-row')).toBe(false);
    expect(await exists('sneak')).toBe(false);
    expect(await members('Administrators')).toEqual(['ops']);
    expect(await members('Reviewers')).toEqual([]);
  });

  it('nor of a group nested in Administrators, nor give the Manager role', async () => {
    const nested = await csvUpload(api, 'username,email,password,groups\r\nnest,nest@example.com,password-123,ops\r\n', siteAdmin);
    expect(nested.status).toBe(403);
    expect(nested.body.error.errors[0]).toMatchObject({ row: 1, status: 403 });
    const role = await csvUpload(api, 'username,email,password,roles\r\nboss,boss@example.com,password-123,"Member,Manager"\r\n', siteAdmin);
    expect(role.status).toBe(403);
    expect(role.body.error.errors[0]).toMatchObject({ row: 1, status: 403, message: "You can't create a user with the 'Manager' role." });
    expect(await exists('nest')).toBe(false);
    expect(await exists('boss')).toBe(false);
    expect(await members('ops')).toEqual([]);
  });

  it('answers every refused row, each with the status the JSON path gives, and creates none', async () => {
    const csv = 'username,email,password,groups\r\ngood,good@example.com,password-123,\r\nbad-mail,not-an-address,password-123,\r\nghost-group,gg@example.com,password-123,Nobody\r\n';
    const r = await csvUpload(api, csv, siteAdmin);
    expect(r.status).toBe(400);
    expect(r.body.error.errors.map((e: { row: number; status: number }) => [e.row, e.status])).toEqual([[2, 400], [3, 400]]);
    expect(r.body.error.errors[1].message).toBe('Unknown group: Nobody');
    expect(await exists('good')).toBe(false);
  });

  it('Members and Anonymous may not import at all (401)', async () => {
    expect((await api.post('/@users', { username: 'esc-member', password: 'member-password', email: 'm@example.com' })).status).toBe(201);
    for (const auth of ['anonymous', { user: 'esc-member', password: 'member-password' }] as Auth[]) {
      const r = await csvUpload(api, 'username,email,password\r\nx-user,x@example.com,password-123\r\n', auth);
      expect(r.status).toBe(401);
    }
    expect(await exists('x-user')).toBe(false);
  });

  it('a Manager may do all of it', async () => {
    const csv = 'username,email,password,roles,groups\r\nnew-boss,nb@example.com,password-123,Manager,ops\r\n';
    const r = await csvUpload(api, csv, 'admin');
    expect(r.status, r.text).toBe(201);
    expect(r.body.items_total).toBe(1);
    expect(await rolesOf('new-boss')).toContain('Manager');
    expect(await members('ops')).toEqual(['new-boss']);
  });
});

describe('the same checks on the JSON paths', () => {
  it('@groups: a Site Administrator cannot join or change a group nested in Administrators (was a way to become Manager)', async () => {
    const join = await api.patch('/@groups/ops', { users: { [siteAdmin.user]: true } }, { auth: siteAdmin });
    expect(join.status).toBe(400);
    expect(join.body.message).toBe("You don't have permission to modify a group with the 'Manager' role");
    expect((await api.patch('/@groups/Administrators', { users: { [siteAdmin.user]: true } }, { auth: siteAdmin })).status).toBe(400);
    expect((await api.del('/@groups/ops', undefined, { auth: siteAdmin })).status).toBe(400);
    expect(await members('ops')).toEqual(['new-boss']);
    expect(await rolesOf(siteAdmin.user)).not.toContain('Manager');
  });

  it('@groups: Manager role only from a Manager, on create and change', async () => {
    const created = await api.post('/@groups', { groupname: 'crown', roles: ['Manager'], users: [siteAdmin.user] }, { auth: siteAdmin });
    expect(created.status).toBe(400);
    expect((await api.get('/@groups/crown')).status).toBe(404);
    expect((await api.post('/@groups', { groupname: 'plain', users: [siteAdmin.user] }, { auth: siteAdmin })).status).toBe(201);
    const raised = await api.patch('/@groups/plain', { roles: ['Manager'] }, { auth: siteAdmin });
    expect(raised.status).toBe(400);
    expect((await api.get('/@groups/plain')).body.roles).toEqual(['Authenticated']);
    expect(await rolesOf(siteAdmin.user)).not.toContain('Manager');
  });

  it('@users: a Site Administrator gives no one the Manager role, itself included', async () => {
    const created = await api.post('/@users', { username: 'json-boss', password: 'password-123', email: 'jb@example.com', roles: ['Manager'] }, { auth: siteAdmin });
    expect(created.status).toBe(403);
    expect(await exists('json-boss')).toBe(false);
    const self = await api.patch(`/@users/${siteAdmin.user}`, { roles: { Manager: true } }, { auth: siteAdmin });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe("You can't update roles of this user");
    expect(await rolesOf(siteAdmin.user)).toEqual(['Site Administrator']);
    const other = await api.patch('/@users/esc-member', { roles: { Reviewer: true } }, { auth: siteAdmin });
    expect(other.status).toBe(403);
    expect(await rolesOf('esc-member')).toEqual(['Member']);
  });

  it('self-registration cannot choose roles', async () => {
    expect((await api.patch('/@controlpanels/security', { enable_self_reg: true, enable_user_pwd_choice: true })).status).toBe(204);
    const r = await api.post('/@users', { username: 'selfie', password: 'password-123', email: 'selfie@example.com', roles: ['Manager'] }, { auth: 'anonymous' });
    expect(r.status).toBe(400);
    expect(r.body.error.errors).toEqual([{ field: 'roles', message: "Property 'Roles' is not allowed." }]);
    expect(await exists('selfie')).toBe(false);
    expect((await api.patch('/@controlpanels/security', { enable_self_reg: false })).status).toBe(204);
  });
});
