// Limits on JSON text sent by callers, checked before JSON.parse and before any recursive walk
// over the value: nesting depth and the number of structural tokens ({ [ , :), which is what
// JSON.parse's time grows with (long strings parse at memory speed). The scan is one loop over
// the text that never recurses; string contents are skipped with indexOf.
import { ApiError } from './errors.ts';

export interface JsonLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most structural tokens: object and array openings, commas and colons. */
  maxTokens: number;
}

export const JSON_LIMITS: JsonLimits = { maxDepth: 200, maxTokens: 50_000 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Index just after the string literal whose opening quote is at `start` (text.length if unclosed). */
export function skipString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Why `text` exceeds the limits, or undefined when it does not (syntax is JSON.parse's job). */
export function jsonLimitExceeded(text: string, limits: JsonLimits = JSON_LIMITS): string | undefined {
  let depth = 0;
  let tokens = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.maxDepth) return `JSON nested deeper than ${limits.maxDepth} levels`;
      tokens++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA || c === COLON) tokens++;
    if (tokens > limits.maxTokens) return `JSON with more than ${limits.maxTokens} values`;
    i++;
  }
  return undefined;
}

/** Throws the 400 DeserializationError of text over the limits. */
export function checkJsonLimits(text: string, limits: JsonLimits = JSON_LIMITS): void {
  const exceeded = jsonLimitExceeded(text, limits);
  if (exceeded) throw new ApiError(400, 'DeserializationError', `Request body refused: ${exceeded}.`, 'service');
}

/** JSON.parse of caller text after the limit check: 400 DeserializationError when over a limit. */
export function parseLimitedJson(text: string, limits: JsonLimits = JSON_LIMITS): unknown {
  checkJsonLimits(text, limits);
  return JSON.parse(text);
}
