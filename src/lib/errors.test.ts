// Error messages quote caller values without ever throwing.
import { describe, expect, it } from 'vitest';
import { shown } from './errors.ts';

describe('shown', () => {
  it('quotes primitives as String() does and objects as (cut) JSON, whatever their members', () => {
    expect(shown('x')).toBe('x');
    expect(shown(3)).toBe('3');
    expect(shown(undefined)).toBe('undefined');
    expect(shown(null)).toBe('null');
    expect(shown({ toString: 'plone.site_title', valueOf: 1 })).toBe('{"toString":"plone.site_title","valueOf":1}');
    expect(shown(JSON.parse('{"__proto__": {"a": 1}}'))).toBe('{"__proto__":{"a":1}}');
    expect(shown({ big: 'x'.repeat(500) })).toHaveLength(101);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(shown(cyclic)).toBe('object');
    expect(shown({ n: 10n })).toBe('object');
  });
});
