import { describe, expect, it } from 'vitest';
import { recordOf } from '../lib/records.ts';
import { HIDDEN, preview, PREVIEW_LENGTH, sameValue, transition } from './values.ts';

describe('preview', () => {
  it('keeps plain words bare and quotes other strings', () => {
    expect(preview('published')).toBe('published');
    expect(preview('2025-05-02T08:00:00+00:00')).toBe('2025-05-02T08:00:00+00:00');
    expect(preview('Page A')).toBe('"Page A"');
    expect(preview('')).toBe('""');
    expect(preview(undefined)).toBe('(none)');
    expect(preview(null)).toBe('null');
    expect(preview(3)).toBe('3');
    expect(preview(false)).toBe('false');
  });

  it('writes structures compactly and cuts long ones', () => {
    expect(preview(['a', 'b c'])).toBe('["a", "b c"]');
    expect(preview({ a: 1, 'b c': [true] })).toBe('{a: 1, "b c": [true]}');
    const long = preview({ items: Array.from({ length: 1000 }, (_, i) => `item-${i}`) });
    expect(long.length).toBe(PREVIEW_LENGTH + 1);
    expect(long.endsWith('…')).toBe(true);
  });

  it('describes rich text and stored files in words', () => {
    expect(preview({ data: '<p>Hello</p>', 'content-type': 'text/html', encoding: 'utf-8' })).toBe('text/html text (12 characters)');
    expect(preview({ blob: 'ab12', size: 2048, contentType: 'image/png', filename: 'a.png' })).toBe('"a.png" (2048 bytes, image/png)');
  });

  it('hides secrets at any depth', () => {
    const text = preview({ id: 'bob', passwordHash: 'scrypt$1$2$3', nested: { lock: { token: 'abc-123' } } }, 500);
    expect(text).toContain(`passwordHash: ${HIDDEN}`);
    expect(text).toContain(`token: ${HIDDEN}`);
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('abc-123');
  });

  it('writes names that are object members as plain keys', () => {
    const record = recordOf([
      ['__proto__', 'x'],
      ['valueOf', 'y'],
    ]);
    expect(preview(record)).toBe('{__proto__: "x", valueOf: "y"}');
  });
});

describe('transition', () => {
  it('shows old and new values', () => {
    expect(transition('private', 'published')).toBe('private → published');
    expect(transition(undefined, 'x')).toBe('(none) → x');
  });

  it('shows lists of plain values as what was added and removed', () => {
    expect(transition(['Member'], ['Member', 'Editor'])).toBe('+ Editor');
    expect(transition(['a', 'b'], ['b', 'c'])).toBe('+ c, − a');
    expect(transition(['a', 'b'], ['b', 'a'])).toBe('["a", "b"] → ["b", "a"] (order)');
  });
});

describe('sameValue', () => {
  it('compares data, not identity', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
