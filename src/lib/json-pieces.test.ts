import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { apartFrom, countedApartFrom, EncodedString, holdsLongString, joinPieces, jsonPieces } from './json-pieces.ts';

describe('jsonPieces', () => {
  it('is undefined for values without a long string', () => {
    expect(jsonPieces({ a: 'short', b: [1, 'two', { c: null }] }, 10)).toBeUndefined();
    expect(holdsLongString({ a: ['x'.repeat(10)] }, 10)).toBe(true);
    expect(holdsLongString({ a: ['x'.repeat(9)] }, 10)).toBe(false);
  });

  it('keeps each long string apart, unescaped, in order, with the text around it', () => {
    const value = { title: 'a "b"', text: { data: 'x"y\n'.repeat(5), 'content-type': 'text/html' }, list: ['z'.repeat(20), 1] };
    const pieces = jsonPieces(value, 16)!;
    expect(pieces.filter((p) => typeof p !== 'string')).toEqual([{ value: 'x"y\n'.repeat(5) }, { value: 'z'.repeat(20) }]);
    expect(pieces[0]).toBe('{"title":"a \\"b\\"","text":{"data":');
    expect(joinPieces(pieces)).toBe(JSON.stringify(value));
  });

  it('a long string as the whole value is one piece', () => {
    expect(jsonPieces('q'.repeat(40), 16)).toEqual([{ value: 'q'.repeat(40) }]);
  });

  it('gives the text of JSON.stringify for any JSON value (long strings from 3 characters)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pieces = jsonPieces(value, 3);
        const expected = JSON.stringify(value);
        if (pieces === undefined) expect(holdsLongString(value, 3)).toBe(false);
        else expect(joinPieces(pieces)).toBe(expected);
      }),
    );
  });

  it('keeps shorter strings apart too when the strings under the long length add up to more than textMax', () => {
    const value = { blocks: Array.from({ length: 12 }, (_, i) => ({ plaintext: String(i % 10).repeat(100 + i), n: i })), title: 'short title' };
    const pieces = jsonPieces(value, 1000, 500, 64)!;
    const apart = pieces.filter((p): p is { value: string } => typeof p !== 'string').map((p) => p.value.length);
    expect(apart).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i));
    expect(joinPieces(pieces)).toBe(JSON.stringify(value));
    expect(jsonPieces(value, 1000, 2000, 64)).toBeUndefined(); // 1,266 characters fit
    expect(jsonPieces(value, 1000, 500)).toBeUndefined(); // none reaches the floor (1 KiB): stringified whole
    // thousands of strings of 4 KB (a body may hold 12 MB of them): all go apart
    const subjects = { subjects: Array.from({ length: 3000 }, (_, i) => String(i % 10).repeat(4095)) };
    const many = jsonPieces(subjects)!;
    expect(many.filter((p) => typeof p !== 'string').length).toBe(3000);
    expect(joinPieces(many)).toBe(JSON.stringify(subjects));
    // the longest go apart first (by powers of two), only as many as needed
    const mixed = { a: 'a'.repeat(200), b: 'b'.repeat(300), c: 'c'.repeat(70), d: 'd'.repeat(10) };
    expect(jsonPieces(mixed, 1000, 300, 64)!.filter((p) => typeof p !== 'string')).toEqual([{ value: mixed.b }]);
    expect(jsonPieces(mixed, 1000, 250, 64)!.filter((p) => typeof p !== 'string')).toEqual([{ value: mixed.a }, { value: mixed.b }]);
    expect(jsonPieces(mixed, 1000, 50, 64)!.filter((p) => typeof p !== 'string').length).toBe(3);
  });

  it('puts an encoded string and long strings before it in their places, whatever the order of their holders', () => {
    const value = 'é"<p>'.repeat(5000);
    const encoded = new EncodedString(new TextEncoder().encode(JSON.stringify(value)), value.length);
    const cases = [
      { t: { 'content-type': 'x'.repeat(70_000), data: encoded } },
      { t: { data: encoded, 'content-type': 'x'.repeat(70_000) } },
      ['y'.repeat(70_000), encoded, ['z'.repeat(70_000), encoded]],
      { a: [encoded, 'w'.repeat(70_000)], b: { c: 'v'.repeat(70_000), d: encoded } },
    ];
    for (const body of cases) {
      const pieces = jsonPieces(body);
      expect(pieces, JSON.stringify(Object.keys(body))).toBeDefined();
      expect(pieces!.filter((p) => p instanceof EncodedString).length).toBe(JSON.stringify(body).split(JSON.stringify(value)).length - 1);
      expect(joinPieces(pieces!)).toBe(JSON.stringify(body));
    }
  });

  it('a caller string holding the tag makes it choose another one', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0.5); // first tag: long-i-
    try {
      const value = { a: 'x'.repeat(20), b: 'long-i-0', c: ['"long-i-1"', 'y'.repeat(20)] };
      const pieces = jsonPieces(value, 16)!;
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(pieces.filter((p) => typeof p !== 'string')).toEqual([{ value: 'x'.repeat(20) }, { value: 'y'.repeat(20) }]);
      expect(joinPieces(pieces)).toBe(JSON.stringify(value));
    } finally {
      random.mockRestore();
    }
  });

  it('apartFrom with its quick look first decides as counting every string does', () => {
    const encoded = new EncodedString(new TextEncoder().encode('"ab"'), 2);
    // strings of 0 to 40 characters, an encoded string now and then, in nested objects and arrays
    const leaf = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), fc.constant(encoded));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 6 }), fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 6 })),
    }));
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 48 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 32 }), (v, min, textMax, floor) => {
        expect(apartFrom(v, min, textMax, floor)).toBe(countedApartFrom(v, min, textMax, floor));
        const pieces = jsonPieces(v, min, textMax, floor);
        if (countedApartFrom(v, min, textMax, floor) === undefined) expect(pieces).toBeUndefined();
        if (pieces) expect(joinPieces(pieces)).toBe(JSON.stringify(v));
      }),
      { numRuns: 2000 },
    );
    // the quick look stops at a string too long, an encoded string, or too many characters in all
    expect(apartFrom({ a: 'x'.repeat(9), b: ['y'.repeat(10)] }, 10)).toBe(10);
    expect(apartFrom([encoded], 10)).toBe(10);
    expect(apartFrom(['x'.repeat(8), 'y'.repeat(8)], 10, 15, 8)).toBe(8);
    expect(apartFrom(['x'.repeat(8), 'y'.repeat(7)], 10, 15, 8)).toBeUndefined();
  });
});
