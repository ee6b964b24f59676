// From a raw index query ({query, range, operator, not, depth, ...} with string or typed values)
// to a normalised Criterion: values cast per index kind (dates, booleans, paths, text). Bad values
// are client errors (400) here; Plone answers 500 for some of them.
import { ApiError, badRequest, shown } from '../lib/errors.ts';
import { MAX_SEARCH_TERMS, MAX_SEARCH_TEXT_LENGTH } from '../lib/limits.ts';
import { parseBoolean } from '../domain/query.ts';
import { INDEXES, TEXT_INDEX_FIELDS } from './indexes.ts';
import type { Criterion, Scalar } from './query.ts';
import { parseTextQuery } from './textquery.ts';

export interface RawIndexQuery {
  query?: unknown;
  range?: unknown;
  operator?: unknown;
  not?: unknown;
  depth?: unknown;
  navtree?: unknown;
  navtree_start?: unknown;
  [option: string]: unknown;
}

const parsingError = (message: string) => new ApiError(400, 'QueryParsingError', message);

const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** A date query value -> ms; accepts ISO dates, `YYYY/MM/DD`, and epoch numbers. */
export function parseDateValue(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const s = v.trim().replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3');
    if (/^\d{4}-\d{2}-\d{2}/.test(s)) {
      const hasZone = /([+-]\d{2}:?\d{2}|Z)$/i.test(s);
      const withTime = s.length === 10 ? `${s}T00:00:00` : s.replace(' ', 'T');
      const t = Date.parse(hasZone ? withTime : `${withTime}Z`);
      if (!Number.isNaN(t)) return t;
    }
  }
  throw parsingError(`Could not parse date ${JSON.stringify(v)}`);
}

export function parseBooleanValue(v: unknown): boolean {
  const b = parseBoolean(v);
  if (b === undefined) throw badRequest(`Could not parse value '${shown(v)}' as boolean`);
  return b;
}

function scalar(v: unknown): Scalar {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/** A physical path (with or without the site id) -> site-relative path ('' = the root). */
export function sitePath(value: unknown, siteId: string): string {
  let p = String(value ?? '').trim();
  if (!p.startsWith('/')) p = '/' + p;
  p = p.replace(/\/+$/, '');
  if (p === `/${siteId}` || p.startsWith(`/${siteId}/`)) p = p.slice(siteId.length + 1);
  return p === '/' ? '' : p;
}

function convert(index: string, values: unknown[], siteId: string): Scalar[] {
  switch (INDEXES[index]) {
    case 'date':
    case 'daterange':
      return values.map(parseDateValue);
    case 'boolean':
      return values.map(parseBooleanValue);
    case 'path':
      return values.map((v) => sitePath(v, siteId));
    case 'position':
      return values.map((v) => {
        const n = Number(v);
        if (!Number.isFinite(n)) throw parsingError(`Could not parse ${JSON.stringify(v)} as a number`);
        return n;
      });
    default:
      return values.map(scalar);
  }
}

function intOption(name: string, v: unknown): number {
  const raw = Array.isArray(v) ? v[0] : v;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isInteger(n)) throw parsingError(`Could not parse ${name} ${JSON.stringify(raw)} as an integer`);
  return n;
}

function rangeOption(v: unknown): Criterion['range'] {
  const raw = String(Array.isArray(v) ? v[0] : v).toLowerCase();
  if (raw === 'min') return 'min';
  if (raw === 'max') return 'max';
  if (raw === 'min:max' || raw === 'minmax') return 'minmax';
  return undefined;
}

/** Bounds the work of one full-text query (its length and number of words): 400 beyond them. */
function checkSearchText(index: string, text: string): void {
  if (text.length > MAX_SEARCH_TEXT_LENGTH) throw badRequest(`The ${index} query is longer than ${MAX_SEARCH_TEXT_LENGTH} characters.`);
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) if (++words > MAX_SEARCH_TERMS) throw badRequest(`The ${index} query has more than ${MAX_SEARCH_TERMS} words.`);
}

/** Normalise the query of one index. */
export function toCriterion(index: string, raw: RawIndexQuery, siteId: string): Criterion {
  const kind = INDEXES[index];
  const c: Criterion = { index, kind };
  if (kind === 'text') {
    const text = asList(raw.query).map(String).join(' ');
    checkSearchText(index, text);
    c.text = parseTextQuery(text);
    c.fields = TEXT_INDEX_FIELDS[index];
    return c;
  }
  if (raw.query !== undefined) c.query = convert(index, asList(raw.query), siteId);
  if (raw.not !== undefined) c.not = convert(index, asList(raw.not), siteId);
  if (raw.range !== undefined) c.range = rangeOption(raw.range);
  if (raw.operator !== undefined) c.operator = String(Array.isArray(raw.operator) ? raw.operator[0] : raw.operator).toLowerCase() === 'and' ? 'and' : 'or';
  if (kind === 'path') {
    if (raw.depth !== undefined) c.depth = intOption('depth', raw.depth);
    if (raw.navtree !== undefined) c.navtree = parseBoolean(Array.isArray(raw.navtree) ? raw.navtree[0] : raw.navtree) ?? !!raw.navtree;
    if (raw.navtree_start !== undefined) c.navtreeStart = intOption('navtree_start', raw.navtree_start);
  }
  return c;
}
