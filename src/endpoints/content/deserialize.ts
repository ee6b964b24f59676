// JSON body -> validated field values of a type (supplement 8.2). Unknown keys are ignored;
// every problem is collected and reported as one 400 naming the fields.
import type { SiteState } from '../../state/model.ts';
import type { FieldDef, TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { toStoredDate } from '../../serialize/dates.ts';
import { validationError } from '../../lib/errors.ts';
import { resolveReference } from './references.ts';
import { isPreparedBlob } from './uploads.ts';
import { LANGUAGES } from '../../types/vocabularies.ts';
import { parseAllowDiscussion } from '../../domain/discussion.ts';
import { emptyRecord, own } from '../../lib/records.ts';
import { MAX_LIST_ITEMS } from '../../lib/limits.ts';
import { MAX_VALUE_BYTES } from '../../lib/json-in-turns.ts';

/** Keys handled by the content endpoints themselves, never as schema fields. */
const NOT_FIELDS = new Set(['id', '@type', 'UID', 'layout', 'ordering', 'sort', 'changeNote', 'allow_discussion']);

type Problem = { field?: string; message: string };
const WRONG_TYPE = 'Object is of wrong type.';
const TOO_MANY = `Value is too long (at most ${MAX_LIST_ITEMS} items).`;
const TOO_LONG = `Value is too long (at most ${MAX_VALUE_BYTES} characters in one string; file data goes to a file or image field).`;

/**
 * Whether `value` holds a string longer than MAX_VALUE_BYTES. The body's parser lets such a string
 * through only as `{"data": …, "encoding": "base64"}` (upload data, decoded a slice at a time);
 * anywhere but a file or image field it would be made one string later, in one step (its depth
 * is bounded by the body's limits).
 */
function holdsTooLong(value: unknown): boolean {
  if (typeof value === 'string') return value.length > MAX_VALUE_BYTES;
  if (!value || typeof value !== 'object') return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (holdsTooLong(item)) return true;
  return false;
}

function checkScalar(field: FieldDef, value: unknown, kind = field.kind): { value?: unknown; error?: string } {
  switch (kind) {
    case 'TextLine':
    case 'URI':
    case 'Email':
      if (typeof value !== 'string') return { error: WRONG_TYPE };
      if (kind === 'TextLine' && value.includes('\n')) return { error: 'Constraint not satisfied' };
      if (kind === 'Email' && value && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return { error: 'Invalid email address' };
      if (field.maxLength && value.length > field.maxLength) return { error: 'Value is too long' };
      return { value };
    case 'Text':
      return typeof value === 'string' ? { value } : { error: WRONG_TYPE };
    case 'Bool':
      return typeof value === 'boolean' ? { value } : { error: WRONG_TYPE };
    case 'Int': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isInteger(n) ? { value: n } : { error: WRONG_TYPE };
    }
    case 'Float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? { value: n } : { error: WRONG_TYPE };
    }
    case 'Datetime':
    case 'Date': {
      if (typeof value !== 'string') return { error: WRONG_TYPE };
      const stored = toStoredDate(value);
      return stored ? { value: kind === 'Date' ? stored.slice(0, 10) : stored } : { error: `Invalid date: ${value}` };
    }
    case 'Choice': {
      const token = value && typeof value === 'object' && 'token' in value ? (value as { token: unknown }).token : value;
      if (typeof token !== 'string') return { error: WRONG_TYPE };
      if (field.choices && !field.choices.some(([t]) => t === token)) return { error: 'Constraint not satisfied' };
      if (field.vocabulary === 'cms.app.vocabularies.SupportedContentLanguages' && token !== '' && !own(LANGUAGES, token)) {
        return { error: 'Constraint not satisfied' };
      }
      return { value: token };
    }
    case 'RichText': {
      if (typeof value === 'string') return { value: { data: value, 'content-type': 'text/html', encoding: 'utf-8' } };
      if (!value || typeof value !== 'object' || typeof (value as { data?: unknown }).data !== 'string') return { error: WRONG_TYPE };
      const v = value as { data: string; 'content-type'?: unknown; encoding?: unknown };
      const type = typeof v['content-type'] === 'string' ? v['content-type'] : 'text/html';
      if (type === 'text/x-html-safe') return { error: 'Not allowed to set content-type text/x-html-safe' };
      return { value: { data: v.data, 'content-type': type, encoding: 'utf-8' } };
    }
    case 'JSONField':
      return value !== undefined && typeof value === 'object' ? { value } : { error: WRONG_TYPE };
    default:
      return { value };
  }
}

