// POST / DELETE @aliases (supplement 15): manual aliases of one object, or site-wide aliases with
// an explicit target. Validation happens on the current state; the write stores what passed.
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { AliasEntry, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { traverse } from '../../state/select.ts';
import { ApiError, badRequest, shown } from '../../lib/errors.ts';
import { multipartParts, parseCsv } from '../../lib/csv.ts';
import { toStoredDate } from '../../serialize/dates.ts';
import { aliasTarget, dropAlias, getAlias, naive, nodePath, putAlias, resolvePath } from './store.ts';
import { bodyFields } from '../../http/body.ts';

export interface AliasItem {
  path: unknown;
  target?: unknown;
  datetime?: unknown;
}

/** `items` of the body: a list of {path, redirect-to?, datetime?} or of strings, or one string. */
export function bodyItems(body: unknown): AliasItem[] {
  const items = bodyFields(body).items;
  if (items === undefined) throw badRequest("Property 'items' is required");
  const list = Array.isArray(items) ? items : [items];
  return list.map((item) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const o = item as Record<string, unknown>;
      return { path: o.path, target: o['redirect-to'], datetime: o.datetime };
    }
    return { path: item };
  });
}

const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The validator's complaint about an alias path, if any. */
export function sourceProblem(state: SiteState, path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'Alternative url path must start with a slash.';
  const p = clean(path);
  if (p === '/' || traverse(state, p.split('/').filter(Boolean))) return 'Cannot use a working path as alternative url.';
  const existing = getAlias(state, p);
  if (existing && aliasTarget(state, existing)) return 'The provided alternative url already exists!';
  return undefined;
}

function parseDatetime(raw: unknown, now: string): string | null | undefined {
  if (raw === undefined || raw === null || raw === '') return naive(now);
  if (typeof raw !== 'string') return undefined;
  const stored = toStoredDate(raw);
  return stored ? naive(stored) : undefined;
}

export interface PlannedAlias {
  path: string;
  entry: AliasEntry;
}

/** Context POST: the aliases to store, and the paths refused (answered as `failed`). */
export function planContextAliases(state: SiteState, req: ApiRequest): { add: PlannedAlias[]; failed: unknown[] } {
  const node = req.context;
  const add: PlannedAlias[] = [];
  const failed: unknown[] = [];
  for (const item of bodyItems(req.body)) {
    const datetime = parseDatetime(item.datetime, req.now);
    if (sourceProblem(state, item.path) || datetime === undefined || add.some((a) => a.path === clean(item.path as string))) {
      failed.push(item.path);
      continue;
    }
    add.push({ path: clean(item.path as string), entry: { uid: node.uid, path: nodePath(state, node), datetime, manual: true } });
  }
  return { add, failed };
}

/** One site-wide alias: the plan, null when it is ignored (a -> a), or the validator's complaint. */
function siteItem(state: SiteState, req: ApiRequest, path: unknown, target: unknown, datetime: unknown, manual = true): PlannedAlias | null | string {
  if (typeof target !== 'string' || !target.startsWith('/')) return 'Target path must start with a slash.';
  if (typeof path === 'string' && clean(path) === clean(target)) return null;
  const problem = sourceProblem(state, path);
  if (problem) return problem;
  const uid = resolvePath(state, clean(target));
  if (!uid) return 'The provided target object does not exist.';
  const when = parseDatetime(datetime, req.now);
  if (when === undefined) return `Invalid date: ${shown(datetime)}`;
  return { path: clean(path as string), entry: { uid, path: nodePath(state, getNode(state, uid)!), datetime: when, manual } };
}

/** Site-wide POST: every item must pass, else 400 with the validator's message. a -> a is ignored. */
export function planSiteAliases(state: SiteState, req: ApiRequest): PlannedAlias[] {
  const add: PlannedAlias[] = [];
  for (const item of bodyItems(req.body)) {
    const planned = siteItem(state, req, item.path, item.target, item.datetime);
    if (typeof planned === 'string') throw badRequest(planned);
    if (!planned) continue;
    if (add.some((a) => a.path === planned.path)) throw badRequest('The provided alternative url already exists!');
    add.push(planned);
  }
  return add;
}

/** Zope's DateTime text (2022/05/05 00:00:00 GMT+0) or ISO. */
const csvDate = (s: string | undefined) => (s ? s.replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3').replace(/ GMT\+0$/, '').replace(' ', 'T') : undefined);

/** Site-wide POST of a CSV file (columns old path, new path, datetime, manual): all rows or none. */
export function planCsvAliases(state: SiteState, req: ApiRequest): PlannedAlias[] {
  const file = multipartParts(req.header('content-type') ?? '', req.rawBody ?? '').get('file');
  if (!file) throw badRequest('No file uploaded');
  const rows = parseCsv(file.text);
  if (!rows) throw badRequest('Uploaded file is not a valid CSV file');
  const add: PlannedAlias[] = [];
  const errors: { line_number: number; line: string; message: string }[] = [];
  rows.forEach((cells, i) => {
    if (i === 0 && cells[0]?.trim() === 'old path') return;
    const [path, target, datetime, manual] = cells.map((c) => c.trim());
    const planned = siteItem(state, req, path, target, csvDate(datetime), manual === undefined || manual === '' || /^true$/i.test(manual));
    const taken = planned && typeof planned !== 'string' && add.some((a) => a.path === planned.path);
    if (typeof planned === 'string' || taken) errors.push({ line_number: i + 1, line: cells.join(','), message: taken ? 'The provided alternative url already exists!' : (planned as string) });
    else if (planned) add.push(planned);
  });
  if (errors.length) throw new ApiError(400, 'BadRequest', `Found ${errors.length} errors in CSV file.`, 'exception', { csv_errors: errors });
  return add;
}

export function storeAliases(draft: Draft<SiteState>, add: PlannedAlias[]): void {
  for (const { path, entry } of add) putAlias(draft as SiteState, path, entry);
}

/** DELETE: the paths that exist and the ones that do not. */
export function planRemoval(state: SiteState, req: ApiRequest): { remove: string[]; failed: unknown[] } {
  const remove: string[] = [];
  const failed: unknown[] = [];
  for (const item of bodyItems(req.body)) {
    const path = typeof item.path === 'string' ? clean(item.path) : undefined;
    const entry = path === undefined ? undefined : getAlias(state, path);
    if (!entry || !aliasTarget(state, entry)) failed.push(item.path);
    else remove.push(path!);
  }
  return { remove, failed };
}

export function removeAliases(draft: Draft<SiteState>, paths: string[]): void {
  for (const path of paths) dropAlias(draft as SiteState, path);
}
