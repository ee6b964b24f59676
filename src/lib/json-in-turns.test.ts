import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { escapeSafeCut, MAX_VALUE_BYTES, parseJsonInTurns, partsOf, REST_MAX, REST_TARGET, WHOLE_FROM } from './json-in-turns.ts';

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
    return { value: await parseJsonInTurns(bytes, undefined, { minLength: MIN, slice: SLICE }) };
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
    const parsed = (await parseJsonInTurns(utf8(`{"__proto__":{"polluted":"${long}"},"x":"${long}"}`), undefined, { minLength: MIN, slice: SLICE })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'x']);
    expect((parsed as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual({ polluted: long });
  });

  it('long names of members stay in place (only values are cut out)', async () => {
    const name = 'n'.repeat(50);
    expect(await parseJsonInTurns(utf8(`{"${name}" : "${'v'.repeat(50)}"}`), undefined, { minLength: MIN, slice: SLICE })).toEqual({ [name]: 'v'.repeat(50) });
  });

  it('the check sees the text JSON.parse parses, long values left out', async () => {
    const seen: string[] = [];
    await parseJsonInTurns(utf8(`{"a":[1,2],"b":"${'v'.repeat(50)}"}`), (t) => void seen.push(t), { minLength: MIN, slice: SLICE });
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

  it('cuts out shorter values too when the text left would be over the target, and refuses a body that cannot fit restMax', async () => {
    const options = { minLength: 1000, slice: 8, target: 40, restMax: 60, floor: 6 };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(tricky, fc.integer()), { maxLength: 8 }), async (values) => {
        const bytes = utf8(JSON.stringify({ values }));
        const seen: string[] = [];
        try {
          const value = await parseJsonInTurns(bytes, (t) => void seen.push(t), options);
          expect(value).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
          expect(Buffer.byteLength(seen[0] ?? '')).toBeLessThanOrEqual(60);
        } catch (err) {
          expect(err).toBeInstanceOf(ApiError);
          expect((err as ApiError).status).toBe(400);
          expect(bytes.length).toBeGreaterThan(60);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a body of many values each a little under the long-value length is not parsed in one step', async () => {
    const blocks = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`b${i}`, { '@type': 'slate', plaintext: String(i % 10).repeat(60_000) }]));
    const bytes = utf8(JSON.stringify({ blocks }));
    const seen: string[] = [];
    let others = 0;
    const timer = setInterval(() => others++, 0);
    const parsed = await parseJsonInTurns(bytes, (t) => void seen.push(t));
    clearInterval(timer);
    expect(parsed).toEqual({ blocks });
    expect(bytes.length).toBeGreaterThan(REST_MAX);
    expect(seen[0].length).toBeLessThanOrEqual(REST_TARGET);
    expect(others).toBeGreaterThanOrEqual(3);
  });

  it('cuts at most maxCuts shorter values, the longest first, and refuses what is still over restMax', async () => {
    const values = Array.from({ length: 3000 }, (_, i) => String(i % 10).repeat(i % 2 ? 1100 : 2100));
    const bytes = utf8(JSON.stringify({ values }));
    const seen: string[] = [];
    // the 1,500 values of 2,100 bytes and about 600 of 1,100 bytes leave at most 1 MiB (the others stay in the text)
    expect(await parseJsonInTurns(bytes, (t) => void seen.push(t), { maxCuts: 2500 })).toEqual({ values });
    expect(seen[0].length).toBeLessThanOrEqual(REST_TARGET);
    expect(seen[0]).toContain('"' + '1'.repeat(1100) + '"');
    expect(seen[0]).not.toContain('0'.repeat(2100));
    // with 100 cuts 4.8 MB stay: over restMax
    await expect(parseJsonInTurns(bytes, undefined, { maxCuts: 100 })).rejects.toMatchObject({ status: 400, type: 'DeserializationError' });
    // many values under the floor are never cut: refused without a stand-in each
    const small = utf8(JSON.stringify({ values: Array.from({ length: 40_000 }, () => 'a'.repeat(128)) }));
    await expect(parseJsonInTurns(small, undefined, { restMax: 4 * 1024 * 1024, target: 1024 * 1024 })).rejects.toMatchObject({ status: 400 });
  });

  it('plain values close together are made as slices of one string; a control character in one is refused', async () => {
    const options = { minLength: 10, slice: 200 };
    const value = { a: 'x'.repeat(20), b: ['y'.repeat(30), 'short', 'z'.repeat(25)], c: 'w\\'.repeat(10), d: 'v'.repeat(12) };
    expect(await parseJsonInTurns(utf8(JSON.stringify(value)), undefined, options)).toEqual(value);
    const bad = utf8(`{"a":"${'x'.repeat(20)}","b":"${'y'.repeat(10)}\u0001${'y'.repeat(10)}"}`);
    await expect(parseJsonInTurns(bad, undefined, options)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('makes a plain value of WHOLE_FROM bytes or more in one piece, but an upload\'s data in slices; a control character is refused', async () => {
    const text = 'lorem ipsum '.repeat(Math.ceil(WHOLE_FROM / 12) + 1000);
    const data = 'QUJD'.repeat(Math.ceil(WHOLE_FROM / 4) + 1000);
    const body = { text: { data: text, 'content-type': 'text/html' }, file: { data, encoding: 'base64' } };
    const value = (await parseJsonInTurns(utf8(JSON.stringify(body)))) as typeof body;
    expect(value).toEqual(body);
    expect(partsOf(value.text, 'data')).toEqual([text]);
    expect(partsOf(value.file, 'data')!.length).toBeGreaterThan(1);
    expect(partsOf(value.file, 'data')!.join('')).toBe(data);
    const bad = utf8(`{"text":"${text.slice(0, -1)}\u0001${text.slice(-1)}"}`); // a raw control character
    await expect(parseJsonInTurns(bad)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('refuses, with 400, a string value over maxValue bytes, but for a base64 upload\'s data', async () => {
    expect(MAX_VALUE_BYTES).toBe(4 * 1024 * 1024);
    const options = { minLength: 10, maxValue: 100 };
    await expect(parseJsonInTurns(utf8(JSON.stringify({ title: 't', text: 'x'.repeat(101) })), undefined, options)).rejects.toMatchObject({ status: 400, type: 'DeserializationError' });
    await expect(parseJsonInTurns(utf8(JSON.stringify(['é'.repeat(51)])), undefined, options)).rejects.toMatchObject({ status: 400 });
    const upload = { file: { data: 'QUJD'.repeat(100), encoding: 'base64', filename: 'f.bin' }, text: 'x'.repeat(100) };
    expect(await parseJsonInTurns(utf8(JSON.stringify(upload)), undefined, options)).toEqual(upload);
    const notUpload = { file: { data: 'QUJD'.repeat(100), encoding: 'utf-8' } };
    await expect(parseJsonInTurns(utf8(JSON.stringify(notUpload)), undefined, options)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses, with 400, a body whose text outside string values is over restMax (member names, space)', async () => {
    const padded = utf8(`{"a":${' '.repeat(200)}1}`);
    await expect(parseJsonInTurns(padded, undefined, { restMax: 100 })).rejects.toMatchObject({ status: 400, type: 'DeserializationError' });
    const names = utf8(JSON.stringify(Object.fromEntries(Array.from({ length: 4 }, (_, i) => [String(i).repeat(80), 1]))));
    await expect(parseJsonInTurns(names, undefined, { restMax: 100, floor: 6 })).rejects.toMatchObject({ status: 400 });
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
