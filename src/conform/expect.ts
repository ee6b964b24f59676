// Expectations of the checks: compare what came back with what a conforming server answers and
// list every difference with its path (`body.items[0].@id: expected "…", actual (missing)`), so
// a failure reads without the code of the check at hand.
import type { Difference, Failure } from './model.ts';

export class CheckFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** A pattern leaf that tests a value itself. */
export class Matcher {
  constructor(
    readonly description: string,
    readonly test: (actual: unknown, path: string) => Difference[],
  ) {}
}

const SHOW_LIMIT = 240;

/** A short, readable rendering of a value for a difference line. */
export function show(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (value instanceof Matcher) return value.description;
  if (value instanceof RegExp) return `a string matching ${value}`;
  let text: string;
  try {
    text = JSON.stringify(value, (_key, v) => (v instanceof Matcher ? `‹${v.description}›` : v instanceof RegExp ? `‹a string matching ${v}›` : v)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > SHOW_LIMIT ? `${text.slice(0, SHOW_LIMIT)}…` : text;
}

const diff = (path: string, expected: unknown, actual: unknown): Difference => ({
  path,
  expected: typeof expected === 'string' && expected.startsWith('\u0000') ? expected.slice(1) : show(expected),
  actual: show(actual),
});
/** An expectation already in words (not rendered as a JSON value). */
const words = (text: string) => `\u0000${text}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Differences between a value and a pattern. Objects in the pattern are partial (only the keys
 * named are compared) unless `exact`; arrays must have the same length; Matchers and RegExps test
 * the value; other leaves must be equal.
 */
export function compare(actual: unknown, pattern: unknown, path = '', exact = false): Difference[] {
  if (pattern instanceof Matcher) return pattern.test(actual, path);
  if (pattern instanceof RegExp) return typeof actual === 'string' && pattern.test(actual) ? [] : [diff(path, pattern, actual)];
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return [diff(path, words(`an array (${show(pattern)})`), actual)];
    if (actual.length !== pattern.length) {
      return [diff(path ? `${path}.length` : 'length', pattern.length, actual.length), ...elementHints(actual, pattern, path, exact)];
    }
    return pattern.flatMap((p, i) => compare(actual[i], p, join(path, i), exact));
  }
  if (isObject(pattern)) {
    if (!isObject(actual)) return [diff(path, words(`an object (${show(pattern)})`), actual)];
    const out: Difference[] = [];
    for (const [key, p] of Object.entries(pattern)) {
      if (p === absent) {
        if (Object.hasOwn(actual, key)) out.push(diff(join(path, key), words('(no such key)'), actual[key]));
        continue;
      }
      out.push(...compare(Object.hasOwn(actual, key) ? actual[key] : undefined, p, join(path, key), exact));
    }
    if (exact) {
      for (const key of Object.keys(actual)) {
        if (!Object.hasOwn(pattern, key)) out.push(diff(join(path, key), words('(no such key)'), actual[key]));
      }
    }
    return out;
  }
  if (Object.is(actual, pattern)) return [];
  return [diff(path, pattern, actual)];
}

/** For arrays of different lengths: which expected elements are missing and which are extra. */
function elementHints(actual: unknown[], pattern: unknown[], path: string, exact: boolean): Difference[] {
  const out: Difference[] = [];
  const used = new Set<number>();
  for (const p of pattern) {
    const at = actual.findIndex((a, i) => !used.has(i) && compare(a, p, '', exact).length === 0);
    if (at === -1) out.push(diff(`${path || 'array'} (an element)`, p, undefined));
    else used.add(at);
  }
  actual.forEach((a, i) => {
    if (!used.has(i) && out.length < 12) out.push(diff(join(path, i), words('(no such element)'), a));
  });
  return out.slice(0, 12);
}

// --- matchers ------------------------------------------------------------------------------

/** The key must not be present (use as an object value in a pattern). */
export const absent = new Matcher('(no such key)', () => []);

export const anything = new Matcher('anything', (a, path) => (a === undefined ? [diff(path, words('a value'), a)] : []));

const typed = (name: string, ok: (a: unknown) => boolean) => new Matcher(name, (a, path) => (ok(a) ? [] : [diff(path, words(name), a)]));

export const anyString = typed('a string', (a) => typeof a === 'string');
export const nonEmptyString = typed('a non-empty string', (a) => typeof a === 'string' && a.length > 0);
export const anyNumber = typed('a number', (a) => typeof a === 'number' && Number.isFinite(a));
export const anyInteger = typed('an integer', (a) => Number.isInteger(a));
export const anyBoolean = typed('a boolean', (a) => typeof a === 'boolean');
export const anyArray = typed('an array', (a) => Array.isArray(a));
export const anyObject = typed('an object', (a) => isObject(a));
export const isoTimestamp = typed('an ISO 8601 timestamp', (a) => typeof a === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(a) && !Number.isNaN(Date.parse(a)));
export const uid = typed('a UID (32 hex characters)', (a) => typeof a === 'string' && /^[0-9a-f]{32}$/i.test(a));

export const nullable = (pattern: unknown) =>
  new Matcher(`null or ${show(pattern)}`, (a, path) => (a === null ? [] : compare(a, pattern, path)));

/** One of the given patterns. */
export const oneOf = (...patterns: unknown[]) =>
  new Matcher(`one of ${patterns.map(show).join(', ')}`, (a, path) => (patterns.some((p) => compare(a, p).length === 0) ? [] : [diff(path, words(`one of ${patterns.map(show).join(', ')}`), a)]));

/** An array holding, for each pattern, an element that matches it (in any order, others allowed). */
export const containing = (patterns: unknown[]) =>
  new Matcher(`an array containing ${show(patterns)}`, (a, path) => {
    if (!Array.isArray(a)) return [diff(path, words(`an array containing ${show(patterns)}`), a)];
    return patterns.filter((p) => !a.some((x) => compare(x, p).length === 0)).map((p) => diff(`${path || 'array'} (an element)`, p, undefined));
  });

/** An array with no element matching any of the patterns. */
export const without = (patterns: unknown[]) =>
  new Matcher(`an array without ${show(patterns)}`, (a, path) => {
    if (!Array.isArray(a)) return [diff(path, words(`an array without ${show(patterns)}`), a)];
    return a.flatMap((x, i) => (patterns.some((p) => compare(x, p).length === 0) ? [diff(join(path, i), words('(no such element)'), x)] : []));
  });

/** The same elements in any order (each matched once). */
export const sameMembers = (patterns: unknown[]) =>
  new Matcher(`the elements ${show(patterns)} in any order`, (a, path) => {
    if (!Array.isArray(a)) return [diff(path, words(`an array of ${show(patterns)}`), a)];
    const hints = elementHints(a, patterns, path, false);
    return hints.length || a.length !== patterns.length ? [diff(path, words(`the elements ${show(patterns)} in any order`), a), ...hints] : [];
  });

/** Exactly this value: objects must have the same keys (no extra ones). */
export const exactly = (value: unknown) => new Matcher(show(value), (a, path) => compare(a, value, path, true));

/** A string containing the text. */
export const includes = (text: string) =>
  new Matcher(`a string containing ${show(text)}`, (a, path) => (typeof a === 'string' && a.includes(text) ? [] : [diff(path, words(`a string containing ${show(text)}`), a)]));

/** Any value the predicate accepts; `description` says what is expected. */
export const satisfies = (description: string, predicate: (a: any) => boolean) =>
  new Matcher(description, (a, path) => {
    let ok = false;
    try {
      ok = predicate(a);
    } catch {
      ok = false;
    }
    return ok ? [] : [diff(path, words(description), a)];
  });

export const greaterThan = (n: number) => satisfies(`a number greater than ${n}`, (a) => typeof a === 'number' && a > n);

/** A RegExp for URLs that start with `prefix` and go on with one more path segment. */
export const urlBelow = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^/?#]+$`);
