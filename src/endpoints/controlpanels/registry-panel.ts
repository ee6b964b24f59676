// PATCH of a registry-backed panel: only the sent keys, validated against the panel's fields
// (choices accept tokens or {token, title}); unknown and readonly keys are ignored.
import { validationError } from '../../lib/errors.ts';
import type { RegistryRecord } from '../registry/records.ts';
import { recordNamed } from '../registry/records.ts';
import { checkFieldValue } from '../registry/validate.ts';
import type { RegistryPanel } from './panels.ts';

const tokenOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && 'token' in v ? (v as { token: unknown }).token : v);

/** `body`: a JSON object (the PATCH route's schema saw to that). */
export function panelWrites(panel: RegistryPanel, body: Record<string, unknown>): [RegistryRecord, unknown][] {
  const writes: [RegistryRecord, unknown][] = [];
  const errors: { field: string; message: string }[] = [];
  for (const [name, raw] of Object.entries(body)) {
    const field = panel.fields.find((f) => f.name === name);
    if (!field || field.readonly) continue;
    const value = Array.isArray(raw) ? raw.map(tokenOf) : tokenOf(raw);
    const checked = checkFieldValue(field, value);
    const message = 'error' in checked ? checked.error : field.check?.(checked.value);
    if (message) errors.push({ field: name, message });
    else if ('value' in checked) writes.push([recordNamed(field.key)!, checked.value]);
  }
  if (errors.length) throw validationError(errors);
  return writes;
}
