// Zope-style query strings (supplement 1.2): repeated keys make lists, `key:list`, `key:int`,
// `key:boolean`... suffixes are stripped (and remembered), dotted keys are kept flat.

export interface Query {
  /** key (suffixes stripped) -> every value, in order */
  values: Map<string, string[]>;
  /** key -> conversion suffix seen (int, float, boolean, date, list, tuple, ...) */
  conversions: Map<string, string[]>;
  /** original pairs, for rebuilding URLs */
  pairs: [string, string][];
}

export function parseQuery(search: string): Query {
  const values = new Map<string, string[]>();
  const conversions = new Map<string, string[]>();
  const pairs: [string, string][] = [];
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const [rawKey, value] of params) {
    pairs.push([rawKey, value]);
    const [key, ...suffixes] = rawKey.split(':');
    if (!key) continue;
    if (!values.has(key)) values.set(key, []);
    values.get(key)!.push(value);
    if (suffixes.length) conversions.set(key, suffixes);
  }
  return { values, conversions, pairs };
}

export const first = (q: Query, key: string): string | undefined => q.values.get(key)?.[0];
export const all = (q: Query, key: string): string[] => q.values.get(key) ?? [];
export const has = (q: Query, key: string): boolean => q.values.has(key);

/** Comma lists and repeated keys, flattened: `expand=a,b&expand=c` -> [a, b, c]. */
export function listParam(q: Query, key: string): string[] {
  return all(q, key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

const TRUE = new Set(['1', 'y', 'yes', 't', 'true', 'active', 'enabled', 'on']);
const FALSE = new Set(['0', 'n', 'no', 'f', 'false', 'inactive', 'disabled', 'off']);

/** Strict boolean (supplement 4): returns undefined for a value that is neither. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

/** Non-negative integer parameter, or the fallback when absent or malformed. */
export function intParam(q: Query, key: string, fallback: number): number {
  const raw = first(q, key);
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}
