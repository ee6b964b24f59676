// The field kinds a type's own schema can be extended with (seed "Field kind tokens", the
// `Fields` vocabulary): token, title, and the field definition a new field of that kind gets.
import type { FieldDef, FieldKind } from './model.ts';

export interface FieldKindTerm {
  token: string;
  title: string;
  kind: FieldKind;
  /** Definition details a new field of this kind starts with. */
  more?: Partial<FieldDef>;
}

const term = (token: string, title: string, kind: FieldKind, more?: Partial<FieldDef>): FieldKindTerm => ({ token, title, kind, more });

/** The 20 terms, in vocabulary order (by title, then token). */
export const FIELD_KIND_TERMS: readonly FieldKindTerm[] = [
  term('label_choice_field', 'Choice', 'Choice', { choices: [] }),
  term('label_date_field', 'Date', 'Date', { widget: 'date' }),
  term('label_datetime_field', 'Date/Time', 'Datetime', { widget: 'datetime' }),
  term('Email', 'Email', 'Email', { widget: 'email' }),
  term('label_email', 'Email', 'Email', { widget: 'email' }),
  term('File Upload', 'File Upload', 'NamedBlobFile', { widget: 'file' }),
  term('label_float_field', 'Floating-point number', 'Float'),
  term('label_full_name', 'Full Name', 'TextLine'),
  term('Image', 'Image', 'NamedBlobImage', { widget: 'image' }),
  term('label_integer_field', 'Integer', 'Int'),
  term('JSONField', 'JSONField', 'JSONField', { widget: 'json' }),
  term('label_multi_choice_field', 'Multiple Choice', 'Tuple', { valueKind: 'Choice', choices: [], extra: { factory: 'Multiple Choice' } }),
  term('label_password_field', 'Password', 'TextLine', { widget: 'password', extra: { factory: 'Password' } }),
  term('Relation Choice', 'Relation Choice', 'RelationChoice', { vocabulary: 'cms.app.vocabularies.Catalog' }),
  term('Relation List', 'Relation List', 'RelationList', { vocabulary: 'cms.app.vocabularies.Catalog', default: [] }),
  term('Rich Text', 'Rich Text', 'RichText', { widget: 'richtext' }),
  term('label_text_field', 'Text', 'Text', { widget: 'textarea' }),
  term('label_textline_field', 'Text line (String)', 'TextLine'),
  term('URL', 'URL', 'URI', { widget: 'url' }),
  term('label_boolean_field', 'Yes/No', 'Bool'),
];

/** The term named by a token, else by a title (first match); undefined when neither. */
export function fieldKindTerm(tokenOrTitle: string): FieldKindTerm | undefined {
  return FIELD_KIND_TERMS.find((t) => t.token === tokenOrTitle) ?? FIELD_KIND_TERMS.find((t) => t.title === tokenOrTitle);
}
