// The shape of a registry-backed control-panel field, and builders for the kinds the panels use.
import type { SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';

/** A panel field: a schema field stored in the registry record `key`. */
export interface PanelField extends FieldDef {
  /** Registry record name (keeps the real `plone.` prefix, supplement Appendix C). */
  key: string;
  /** Value on a fresh site when it depends on the site (else `default`, else null). */
  initial?: (state: SiteState) => unknown;
  /** Extra check on a written value: an error message, or undefined when acceptable. */
  check?: (value: unknown) => string | undefined;
}

type More = Partial<PanelField>;

const field = (kind: FieldDef['kind']) => (name: string, title: string, more: More = {}): PanelField => ({
  name,
  key: `plone.${name}`,
  kind,
  title,
  description: '',
  fieldset: 'default',
  ...more,
});

export const bool = (name: string, title: string, dflt: boolean, more: More = {}) => field('Bool')(name, title, { default: dflt, ...more });
export const int = (name: string, title: string, dflt: number | undefined, more: More = {}) => field('Int')(name, title, { default: dflt, ...more });
export const line = field('TextLine');
export const text = (name: string, title: string, more: More = {}) => field('Text')(name, title, { widget: 'textarea', ...more });
export const json = field('JSONField');

/** A Choice over a named vocabulary or inline [token, title] terms. */
export function choice(name: string, title: string, from: string | [string, string][], more: More = {}): PanelField {
  const source = typeof from === 'string' ? { vocabulary: from } : { choices: from };
  return field('Choice')(name, title, { ...source, ...more });
}

/** A list (or tuple) of strings, or of choices when `from` names their vocabulary. */
export function list(name: string, title: string, from: string | null, more: More = {}, kind: 'List' | 'Tuple' = 'List'): PanelField {
  const items = from ? { valueKind: 'Choice' as const, vocabulary: from } : { valueKind: 'TextLine' as const };
  return field(kind)(name, title, { ...items, ...more });
}

export const tuple = (name: string, title: string, from: string | null, more: More = {}) => list(name, title, from, more, 'Tuple');

/** Put every field of a panel into fieldset `id`. */
export const inFieldset = (id: string, fields: PanelField[]) => fields.map((f) => ({ ...f, fieldset: id }));

/** Value of the field on a fresh site. */
export const initialValue = (state: SiteState, f: PanelField): unknown => (f.initial ? f.initial(state) : f.default ?? null);
