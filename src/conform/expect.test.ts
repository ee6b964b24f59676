// The comparison behind every check: partial and exact matches, matchers, readable differences.
import { describe, expect, it } from 'vitest';
import { absent, anyString, compare, containing, exactly, nullable, oneOf, sameMembers, show, without } from './expect.ts';
import { redact } from './http.ts';

describe('compare', () => {
  it('matches objects partially and lists each difference with its path', () => {
    expect(compare({ a: 1, b: { c: 'x', d: [1, 2] }, e: true }, { a: 1, b: { c: 'x' } })).toEqual([]);
    expect(compare({ a: 1, b: { c: 'y' } }, { a: 2, b: { c: 'x' }, f: 3 })).toEqual([
      { path: 'a', expected: '2', actual: '1' },
      { path: 'b.c', expected: '"x"', actual: '"y"' },
      { path: 'f', expected: '3', actual: '(missing)' },
    ]);
  });

  it('compares arrays by length and element, naming missing and extra elements', () => {
    expect(compare([1, 2], [1, 2])).toEqual([]);
    expect(compare({ items: ['a', 'c'] }, { items: ['a', 'b'] })).toEqual([{ path: 'items[1]', expected: '"b"', actual: '"c"' }]);
    const diffs = compare(['a'], ['a', 'b']);
    expect(diffs[0]).toEqual({ path: 'length', expected: '2', actual: '1' });
    expect(diffs).toContainEqual({ path: 'array (an element)', expected: '"b"', actual: '(missing)' });
  });

  it('is exact on demand: extra keys are differences', () => {
    expect(compare({ a: 1, b: 2 }, { a: 1 }, '', true)).toEqual([{ path: 'b', expected: '(no such key)', actual: '2' }]);
    expect(compare({ a: { x: 1, y: 2 } }, { a: exactly({ x: 1 }) })).toEqual([{ path: 'a.y', expected: '(no such key)', actual: '2' }]);
  });

  it('applies matchers and regular expressions', () => {
    expect(compare({ a: 'x', b: null, c: 3 }, { a: anyString, b: nullable(anyString), c: oneOf(2, 3), d: absent })).toEqual([]);
    expect(compare({ d: 1 }, { d: absent })).toEqual([{ path: 'd', expected: '(no such key)', actual: '1' }]);
    expect(compare('abc', /^a/)).toEqual([]);
    expect(compare(7, anyString)).toEqual([{ path: '', expected: 'a string', actual: '7' }]);
    expect(compare([{ id: 1 }, { id: 2 }], containing([{ id: 2 }]))).toEqual([]);
    expect(compare([{ id: 1 }], containing([{ id: 3 }]))).toEqual([{ path: 'array (an element)', expected: '{"id":3}', actual: '(missing)' }]);
    expect(compare(['a', 'b'], without(['b']))).toEqual([{ path: '[1]', expected: '(no such element)', actual: '"b"' }]);
    expect(compare(['b', 'a'], sameMembers(['a', 'b']))).toEqual([]);
    expect(compare(['a'], sameMembers(['a', 'b'])).length).toBeGreaterThan(0);
  });

  it('shows matchers inside expected values by their description', () => {
    expect(show({ a: anyString, b: /x/ })).toBe('{"a":"‹a string›","b":"‹a string matching /x/›"}');
    expect(show(undefined)).toBe('(missing)');
    expect(show('x'.repeat(500)).length).toBeLessThan(260);
  });
});

describe('redact', () => {
  it('hides passwords and login tokens in recorded bodies', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl';
    expect(redact({ login: 'a', password: 'secret', nested: [{ new_password: 'x', token: jwt }], title: 'kept' })).toEqual({
      login: 'a',
      password: '(redacted)',
      nested: [{ new_password: '(redacted)', token: 'eyJ…(token redacted)' }],
      title: 'kept',
    });
  });
});
