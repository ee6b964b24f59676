// The JSON text of an answer. A page load embeds component expansions (navigation, actions,
// types, workflow) that components.ts keeps per state and caller as frozen, shared objects: most
// of the answer's text is theirs, and it is the same every time. Their text is made once per
// object and spliced into the answer's, which is byte for byte what JSON.stringify makes of the
// whole (same members, same order: `@components` first, as content answers put it).
import { isSharedExpansion } from '../serialize/components.ts';

const texts = new WeakMap<object, string>();

/** JSON text of a value; a kept expansion's made once (deep-frozen: it never changes). */
function textOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !isSharedExpansion(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

function firstKey(body: object): string | undefined {
  for (const key in body) return key;
  return undefined;
}

export function answerText(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || firstKey(body) !== '@components' || !Object.hasOwn(body, '@components') || Object.isFrozen(body)) return JSON.stringify(body);
  const answer = body as Record<string, unknown>;
  const components = answer['@components'];
  if (components === null || typeof components !== 'object' || Array.isArray(components) || 'toJSON' in components || 'toJSON' in answer) return JSON.stringify(body);
  // Without a kept expansion (the links alone) one JSON.stringify of the whole is the cheapest.
  let kept = false;
  for (const value of Object.values(components)) if (value !== null && typeof value === 'object' && isSharedExpansion(value)) kept = true;
  if (!kept) return JSON.stringify(body);
  const members: string[] = [];
  for (const [name, value] of Object.entries(components)) {
    const text = textOf(value);
    if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
  }
  // The rest of the answer as JSON.stringify makes it, with `@components` left out (undefined)
  // for the moment of the call: the answer is this request's own object.
  answer['@components'] = undefined;
  let rest: string;
  try {
    rest = JSON.stringify(answer);
  } finally {
    answer['@components'] = components;
  }
  const head = `{"@components":{${members.join(',')}}`;
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`;
}
