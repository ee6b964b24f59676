// The JSON text of an answer. A page load embeds component expansions (navigation, actions,
// types, workflow) that components.ts keeps per state and caller as frozen, shared objects (and
// an object's links-only @components, the same for every request of it): most of the answer's
// text is theirs, and it is the same every time. Their text is made once per object and spliced
// into the answer's, which is byte for byte what JSON.stringify makes of the whole (same
// members, same order: `@components` first, as content answers put it).
import { isKept } from '../serialize/kept.ts';
import { apartFrom, jsonPieces, LONG_STRING, TEXT_MAX, type JsonPiece } from '../lib/json-pieces.ts';

const texts = new WeakMap<object, string>();

/** JSON text of a value; a kept value's made once (deep-frozen: it never changes). */
function textOf(value: unknown): string | undefined {
  if (!isKept(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

function firstKey(body: object): string | undefined {
  for (const key in body) return key;
  return undefined;
}

/** The `@components` of an answer whose JSON text splices kept expansions' texts (undefined: JSON.stringify's alone). */
function splicedComponents(body: unknown): Record<string, unknown> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || firstKey(body) !== '@components' || !Object.hasOwn(body, '@components') || Object.isFrozen(body)) return undefined;
  const answer = body as Record<string, unknown>;
  const components = answer['@components'];
  if (components === null || typeof components !== 'object' || Array.isArray(components) || 'toJSON' in components || 'toJSON' in answer) return undefined;
  // kept whole (the links alone, the same for every request of the object): its text made once
  if (isKept(components)) return components as Record<string, unknown>;
  // Without a kept expansion (links made for this request) one JSON.stringify of the whole is the cheapest.
  for (const value of Object.values(components)) if (isKept(value)) return components as Record<string, unknown>;
  return undefined;
}

/** `read` of the answer with `@components` set to `shown` for the moment of the call (the answer is the request's own object). */
function withComponents<T>(answer: Record<string, unknown>, shown: unknown, read: () => T): T {
  const components = answer['@components'];
  answer['@components'] = shown;
  try {
    return read();
  } finally {
    answer['@components'] = components;
  }
}

/** JSON text of an answer's @components: kept whole, or each member's (a kept expansion's made once). */
function componentsText(components: Record<string, unknown>): string {
  if (isKept(components)) return textOf(components)!;
  const members: string[] = [];
  for (const [name, value] of Object.entries(components)) {
    const text = textOf(value);
    if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

export function answerText(body: unknown): string {
  const components = splicedComponents(body);
  return components ? splicedText(body as Record<string, unknown>, components) : JSON.stringify(body);
}

/** answerText of an answer whose `@components` splices kept texts. */
function splicedText(body: Record<string, unknown>, components: Record<string, unknown>): string {
  // The rest of the answer as JSON.stringify makes it, with `@components` left out (undefined).
  const rest = withComponents(body, undefined, () => JSON.stringify(body));
  const head = `{"@components":${componentsText(components)}`;
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`;
}

/** Characters of strings a kept value may hold for its text to be spliced without a look at them per answer. */
const SMALL = 16 * 1024;

/** Whether a kept value's strings are few and short (looked at once: it never changes). */
const smallKept = new WeakMap<object, boolean>();
function isSmall(value: object): boolean {
  let small = smallKept.get(value);
  // no string of SMALL characters or more, and all of them together fewer than SMALL characters
  if (small === undefined) smallKept.set(value, (small = apartFrom(value, SMALL, SMALL, 1) === undefined));
  return small;
}

/**
 * The answer's JSON text as pieces when it holds long strings (jsonPieces), else undefined
 * (answerText is then the way). The strings of small kept expansions are not looked at again for
 * each answer: their texts are made once and spliced whole; only the rest of the answer is, with
 * room left for them under TEXT_MAX.
 */
export function answerPieces(body: unknown): JsonPiece[] | undefined {
  const components = splicedComponents(body);
  return components ? splicedPieces(body, components) : jsonPieces(body);
}

/** answerPieces of an answer whose `@components` splices kept texts. */
function splicedPieces(body: unknown, components: Record<string, unknown>): JsonPiece[] | undefined {
  if (isKept(components)) {
    if (!isSmall(components)) return jsonPieces(body);
    return withComponents(body as Record<string, unknown>, undefined, () => apartFrom(body, LONG_STRING, TEXT_MAX - SMALL)) === undefined ? undefined : jsonPieces(body);
  }
  const rest: Record<string, unknown> = Object.create(null); // keyed by component names
  let room = TEXT_MAX;
  for (const [name, value] of Object.entries(components)) {
    if (!isKept(value)) rest[name] = value;
    else if (isSmall(value)) room -= SMALL;
    else return jsonPieces(body);
  }
  return withComponents(body as Record<string, unknown>, rest, () => apartFrom(body, LONG_STRING, Math.max(0, room))) === undefined ? undefined : jsonPieces(body);
}

/**
 * What is sent of an answer: its pieces when it holds long strings (answerPieces), else its text
 * (answerText), with the look at its `@components` made once for both.
 */
export function answerJson(body: unknown): string | JsonPiece[] {
  const components = splicedComponents(body);
  if (!components) return jsonPieces(body) ?? JSON.stringify(body);
  return splicedPieces(body, components) ?? splicedText(body as Record<string, unknown>, components);
}
