// superjson text of site data, fast. superjson's own walker costs several times JSON.stringify and
// throws on keys such as "constructor" (a valid content id). Site data is plain JSON plus, rarely,
// undefined or non-finite numbers, so: one walk classifies the value and finds shared objects
// (Immer's structural sharing, e.g. a node's fields and its last version); JSON.stringify does the
// rest; annotations are written in superjson's format ({json, meta: {values,
// referentialEqualities, v: 1}}), so superjson.parse reads the text back, sharing included.
// Values superjson has special types for (Date, Map, Set, …) go through superjson itself.
import superjson from 'superjson';
import { emptyRecord } from '../lib/records.ts';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
const pathText = (path: string[]) => path.map(escapeKey).join('.');

const specialLeaf = (v: unknown): 'undefined' | 'number' | undefined =>
  v === undefined ? 'undefined' : typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? 'number' : undefined;

/** Longest string of a short list (share.ts shares such lists again when a snapshot is read). */
export const SHORT_STRING = 24;
const SHORT_LIST = 8;

/**
 * A short list of short strings (['admin'], ['Owner'], a few tags): written out wherever it is
 * used, not annotated as shared. Restore shares equal lists anyway (share.ts), and an annotation
 * per place would make the snapshot of a site whose objects share such lists much longer.
 */
export function isShortList(v: object): v is string[] {
  if (!Array.isArray(v) || v.length > SHORT_LIST) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string' || v[i].length > SHORT_STRING) return false;
  return true;
}

/**
 * A small record of short lists ({admin: ['Owner']}, an object's local roles): written out where
 * it is used, like a short list (restore shares equal ones again, share.ts).
 */
export function isSmallRecord(v: object): v is Record<string, string[]> {
  if (Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  let n = 0;
  for (const key in v) {
    const x = (v as Record<string, unknown>)[key];
    if (++n > SHORT_LIST || key.length > SHORT_STRING || x === null || typeof x !== 'object' || !isShortList(x)) return false;
  }
  return true;
}

interface Survey {
  shared: Set<object>;
  specials: boolean;
}

/** Plain data (objects, arrays, strings, numbers, booleans, null, undefined)? Then what it shares. */
function survey(value: unknown): Survey | undefined {
  const seen = new Set<object>();
  const shared = new Set<object>();
  let specials = false;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (specialLeaf(v)) {
      specials = true;
      continue;
    }
    if (typeof v === 'number') continue;
    if (typeof v !== 'object') return undefined; // bigint, function, symbol
    if (seen.has(v)) {
      if (!isShortList(v) && !isSmallRecord(v)) shared.add(v);
      continue;
    }
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return undefined; // Date, Map, class instances
    for (const key in v) stack.push((v as Record<string, unknown>)[key]);
  }
  return { shared, specials };
}

/** superjson meta for the special leaves and shared objects (paths through unsafe keys skipped). */
function annotations(value: unknown, { shared, specials }: Survey): Record<string, unknown> | undefined {
  const rootSpecial = specialLeaf(value);
  if (rootSpecial) return { values: [rootSpecial], v: 1 };
  const values = emptyRecord<[string]>();
  const paths = new Map<object, string[][]>();
  const path: string[] = [];
  const expanded = new Set<object>();
  let anyValue = false;
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object') {
      const special = specials ? specialLeaf(v) : undefined;
      if (special) {
        values[pathText(path)] = [special];
        anyValue = true;
      }
      return;
    }
    if (shared.has(v)) {
      const list = paths.get(v);
      if (list) list.push([...path]);
      else paths.set(v, [[...path]]);
      if (expanded.has(v)) return;
      expanded.add(v);
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(String(i));
        walk(v[i]);
        path.pop();
      }
      return;
    }
    for (const key in v) {
      if (UNSAFE_KEYS.has(key)) continue;
      path.push(key);
      walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(value);
  const refs = emptyRecord<string[]>();
  let anyRef = false;
  for (const list of paths.values()) {
    if (list.length < 2) continue;
    const [first, ...rest] = [...list].sort((a, b) => a.length - b.length);
    refs[pathText(first)] = rest.map(pathText);
    anyRef = true;
  }
  if (!anyValue && !anyRef) return undefined;
  return { ...(anyValue ? { values } : {}), ...(anyRef ? { referentialEqualities: refs } : {}), v: 1 };
}

const replacer = (_key: string, v: unknown) =>
  v === undefined ? null : typeof v === 'number' && !Number.isFinite(v) ? String(v) : Object.is(v, -0) ? '-0' : v;

/** The superjson text of `value` (superjson.parse reads it back). */
export function encode(value: unknown): string {
  const found = survey(value);
  if (!found) return superjson.stringify(value);
  let json: string;
  try {
    json = found.specials ? JSON.stringify(value, replacer) : JSON.stringify(value);
  } catch {
    return superjson.stringify(value); // a cycle: superjson copes
  }
  const meta = found.specials || found.shared.size ? annotations(value, found) : undefined;
  return meta ? `{"json":${json},"meta":${JSON.stringify(meta)}}` : `{"json":${json}}`;
}

export const decode = <T>(text: string): T => superjson.parse<T>(text);