function checkField(state: SiteState, field: FieldDef, value: unknown, stored: unknown): { value?: unknown; error?: string; keep?: boolean } {
  switch (field.kind) {
    case 'Tuple':
    case 'List': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > MAX_LIST_ITEMS) return { error: TOO_MANY };
      const out: unknown[] = [];
      for (const item of list) {
        const r = checkScalar(field, item, field.valueKind ?? 'TextLine');
        if (r.error) return { error: r.error };
        out.push(r.value);
      }
      return { value: field.kind === 'Tuple' ? [...new Set(out)] : out };
    }
    case 'NamedBlobFile':
    case 'NamedBlobImage':
      if (isPreparedBlob(value)) return { value: value.$blob };
      if (value && typeof value === 'object' && !('data' in value)) return { keep: true, value: stored };
      return { error: WRONG_TYPE };
    case 'RelationChoice': {
      const uid = resolveReference(state, value);
      return uid ? { value: uid } : { error: `Could not resolve object for ${JSON.stringify(value)}` };
    }
    case 'RelationList': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > MAX_LIST_ITEMS) return { error: TOO_MANY };
      const out = new Set<string>();
      for (const item of list) {
        const uid = resolveReference(state, item);
        if (!uid) return { error: `Could not resolve object for ${JSON.stringify(item)}` };
        out.add(uid);
      }
      return { value: [...out] };
    }
    default:
      return checkScalar(field, value);
  }
}

/**
 * Validate the fields of `body` against `type`. With `create`, required fields missing from the
 * body are errors too. Returns only the fields that were sent (with their stored form).
 */
export function deserializeFields(
  state: SiteState,
  type: TypeDef,
  body: Record<string, unknown>,
  current: Record<string, unknown>,
  create: boolean,
): Record<string, unknown> {
  const problems: Problem[] = [];
  const out = emptyRecord<unknown>();
  for (const field of fieldsOf(type)) {
    if (field.name === 'allow_discussion' && Object.hasOwn(body, field.name)) {
      const r = parseAllowDiscussion(body[field.name]);
      if (r.error) problems.push({ field: field.name, message: r.error });
      else out[field.name] = r.value;
      continue;
    }
    if (NOT_FIELDS.has(field.name) || field.readonly) continue;
    const sent = Object.hasOwn(body, field.name);
    // A field that is not sent is not validated, on create too: the reference service creates
    // a Folder without a title and a File without a file (recorded exchanges `move`,
    // `tusreplace_post`); clients such as Volto enforce required fields in their forms.
    if (!sent) continue;
    const value = body[field.name];
    if (value === null) {
      if (field.required) problems.push({ field: field.name, message: `${field.name} is a required field. Setting it to null is not allowed.` });
      else out[field.name] = null;
      continue;
    }
    if (field.kind !== 'NamedBlobFile' && field.kind !== 'NamedBlobImage' && holdsTooLong(value)) {
      problems.push({ field: field.name, message: TOO_LONG });
      continue;
    }
    const r = checkField(state, field, value, current[field.name]);
    if (r.error) problems.push({ field: field.name, message: r.error });
    else if (!r.keep) out[field.name] = r.value;
    if (!r.error && field.required && (r.value === '' || r.value === undefined)) {
      problems.push({ field: field.name, message: 'Required input is missing.' });
    }
  }
  if (problems.length) throw validationError(problems);
  return out;
}
