import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { jsonLimitExceeded, parseLimitedJson } from './json-limits.ts';

const limits = { maxDepth: 5, maxTokens: 20 };

describe('jsonLimitExceeded', () => {
  it('accepts JSON within the limits and names the limit that is exceeded', () => {
    expect(jsonLimitExceeded('{"a":[[[1]]]}', limits)).toBeUndefined();
    expect(jsonLimitExceeded('[[[[[[1]]]]]]', limits)).toBe('JSON nested deeper than 5 levels');
    expect(jsonLimitExceeded(`[${'1,'.repeat(30)}1]`, limits)).toBe('JSON with more than 20 values');
  });

  it('does not count brackets, commas and escaped quotes inside strings', () => {
    expect(jsonLimitExceeded(JSON.stringify({ s: '[[[[[[[[,,,,,,,,,,,,,,,,,,,,,,,,' }), limits)).toBeUndefined();
    expect(jsonLimitExceeded(JSON.stringify(['a\\"[[[[[[[[', 'b\\\\', '[[[[[[[[']), limits)).toBeUndefined();
    expect(jsonLimitExceeded('["\\\\"' + ',1'.repeat(25) + ']', limits)).toBe('JSON with more than 20 values');
  });

  it('scans 10,000 levels without recursion', () => {
    expect(jsonLimitExceeded('['.repeat(10_000) + ']'.repeat(10_000))).toBe('JSON nested deeper than 200 levels');
  });

  it('agrees with a direct measure of depth for any JSON value', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        const over = jsonLimitExceeded(text, { maxDepth: 4, maxTokens: 1e9 });
        expect(over !== undefined).toBe(depthOf(value) > 4);
      }),
    );
  });
});

describe('parseLimitedJson', () => {
  it('parses within the limits and refuses beyond them with a 400 DeserializationError', () => {
    expect(parseLimitedJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    let caught: unknown;
    try {
      parseLimitedJson('['.repeat(300) + ']'.repeat(300));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(400);
    expect((caught as ApiError).type).toBe('DeserializationError');
  });
});
