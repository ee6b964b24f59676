import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeSafeCut, parseJsonInTurns, partsOf } from './json-in-turns.ts';

/** What JSON.parse of the body's text gives: the value, or a refusal (SyntaxError). */
const expected = (bytes: Uint8Array) => {
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch (err) {
    return { refused: err instanceof SyntaxError };
  }
};
const actual = async (bytes: Uint8Array) => {
  try {
    return { value: await parseJsonInTurns(bytes, undefined, MIN, SLICE) };
  } catch (err) {
    return { refused: err instanceof SyntaxError };
  }
};
const utf8 = (text: string) => new TextEncoder().encode(text);

// Tiny thresholds so that short generated bodies take the sliced paths.
const MIN = 6;
const SLICE = 3;

/** Strings rich in what slicing could break: backslashes, quotes, \u escapes, surrogates, controls, multi-byte characters. */
const tricky = fc.string({ unit: fc.constantFrom('\\', '"', 'u', '0', 'a', '\u0000', '\n', '\u00e9', '\u20ac', '\ud83d\ude00', '\ud800', '/', 'x', '\ufeff'), maxLength: 40 });

describe('parseJsonInTurns', () => {
  it('gives what JSON.parse gives for any JSON value (long strings made in slices)', async () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.oneof(tricky, fc.constantFrom('__proto__', 'constructor', 'valueOf')), tie('node'), { maxKeys: 4 })),
    })).node;
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const bytes = utf8(JSON.stringify(v));
        expect(await actual(bytes)).toEqual(expected(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses exactly what JSON.parse refuses, and accepts it alike, for any body, malformed UTF-8 included', async () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '\\', 'u', '0', 'a', ' ', '\u0001', 'n', 'ull', '1', '\u00e9'), maxLength: 60 }).map(utf8),
      tricky.map((s) => utf8(`["${s}"]`)),
      tricky.map((s) => utf8(`{"a":"${s}","b":1}`)),
      tricky.map((s) => utf8(`"${s}`)),
      fc.tuple(tricky, fc.uint8Array({ maxLength: 12 }), tricky).map(([a, junk, b]) => new Uint8Array([...utf8(`["${a}`), ...junk, ...utf8(`${b}"]`)])),
    );
    await fc.assert(
      fc.asyncProperty(text, async (bytes) => {
        expect(await actual(bytes)).toEqual(expected(bytes));
      }),
      { numRuns: 1500 },
    );
  });

  it('a member named __proto__ with a long value stays an own member, the prototype untouched', async () => {
    const long = 'p'.repeat(100);
    const parsed = (await parseJsonInTurns(utf8(`{"__proto__":{"polluted":"${long}"},"x":"${long}"}`), undefined, MIN, SLICE)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'x']);
    expect((parsed as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual({ polluted: long });
  });

  it('long names of members stay in place (only values are cut out)', async () => {
    const name = 'n'.repeat(50);
    expect(await parseJsonInTurns(utf8(`{"${name}" : "${'v'.repeat(50)}"}`), undefined, MIN, SLICE)).toEqual({ [name]: 'v'.repeat(50) });
  });

  it('the check sees the text JSON.parse parses, long values left out', async () => {
    const seen: string[] = [];
    await parseJsonInTurns(utf8(`{"a":[1,2],"b":"${'v'.repeat(50)}"}`), (t) => void seen.push(t), MIN, SLICE);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^\{"a":\[1,2\],"b":"\\u0000[0-9a-z]+#0"\}$/);
  });

  it('keeps the slices of a long value; other work runs between them', async () => {
    const data = 'A'.repeat(3 * 1024 * 1024);
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const parsed = (await parseJsonInTurns(utf8(JSON.stringify({ file: { data, encoding: 'base64' } })))) as { file: { data: string } };
    clearInterval(timer);
    expect(parsed.file.data === data).toBe(true);
    expect(partsOf(parsed.file, 'data')?.join('')).toBe(data);
    expect(partsOf(parsed.file, 'data')?.length).toBe(6);
    expect(partsOf(parsed.file, 'encoding')).toBeUndefined();
    expect(others).toBeGreaterThanOrEqual(3);
  });
});

describe('escapeSafeCut', () => {
  it('never cuts inside \\x or \\uXXXX', () => {
    const text = 'ab\\u00e9cd\\\\\\"e';
    for (let cut = 1; cut <= text.length; cut++) {
      const at = escapeSafeCut(text, 0, cut);
      expect(JSON.parse(`"${text.slice(0, at)}"`) + JSON.parse(`"${text.slice(at)}"`)).toBe(JSON.parse(`"${text}"`));
    }
  });
});
