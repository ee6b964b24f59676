// Query-builder rows `{i, o, v}` -> catalog criteria (plone.app.querystring's query parser):
// operations on values, dates relative to the request day, paths absolute / relative /
// below the navigation root, and `showInactive`.
import type { Principal } from '../../auth/principal.ts';
import { rolesAt } from '../../auth/check.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { childNamed } from '../../state/select.ts';
import { getNode } from '../../state/nodes.ts';
import { badRequest } from '../../lib/errors.ts';
import { MAX_QUERY_ROWS } from '../../lib/limits.ts';
import { parseDateValue, sitePath, toCriterion, type RawIndexQuery } from '../../catalog/criteria.ts';
import { isIndex } from '../../catalog/indexes.ts';
import type { Criterion } from '../../catalog/query.ts';
import { recordPath } from '../../catalog/record.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { FIELD_INDEX, OPERATORS } from './registry.ts';
import { own } from '../../lib/records.ts';

export interface Row {
  i: string;
  o: string;
  v?: unknown;
}

export interface ParsedRows {
  criteria: Criterion[];
  showInactive: boolean;
}

const PREFIXES = /^(plone|cms)\.app\.querystring\.operation\./;
const DAY = 86_400_000;
const invalid = () => badRequest('Invalid query.');

export function isRow(value: unknown): value is Row {
  return !!value && typeof value === 'object' && typeof (value as Row).i === 'string' && typeof (value as Row).o === 'string';
}

const list = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);
const one = (v: unknown): string => String(Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

function days(v: unknown): number {
  const n = parseInt(one(v), 10);
  return Number.isFinite(n) ? n : 0;
}

interface Where {
  state: SiteState;
  context: ContentNode;
  principal: Principal;
  now: string;
}

/** `value[::depth]` below the navigation root, as a path query. */
function pathQuery(w: Where, raw: string, base: 'absolute' | 'navigation' | 'relative'): RawIndexQuery {
  let [value, depthText] = raw.split('::');
  const query: RawIndexQuery = {};
  if (depthText !== undefined) query.depth = parseInt(depthText, 10) || 0;
  const navroot = recordPath(w.state, navigationRoot(w.state, w.context));
  if (base === 'relative') {
    let node = w.context;
    for (const part of value.split('/').filter(Boolean)) {
      if (part === '..') {
        if (node.parent === null) break;
        node = getNode(w.state, node.parent) ?? node;
      } else if (part !== '.') {
        node = childNamed(w.state, node, part) ?? node;
      }
    }
    query.query = [recordPath(w.state, node)];
    return query;
  }
  if (base === 'absolute' && value && !value.includes('/')) {
    const target = getNode(w.state, value);
    query.query = [target ? recordPath(w.state, target) : '/\u0000unknown-uid'];
    return query;
  }
  let path = sitePath(value, w.state.settings.siteId);
  if (base === 'navigation' || (navroot && path !== navroot && !path.startsWith(navroot + '/'))) path = navroot + path;
  query.query = [path];
  return query;
}

function startOfDay(t: number): number {
  return Math.floor(t / DAY) * DAY;
}

/** One row -> an index query, or undefined when the row asks for nothing. */
function rowQuery(w: Where, op: string, v: unknown): RawIndexQuery | undefined {
  const now = Date.parse(w.now);
  const today = startOfDay(now);
  const values = list(v);
  switch (op) {
    case 'string.is':
    case 'string.contains':
    case 'selection.any':
    case 'reference.is':
      return values.length ? { query: values } : undefined;
    case 'selection.all':
      return values.length ? { query: values, operator: 'and' } : undefined;
    case 'string.isNot':
    case 'selection.none':
      return values.length ? { not: values } : undefined;
    case 'string.currentUser':
      return { query: [w.principal.id ?? ''] };
    case 'boolean.isTrue':
      return { query: [true] };
    case 'boolean.isFalse':
      return { query: [false] };
    case 'int.is':
      return { query: [parseInt(one(v), 10)] };
    case 'int.lessThan':
      return { query: [parseInt(one(v), 10)], range: 'max' };
    case 'int.largerThan':
      return { query: [parseInt(one(v), 10)], range: 'min' };
    case 'date.lessThan':
      return { query: [parseDateValue(one(v))], range: 'max' };
    case 'date.largerThan':
      return { query: [parseDateValue(one(v))], range: 'min' };
    case 'date.between': {
      const [a, b] = [values[0], values[1]].map((x) => (x === undefined || x === null || x === '' ? undefined : parseDateValue(x)));
      if (a !== undefined && b !== undefined) return { query: [a, b], range: 'minmax' };
      if (a !== undefined) return { query: [a], range: 'min' };
      if (b !== undefined) return { query: [b], range: 'max' };
      return undefined;
    }
    case 'date.today':
      return { query: [today, today + DAY - 1], range: 'minmax' };
    case 'date.beforeToday':
      return { query: [today - 1], range: 'max' };
    case 'date.afterToday':
      return { query: [today + DAY], range: 'min' };
    case 'date.lessThanRelativeDate':
      return { query: [today, startOfDay(now + days(v) * DAY) + DAY - 1], range: 'minmax' };
    case 'date.largerThanRelativeDate':
      return { query: [startOfDay(now - days(v) * DAY), today + DAY - 1], range: 'minmax' };
    case 'date.beforeRelativeDate':
      return { query: [startOfDay(now - days(v) * DAY)], range: 'max' };
    case 'date.afterRelativeDate':
      return { query: [startOfDay(now + days(v) * DAY)], range: 'min' };
    case 'string.absolutePath':
      return pathQuery(w, one(v), 'absolute');
    case 'string.path':
      return pathQuery(w, one(v), 'navigation');
    case 'string.relativePath':
      return pathQuery(w, one(v), 'relative');
    default:
      return undefined;
  }
}

export function parseRows(state: SiteState, rows: unknown[], context: ContentNode, principal: Principal, now: string): ParsedRows {
  if (rows.length > MAX_QUERY_ROWS) throw badRequest(`A query has at most ${MAX_QUERY_ROWS} criteria.`);
  const w: Where = { state, context, principal, now };
  const criteria: Criterion[] = [];
  let showInactive = false;
  for (const row of rows) {
    if (!isRow(row)) throw invalid();
    const op = row.o.replace(PREFIXES, '');
    if (!Object.hasOwn(OPERATORS, op) || op === row.o) throw invalid();
    if (op === 'string.showInactive') {
      const roles = rolesAt(state, principal, context);
      if (list(row.v).some((r) => roles.has(String(r)))) showInactive = true;
      continue;
    }
    const index = own(FIELD_INDEX, row.i) ?? row.i;
    if (!isIndex(index)) continue; // unknown indexes are ignored by the catalog
    const raw = rowQuery(w, op, row.v);
    if (!raw) continue;
    criteria.push(toCriterion(index, raw, state.settings.siteId));
  }
  return { criteria, showInactive };
}
