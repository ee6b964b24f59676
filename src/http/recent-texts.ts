// The JSON text of an answer like one sent before. A GET that no cache answers (a query string
// never seen, or the first read after a write elsewhere in the site) mostly shows what the
// last read of the same object showed: JSON.stringify and the look for long strings would make
// the same text again. Instead the text last made for an answer's `@id` is kept with a private
// copy of that answer's JSON value, and given again when the new answer is JSON-equal to the
// copy (same member names in the same order, same values). The test is on the answer itself,
// never on what it was made from: a text is given again only for an answer whose JSON text it is,
// whatever changed in the site meanwhile.
import { answerJson } from './answer-text.ts';
import { isKept } from '../serialize/kept.ts';
import type { JsonPiece } from '../lib/json-pieces.ts';

/** A kept value (deep-frozen: serialize/kept.ts) in a copy: equal only to itself. */
class KeptRef {
  constructor(readonly value: object) {}
}

/** A plain object in a copy: its member names and values in the order JSON.stringify writes them. */
class Members {
  constructor(
    readonly names: readonly string[],
    readonly values: readonly Copy[],
  ) {}
}

/** A JSON value as JSON.stringify reads it, copied (arrays as arrays of copies). */
type Copy = string | number | boolean | null | undefined | KeptRef | Members | Copy[];

/** Answers whose JSON text is longer are not kept (they cost memory and a long comparison). */
const MAX_TEXT = 16 * 1024;
/** Values (objects, arrays, members) an answer may hold to be copied. */
const MAX_VALUES = 2000;
/** What kept texts and copies may weigh together, about (bytes: a character of text, VALUE_BYTES a copied value), then all are forgotten at once. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
/** Bytes a copied value weighs, about (its slot, its name's slot, its object's share). */
const VALUE_BYTES = 48;
/** `@id`s asked once remembered, at most, and their characters (then all are forgotten at once). */
const MAX_ASKED_ONCE = 4096;
const MAX_ASKED_ONCE_CHARS = 1024 * 1024;
/** Texts kept per `@id` (the answers of one object to different callers: anonymous, an editor). */
const PER_ID = 2;

const NOT_COPIED = Symbol('not copied');

/** Whether an object is a kept value (a plain boolean: an object that is not kept may still be anything). */
const keptObject = (value: object): boolean => isKept(value);

/** A plain object or array (no toJSON of its own or inherited, no prototype of a class). */
const isPlainRecord = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && !('toJSON' in v);
};
/** Whether plain objects or arrays inherit a toJSON (never, unless a prototype was changed). */
const inheritedToJson = () => 'toJSON' in Object.prototype || 'toJSON' in Array.prototype;
const isPlainArray = (v: object): v is unknown[] => Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;

/** A copy of `value`, or NOT_COPIED when it holds anything else than plain JSON values and kept values, or too many. */
function copyOf(value: unknown, budget: { left: number }): Copy | typeof NOT_COPIED {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'object':
      break;
    default:
      return NOT_COPIED; // bigint, function, symbol
  }
  if (value === null) return null;
  if (--budget.left < 0) return NOT_COPIED;
  if (keptObject(value)) return new KeptRef(value);
  if (isPlainArray(value)) {
    const items: Copy[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyOf(value[i], budget);
      if (item === NOT_COPIED) return NOT_COPIED;
      items[i] = item;
    }
    return items;
  }
  if (!isPlainRecord(value)) return NOT_COPIED;
  const names: string[] = [];
  const values: Copy[] = [];
  const record = value as Record<string, unknown>;
  for (const name in record) {
    if (!Object.hasOwn(record, name) || --budget.left < 0) return NOT_COPIED;
    const member = copyOf(record[name], budget);
    if (member === NOT_COPIED) return NOT_COPIED;
    names.push(name);
    values.push(member);
  }
  return new Members(names, values);
}

/**
 * Whether `value` is JSON-equal to `copy`: JSON.stringify makes the same text of both. (A toJSON
 * of its own, enumerable or not, on an object or an array, makes it unequal; an inherited one is
 * looked for by `json`.)
 */
function sameAs(value: unknown, copy: Copy): boolean {
  if (copy === null || typeof copy !== 'object') return value === copy;
  if (typeof value !== 'object' || value === null) return false;
  if (copy instanceof KeptRef) return value === copy.value;
  if (copy instanceof Members) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return false;
    const record = value as Record<string, unknown>;
    if (Object.hasOwn(record, 'toJSON')) return false; // also one that is not enumerable: JSON.stringify calls it
    const { names, values } = copy;
    let i = 0;
    for (const name in record) {
      if (i >= names.length || name !== names[i] || !Object.hasOwn(record, name) || !sameAs(record[name], values[i])) return false;
      i++;
    }
    return i === names.length;
  }
  if (!isPlainArray(value) || value.length !== copy.length || Object.hasOwn(value, 'toJSON')) return false;
  for (let i = 0; i < copy.length; i++) if (!sameAs(value[i], copy[i])) return false;
  return true;
}

interface Kept {
  copy: Copy;
  text: string;
}

/**
 * The texts last made for answers with an `@id`, a few per `@id`. An `@id` seen for the first
 * time costs nothing but its place in the asked-once set (a one-off answer, a search with its own
 * query string in its `@id`, is never copied); from its second answer on, the text is kept.
 */
export class RecentTexts {
  private byId = new Map<string, Kept[]>();
  private bytes = 0;
  private askedOnce = new Set<string>();
  private askedOnceChars = 0;

  /** The JSON text of `body` (JSON.stringify's, byte for byte), or its pieces when it holds long strings (answerJson). */
  json(body: unknown): string | readonly JsonPiece[] {
    const id = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)['@id'] : undefined;
    if (typeof id !== 'string') return answerJson(body);
    const kept = this.byId.get(id);
    if (kept && !inheritedToJson()) for (const k of kept) if (sameAs(body, k.copy)) return k.text;
    if (!kept && !this.askedOnce.has(id)) {
      if (this.askedOnce.size >= MAX_ASKED_ONCE || (this.askedOnceChars += id.length) > MAX_ASKED_ONCE_CHARS) {
        this.askedOnce.clear();
        this.askedOnceChars = id.length;
      }
      this.askedOnce.add(id);
      return answerJson(body);
    }
    const json = answerJson(body);
    if (typeof json === 'string' && json.length <= MAX_TEXT) this.keep(id, body, json, kept);
    return json;
  }

  private keep(id: string, body: unknown, text: string, kept: Kept[] | undefined): void {
    const budget = { left: MAX_VALUES };
    const copy = copyOf(body, budget);
    if (copy === NOT_COPIED) return;
    const bytes = id.length + text.length + (MAX_VALUES - budget.left) * VALUE_BYTES;
    if ((this.bytes += bytes) > MAX_KEPT_BYTES) {
      this.byId = new Map();
      this.askedOnce = new Set();
      this.askedOnceChars = 0;
      this.bytes = bytes;
      kept = undefined;
    }
    const list = kept ?? [];
    if (!kept) this.byId.set(id, list);
    list.unshift({ copy, text });
    if (list.length > PER_ID) list.length = PER_ID;
  }
}
