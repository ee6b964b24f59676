// POST /@users with a multipart CSV file (supplement 11.5): one user per row, all or nothing.
import type { RootUser } from '../../auth/authenticate.ts';
import type { ApiRequest } from '../../http/types.ts';
import { multipartParts, parseCsv } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { planUser, type UserPlan } from './create.ts';
import { registrationError, TAKEN } from './policy.ts';

const COLUMNS = new Set(['id', 'username', 'email', 'fullname', 'description', 'location', 'home_page', 'password', 'roles', 'groups']);

export interface CsvUser {
  plan: UserPlan;
  groups: string[];
}

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

export function planCsv(state: SiteState, root: RootUser, req: ApiRequest): CsvUser[] {
  const file = multipartParts(req.header('content-type') ?? '', req.rawBody ?? '').get('file');
  if (!file) throw badRequest('No file uploaded');
  if (file.contentType && !/^(text|application)\/csv$/i.test(file.contentType)) throw badRequest('Uploaded file is not a valid CSV file');
  const rows = parseCsv(file.text);
  if (!rows || rows.length < 1) throw badRequest('Uploaded file is not a valid CSV file');
  const [header, ...data] = rows;
  const names = header.map((h) => h.trim());
  if (!names.every((n) => COLUMNS.has(n)) || !(names.includes('username') || names.includes('id') || names.includes('email'))) {
    throw badRequest('Uploaded file is not a valid CSV file');
  }
  const seen = new Set<string>();
  return data.map((cells) => {
    const row = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
    const roles = list(row.roles);
    const body: Record<string, unknown> = {
      ...row,
      username: row.username || row.id || undefined,
      roles: roles.length ? roles.sort() : undefined,
      groups: undefined,
      id: undefined,
    };
    if (!row.email) delete body.email;
    const plan = planUser(state, root, req, body, true);
    if (seen.has(plan.id) || seen.has(plan.username)) throw registrationError(TAKEN);
    seen.add(plan.id).add(plan.username);
    const groups = list(row.groups);
    const unknown = groups.find((g) => !Object.hasOwn(state.groups, g));
    if (unknown) throw badRequest(`Unknown group: ${unknown}`);
    return { plan, groups };
  });
}
