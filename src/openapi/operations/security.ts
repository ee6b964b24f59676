// Who is calling and who may do what: login tokens, users, groups, principals, roles, sharing,
// the user schema.
import type { OperationDocs } from '../types.ts';

export const securityOperations: OperationDocs = {
  'POST @login': {
    summary: 'Log in: a token for `Authorization: Bearer` (and the `__ac` session cookie)',
    body: { login: 'admin', password: 'admin' },
  },
  'GET @login': { summary: 'Login options (external authentication providers)' },
  'POST @login-renew': { summary: 'A new token for the token sent (Bearer)' },
  'POST @logout': { summary: 'Log out: end the session (and revoke the token when tokens are stored)', status: 204 },

  'GET @users': {
    summary: 'Users (Managers), or one user by id',
    query: [
      { name: 'query', description: 'Users whose login name contains this text.' },
      { name: 'search', description: 'Users whose id, full name or email contains this text.' },
      { name: 'groups-filter:list', description: 'Only members of these groups.', repeat: true },
      { name: 'limit', description: 'Most users listed (default 25).', type: 'integer' },
    ],
  },
  'POST @users': {
    summary: 'Add a user (or register oneself); `/{userid}/reset-password` sends or uses a reset',
    body: { username: 'jane', password: 'a-long-password', email: 'jane@example.org', fullname: 'Jane Doe', roles: ['Member'] },
    status: 201,
  },
  'PATCH @users': { summary: 'Change a user (roles: name → true/false)', body: { fullname: 'Jane D.' } },
  'DELETE @users': { summary: 'Delete a user' },
  'GET @portrait': { summary: "A user's portrait image (the caller's without an id)" },

  'GET @groups': {
    summary: 'Groups, or one group with its members',
    query: [
      { name: 'query', description: 'Groups whose name starts with this text.' },
      { name: 'limit', description: 'Most groups listed (default 25).', type: 'integer' },
    ],
  },
  'POST @groups': { summary: 'Add a group', body: { groupname: 'crew', title: 'Crew', users: [] }, status: 201 },
  'PATCH @groups': { summary: 'Change a group (users: id → true/false)', body: { users: { editor: true } } },
  'DELETE @groups': { summary: 'Delete a group' },
  'GET @principals': { summary: 'Users and groups matching a search', query: [{ name: 'search', description: 'Text to find in ids, names and titles.', example: 'ed' }] },
  'GET @roles': { summary: 'Roles of the site' },
  'GET @sharing': { summary: 'Local roles on this object, per user and group', query: [{ name: 'search', description: 'Also list the principals matching this text.' }] },
  'POST @sharing': {
    summary: 'Change local roles on this object (and whether it inherits them)',
    body: { entries: [{ id: 'editor', type: 'user', roles: { Reader: true } }], inherit: true },
    status: 204,
  },
  'GET @userschema': { summary: 'Schema of the user form (`/registration`: of the registration form)' },
};
