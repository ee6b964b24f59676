// Registry records (seed "Registry record", supplement 23): every record a control panel exposes,
// the related records without a panel (13.3) and the query builder's field titles. Names keep
// their real `plone.` prefix (Appendix C).
import type { SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { FILTER_DEFAULTS } from '../../serialize/safe-html.ts';
import { FIELDS } from '../querystring/registry.ts';
import { REGISTRY_PANELS } from '../controlpanels/panels.ts';
import { bool, initialValue, list, line, type PanelField } from '../controlpanels/panel-fields.ts';

export interface RegistryRecord {
  name: string;
  field: FieldDef;
  initial: (state: SiteState) => unknown;
  check?: PanelField['check'];
}

const fromField = (f: PanelField): RegistryRecord => ({
  name: f.key,
  field: f,
  initial: (s) => initialValue(s, f),
  check: f.check,
});

const QUERYSTRING_TITLES: PanelField[] = Object.entries(FIELDS).map(([index, def]) => ({
  ...line(`app.querystring.field.${index}.title`, 'Title', { default: def.title }),
}));

const DATE_FORMAT = 'Products.CMFPlone.i18nl10n.override_dateformat.';
const dateFormat = (name: string, title: string, value: string, description: string): PanelField =>
  ({ ...line(name, title, { description, initial: () => value }), key: DATE_FORMAT + name });

const WITHOUT_PANEL: PanelField[] = [
  { ...bool('Enabled', 'Enabled', false, { description: 'Override the translation machinery' }), default: undefined, initial: () => false, key: `${DATE_FORMAT}Enabled` },
  dateFormat('date_format_long', 'old ZMI property: localLongTimeFormat', '%Y-%m-%d %H:%M', 'Default value: %Y-%m-%d %H:%M (2038-01-19 03:14)'),
  dateFormat('date_format_short', 'old ZMI property: localTimeFormat', '%Y-%m-%d', 'Default value: %Y-%m-%d (2038-01-19)'),
  dateFormat('time_format', 'old ZMI property: localTimeOnlyFormat', '%H:%M', 'Default value: %H:%M (03:14)'),
  list('types_use_view_action_in_listings', 'Types which use the view action in listing views.', null, {
    default: ['Image', 'File'],
    initial: (s) => (s.settings.volto ? [] : ['Image', 'File']),
  }),
  bool('redirect_links', 'Redirect links', true),
  list('default_page_types', 'Types that can be set as a default page', null, { default: ['Document', 'Event', 'News Item', 'Collection'] }),
  bool('multilingual', 'Multilingual', false),
  // The safe-HTML filter of rich text (supplement-2 §5.1; no REST control panel in Plone 6).
  bool('disable_filtering', 'Disable html filtering', FILTER_DEFAULTS.disable_filtering, {
    description: 'Warning, disabling can be potentially dangereous. Only disable if you know what you are doing.',
  }),
  list('nasty_tags', 'Nasty tags', null, {
    default: FILTER_DEFAULTS.nasty_tags,
    description: 'These tags, and their content are completely blocked when a page is saved or rendered.',
  }),
  list('valid_tags', 'Valid tags', null, { default: FILTER_DEFAULTS.valid_tags, description: 'A list of valid tags which will be not filtered out.' }),
  list('custom_attributes', 'Custom attributes', null, { default: FILTER_DEFAULTS.custom_attributes, description: 'These attributes are additionally allowed.' }),
  ...QUERYSTRING_TITLES,
];

const byName = (a: RegistryRecord, b: RegistryRecord) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** All records, in name order. */
export const RECORDS: RegistryRecord[] = [...REGISTRY_PANELS.flatMap((p) => p.fields), ...WITHOUT_PANEL].map(fromField).sort(byName);

const INDEX = new Map(RECORDS.map((r) => [r.name, r]));

/** A record by name; the exchanges' `cms.` spelling of a `plone.` name is accepted too. */
export function recordNamed(name: string): RegistryRecord | undefined {
  return INDEX.get(name) ?? (name.startsWith('cms.') ? INDEX.get(`plone.${name.slice(4)}`) : undefined);
}

/** The current value of a record (its site default until written). */
export const recordValue = (state: SiteState, record: RegistryRecord) => registryValue(state, record.name, record.initial(state));
