// Checking a value written to a registry record (control-panel PATCH, @registry PATCH) against the
// record's field, the way the schema fields would: kind, required, bounds, choice tokens.
import type { FieldDef, FieldKind } from '../../types/model.ts';

export type Checked = { value: unknown } | { error: string };

const WRONG_TYPE = 'Object is of wrong type.';
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A choice token (or the value itself) accepted for `field`; Weekdays tokens become integers. */
function checkChoice(field: FieldDef, value: unknown): Checked {
  if (field.vocabulary?.endsWith('.Weekdays')) {
    const n = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 6 ? { value: n } : { error: 'Constraint not satisfied' };
  }
  if (typeof value !== 'string') return { error: WRONG_TYPE };
  if (field.choices && !field.choices.some(([token]) => token === value)) return { error: 'Constraint not satisfied' };
  return { value };
}

function checkScalar(kind: FieldKind, field: FieldDef, value: unknown): Checked {
  switch (kind) {
    case 'Bool':
      return typeof value === 'boolean' ? { value } : { error: WRONG_TYPE };
    case 'Int':
    case 'Float': {
      if (typeof value !== 'number' || (kind === 'Int' && !Number.isInteger(value))) return { error: WRONG_TYPE };
      const max = field.extra?.maximum;
      if (field.minimum !== undefined && value < field.minimum) return { error: 'Value is too small' };
      if (typeof max === 'number' && value > max) return { error: 'Value is too big' };
      return { value };
    }
    case 'Choice':
      return checkChoice(field, value);
    case 'JSONField':
      return isObject(value) ? { value } : { error: WRONG_TYPE };
    case 'TextLine':
      if (typeof value === 'string' && /[\r\n]/.test(value)) return { error: 'Constraint not satisfied' };
      return typeof value === 'string' ? { value } : { error: WRONG_TYPE };
    default:
      return typeof value === 'string' ? { value } : { error: WRONG_TYPE };
  }
}

/** The value to store, or the validation message. */
export function checkFieldValue(field: FieldDef, value: unknown): Checked {
  if (value === null || value === undefined) return field.required ? { error: 'Required input is missing.' } : { value: null };
  if (field.kind === 'List' || field.kind === 'Tuple') {
    if (!Array.isArray(value)) return { error: WRONG_TYPE };
    const itemKind = field.valueKind ?? 'TextLine';
    const out: unknown[] = [];
    for (const item of value) {
      const r = checkScalar(itemKind, field, item);
      if ('error' in r) return r;
      out.push(r.value);
    }
    if (field.required && !out.length) return { error: 'Required input is missing.' };
    return { value: out };
  }
  return checkScalar(field.kind, field, value);
}
