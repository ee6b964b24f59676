// POST /@users with a multipart CSV file (supplement 11.5): one user per row, all or nothing.
// Each row passes the checks of a JSON POST (auth/grants.ts: who may give which roles and groups,
// then the same validation); a refusal answers every refused row's reason and changes nothing.
import type { RootUser } from '../../auth/authenticate.ts';
import type { ApiRequest } from '../../http/types.ts';
import { multipartParts, parseCsv } from '../../lib/csv.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { checkPrincipalChange } from '../../auth/grants.ts';
import type { SiteState } from '../../state/model.ts';
import { grantOf, planUser, type UserPlan } from './create.ts';
import { registrationError, TAKEN } from './policy.ts';
import { asNewUser } from './users.schema.ts';

const COLUMNS = new Set(['id', 'username', 'email', 'fullname', 'description', 'location', 'home_page', 'password', 'roles', 'groups']);

export interface CsvUser {
  plan: UserPlan;
  groups: string[];
}

/** Why one data row (1 = the first user) was refused: the status and error the JSON path gives. */
interface RowRefusal {
  row: number;
  status: number;
  type: string;
  message: string;
}

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** Every row is judged as the JSON path would judge that user; one refused row refuses them all. */
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
  const planned: CsvUser[] = [];
  const refused: RowRefusal[] = [];
  data.forEach((cells, i) => {
    const row = new Map(names.map((n, at) => [n, cells[at] ?? '']));
    const roles = list(row.get('roles'));
    const groups = list(row.get('groups'));
    const body: Record<string, unknown> = Object.fromEntries(row);
    body.username = row.get('username') || row.get('id') || undefined;
    body.roles = roles.length ? roles.sort() : undefined;
    delete body.groups;
    delete body.id;
    if (!row.get('email')) delete body.email;
    try {
      const user = asNewUser(body);
      checkPrincipalChange(state, req.principal, { kind: 'create-user' }, grantOf(user, groups));
      const plan = planUser(state, root, req, user, true);
      if (seen.has(plan.id) || seen.has(plan.username)) throw registrationError(TAKEN);
      seen.add(plan.id).add(plan.username);
      planned.push({ plan, groups });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused.push({ row: i + 1, status: err.status, type: err.type, message: err.message });
    }
  });
  if (refused.length) {
    const first = refused[0];
    const reasons = refused.map((r) => `row ${r.row}: ${r.message}`).join('; ');
    throw new ApiError(first.status, first.type, `The import was refused and nothing was changed (${reasons})`, 'service', { errors: refused });
  }
  return planned;
}
