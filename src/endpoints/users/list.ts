// GET /@users: the plain array of the seed (C1), filtered by `query`, `search` and
// `groups-filter:list`, cut to `limit` (default 25, C16); `Accept: text/csv` gives the CSV export.
import type { RootUser } from '../../auth/authenticate.ts';
import { AUTHENTICATED_GROUP, groupsOf } from '../../auth/membership.ts';
import { all, first, intParam } from '../../domain/query.ts';
import type { ApiRequest, ApiResponse } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { formatCsv } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SiteState, User } from '../../state/model.ts';
import { allUsers } from './records.ts';
import { serializeUser, shownRoles, userGroups } from './serialize.ts';

export const DEFAULT_LIMIT = 25;

const contains = (value: string, needle: string) => value.toLowerCase().includes(needle);
const sortKey = (u: User) => (u.fullname || u.username).toLowerCase();

export function findUsers(state: SiteState, root: RootUser, req: ApiRequest): User[] {
  const search = first(req.query, 'search')?.toLowerCase();
  const query = first(req.query, 'query')?.toLowerCase();
  const groups = all(req.query, 'groups-filter');
  let users = allUsers(state, root);
  if (search) users = users.filter((u) => [u.id, u.username, u.fullname, u.email].some((v) => contains(v, search)));
  else if (query) users = users.filter((u) => contains(u.id, query) || contains(u.username, query));
  // every user is a member of the virtual group of logged-in users
  if (groups.length && !groups.includes(AUTHENTICATED_GROUP)) users = users.filter((u) => groupsOf(state, u.id).some((g) => groups.includes(g)));
  return users.sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || a.id.localeCompare(b.id));
}

export function listUsers(state: SiteState, root: RootUser, req: ApiRequest): ApiResponse {
  const limit = intParam(req.query, 'limit', DEFAULT_LIMIT);
  if (limit <= 0) throw badRequest('Parameters supplied are not valid');
  const users = findUsers(state, root, req);
  if (/text\/csv/i.test(req.header('accept') ?? '')) return usersCsv(state, users);
  return json(users.slice(0, limit).map((u) => serializeUser(state, u, req)));
}

function usersCsv(state: SiteState, users: User[]): ApiResponse {
  const rows = users.map((u) => [u.id, u.username, u.fullname, u.email, shownRoles(state, u).join(', '), userGroups(state, u).map((g) => g.id).join(', ')]);
  const text = formatCsv([['id', 'username', 'fullname', 'email', 'roles', 'groups'], ...rows]);
  return {
    status: 200,
    bytes: new TextEncoder().encode(text),
    contentType: 'text/csv; charset=utf-8',
    headers: { 'Content-Disposition': 'attachment; filename=users.csv' },
  };
}
