// A registry-backed panel as the API shows it: `{@id, title, group, schema, data}` (supplement
// 13.1); choice values are shown as {token, title}.
import type { SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { LANGUAGES } from '../../types/vocabularies.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { fieldProperty } from '../types/schema-json.ts';
import { initialValue, type PanelField } from './panel-fields.ts';
import type { RegistryPanel } from './panels.ts';
import { own } from '../../lib/records.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const panelUrl = (siteUrl: string, id: string) => `${siteUrl}/@controlpanels/${id}`;

/** The value a field holds on this site (its registry record, else the fresh-site value). */
export const panelValue = (state: SiteState, f: PanelField) => registryValue(state, f.key, initialValue(state, f));

function termTitle(state: SiteState, field: FieldDef, token: string): string {
  const inline = field.choices?.find(([t]) => t === token);
  if (inline) return inline[1];
  const vocabulary = field.vocabulary ?? '';
  if (vocabulary.endsWith('Weekdays')) return WEEKDAYS[Number(token)] ?? token;
  if (vocabulary.endsWith('Languages')) return own(LANGUAGES, token) ?? token;
  if (vocabulary.endsWith('Types') && Object.hasOwn(state.types, token)) return own(state.types, token)!.title;
  return token;
}

function shown(state: SiteState, field: FieldDef, value: unknown): unknown {
  const term = (v: unknown) => {
    const token = String(v);
    return { title: termTitle(state, field, token), token };
  };
  if (value === null || value === undefined) return null;
  if (field.kind === 'Choice') return term(value);
  if ((field.kind === 'List' || field.kind === 'Tuple') && field.valueKind === 'Choice' && Array.isArray(value)) return value.map(term);
  return value;
}

export function panelSchema(panel: RegistryPanel, base: string): Record<string, unknown> {
  const fieldsets = Object.entries(panel.fieldsets).map(([id, title]) => ({
    behavior: 'plone',
    fields: panel.fields.filter((f) => f.fieldset === id).map((f) => f.name),
    id,
    title,
  }));
  return {
    fieldsets,
    properties: Object.fromEntries(panel.fields.map((f) => [f.name, fieldProperty(f, base)])),
    required: panel.fields.filter((f) => f.required).map((f) => f.name),
    type: 'object',
  };
}

export function panelJson(state: SiteState, panel: RegistryPanel, siteUrl: string): Record<string, unknown> {
  return {
    '@id': panelUrl(siteUrl, panel.id),
    data: Object.fromEntries(panel.fields.map((f) => [f.name, shown(state, f, panelValue(state, f))])),
    group: panel.group,
    schema: panelSchema(panel, siteUrl),
    title: panel.title,
  };
}
