import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { defaultTypes } from './defaults.ts';
import type { TypeDef } from './model.ts';
import { fieldsOf } from './schema.ts';

const types = (): Record<string, TypeDef> => defaultTypes(false);

describe('fieldsOf', () => {
  it('answers a draft of an unchanged type from the cache of the type it drafts', () => {
    const base = types();
    const fields = fieldsOf(base.Document);
    expect(fields.map((f) => f.name)).toContain('text');
    let inside: unknown;
    produce(base, (d) => {
      inside = fieldsOf(d.Document as TypeDef);
    });
    expect(inside).toBe(fields);
  });

  it('sees a schema field added in the same recipe, and caches nothing for the changing draft', () => {
    const base = types();
    const before = fieldsOf(base.Document);
    let inside: string[] = [];
    const after = produce(base, (d) => {
      d.Document.schema.push({ name: 'extra_note', kind: 'TextLine', title: 'Note', description: '', fieldset: 'default' } as never);
      inside = fieldsOf(d.Document as TypeDef).map((f) => f.name);
    });
    expect(inside).toContain('extra_note');
    expect(fieldsOf(base.Document)).toBe(before);
    expect(fieldsOf(after.Document).map((f) => f.name)).toContain('extra_note');
  });
});
