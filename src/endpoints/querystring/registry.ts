// The querystring registry (supplement 31.7): which indexes a query builder offers and with
// which operations.
import type { SiteState } from '../../state/model.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import { recordOf } from '../../lib/records.ts';

/**
 * Prefix of operation names in output: Plone's own, not renamed (supplement 31.7, Appendix C), so
 * pages saved by Volto carry names a real Plone understands; `cms.app.querystring.operation.` is
 * accepted too. The query parser's functions keep their plone.app.querystring names as well.
 */
export const OPERATION_PREFIX = 'plone.app.querystring.operation.';
const PARSER_PREFIX = 'plone.app.querystring.queryparser.';

type Op = [title: string, description: string | null, fn: string, widget: string | null];
const TIP = 'Tip: you can use * to autocomplete.';
const YMD = 'Please use YYYY/MM/DD.';

export const OPERATORS: Record<string, Op> = recordOf({
  'string.is': ['Is', TIP, '_equal', 'StringWidget'],
  'string.isNot': ['Is not', TIP, '_excludes', 'StringWidget'],
  'string.contains': ['Contains', null, '_contains', 'StringWidget'],
  'string.currentUser': ['Current logged in user', 'The user viewing the querystring results', '_currentUser', null],
  'string.absolutePath': ['Absolute path', 'Location in the site structure', '_absolutePath', 'ReferenceWidget'],
  'string.path': ['Navigation path', 'Location in the navigation structure', '_navigationPath', 'ReferenceWidget'],
  'string.relativePath': ['Relative path', "Use '../' to navigate to parent objects.", '_relativePath', 'RelativePathWidget'],
  'string.showInactive': ['Show Inactive', 'The user roles which are allowed to see inactive content', '_showInactive', 'MultipleSelectionWidget'],
  'selection.any': ['Matches any of', TIP, '_contains', 'MultipleSelectionWidget'],
  'selection.all': ['Matches all of', TIP, '_all', 'MultipleSelectionWidget'],
  'selection.none': ['Matches none of', TIP, '_excludes', 'MultipleSelectionWidget'],
  'boolean.isTrue': ['Yes', null, '_isTrue', null],
  'boolean.isFalse': ['No', null, '_isFalse', null],
  'int.is': ['Equals', null, '_intEqual', 'StringWidget'],
  'int.lessThan': ['Less than', null, '_intLessThan', 'StringWidget'],
  'int.largerThan': ['Larger than', null, '_intLargerThan', 'StringWidget'],
  'date.lessThan': ['Before date', YMD, '_dateLessThan', 'DateWidget'],
  'date.largerThan': ['After date', YMD, '_dateLargerThan', 'DateWidget'],
  'date.between': ['Between dates', YMD, '_dateBetween', 'DateRangeWidget'],
  'date.lessThanRelativeDate': ['Within next', 'Please enter the number in days.', '_lessThanRelativeDate', 'RelativeDateWidget'],
  'date.largerThanRelativeDate': ['Within last', 'Please enter the number in days.', '_moreThanRelativeDate', 'RelativeDateWidget'],
  'date.today': ['Today', 'The current day', '_today', null],
  'date.beforeToday': ['Before today', 'Before the current day', '_beforeToday', null],
  'date.afterToday': ['After today', 'After the current day', '_afterToday', null],
  'date.beforeRelativeDate': ['Before relative Date', 'Before N days in the past', '_beforeRelativeDate', 'RelativeDateWidget'],
  'date.afterRelativeDate': ['After relative Date', 'After N days in the future', '_afterRelativeDate', 'RelativeDateWidget'],
  'reference.is': ['Equals', null, '_referenceIs', 'ReferenceWidget'],
});

const DATE_OPS = [
  'date.lessThan', 'date.largerThan', 'date.between', 'date.lessThanRelativeDate', 'date.largerThanRelativeDate',
  'date.today', 'date.beforeToday', 'date.afterToday', 'date.beforeRelativeDate', 'date.afterRelativeDate',
];

interface Field {
  title: string;
  description: string;
  group: 'Metadata' | 'Text' | 'Dates';
  enabled: boolean;
  sortable: boolean;
  vocabulary: string | null;
  operations: string[];
}

const f = (title: string, description: string, group: Field['group'], enabled: boolean, sortable: boolean, vocabulary: string | null, operations: string[]): Field =>
  ({ title, description, group, enabled, sortable, vocabulary, operations });

export const FIELDS: Record<string, Field> = recordOf({
  Creator: f('Creator', 'The person that created an item', 'Metadata', true, true, 'cms.app.vocabularies.Users', ['string.currentUser', 'selection.any', 'selection.none']),
  Description: f('Description', "An item's description", 'Text', true, false, null, ['string.contains']),
  SearchableText: f('Searchable text', "Text search of an item's contents", 'Text', true, false, null, ['string.contains']),
  Subject: f('Tag', 'Tags are used for organization of content', 'Text', true, false, 'cms.app.vocabularies.Keywords', ['selection.any', 'selection.all', 'selection.none']),
  Title: f('Title', "Text search of an item's title", 'Text', true, false, null, ['string.contains']),
  created: f('Creation date', 'The date an item was created', 'Dates', true, true, null, DATE_OPS),
  effective: f('Effective date', 'The time and date an item was first published', 'Dates', true, true, null, DATE_OPS),
  effectiveRange: f('Effective range', 'Querying this is undefined', 'Dates', false, false, null, []),
  end: f('Event end date', 'The end date and time of an event', 'Dates', true, true, null, DATE_OPS),
  expires: f('Expiration date', 'The time and date an item was expired', 'Dates', true, true, null, DATE_OPS),
  getId: f('Short name (id)', 'The short name of an item (used in the url)', 'Metadata', true, true, null, ['string.is', 'string.isNot']),
  getObjPositionInParent: f('Order in folder', 'The order of an item in its parent folder', 'Metadata', false, true, null, ['int.is', 'int.lessThan', 'int.largerThan']),
  getRawRelatedItems: f('Related To', 'Find items related to the selected items', 'Metadata', false, false, null, ['reference.is']),
  isDefaultPage: f('Default Page', 'Find items that are the default view for their containing folder.', 'Metadata', false, false, null, ['boolean.isTrue', 'boolean.isFalse']),
  isFolderish: f('Folder-like', 'Find items that can contain other objects', 'Metadata', false, false, null, ['boolean.isTrue', 'boolean.isFalse']),
  modified: f('Modification date', 'The time and date an item was last modified', 'Dates', true, true, null, DATE_OPS),
  path: f('Location', 'The location of an item ', 'Metadata', true, false, null, ['string.absolutePath', 'string.path', 'string.relativePath']),
  portal_type: f('Type', "An item's type (e.g. Event)", 'Metadata', true, false, 'cms.app.vocabularies.ReallyUserFriendlyTypes', ['selection.any', 'selection.none']),
  review_state: f('Review state', "An item's workflow state (e.g.published)", 'Metadata', true, true, 'cms.app.vocabularies.WorkflowStates', ['selection.any', 'selection.none']),
  show_inactive: f('Show Inactive', 'Select which roles have the permission to view inactive objects', 'Metadata', true, false, 'cms.app.vocabularies.Roles', ['string.showInactive']),
  sortable_title: f('Sortable Title', "The item's title, transformed for sorting", 'Text', false, true, null, ['string.contains', 'string.is', 'string.isNot']),
  start: f('Event start date', 'The start date and time of an event', 'Dates', true, true, null, DATE_OPS),
});

/** Query builder field -> catalog index. */
export const FIELD_INDEX: Record<string, string> = recordOf({ isDefaultPage: 'is_default_page', isFolderish: 'is_folderish' });

/** The workflow states of a default site (every installed workflow), then our own workflows'. */
const SITE_STATES: [string, string][] = [
  ['external', 'Externally visible'], ['internal', 'Internal draft'], ['internally_published', 'Internally published'],
  ['pending', 'Pending'], ['private', 'Private'], ['published', 'Published'], ['rejected', 'Rejected'], ['spam', 'Spam'],
  ['visible', 'Public draft'],
];

const ROLES = ['Anonymous', 'Authenticated', 'Contributor', 'Editor', 'Manager', 'Member', 'Owner', 'Reader', 'Reviewer', 'Site Administrator'];
const NOT_USER_FRIENDLY = new Set(['Plone Site', 'TempFolder']);

function vocabularyValues(state: SiteState, name: string | null, keywords: () => string[]): Record<string, { title: string }> {
  const out: Record<string, { title: string }> = {};
  switch (name) {
    case 'cms.app.vocabularies.ReallyUserFriendlyTypes': {
      const types: [string, string][] = Object.values(state.types).filter((t) => !NOT_USER_FRIENDLY.has(t.id)).map((t) => [t.id, t.title]);
      types.push(['Discussion Item', 'Comment']);
      for (const [id, title] of types.sort((a, b) => a[0].localeCompare(b[0]))) out[id] = { title };
      return out;
    }
    case 'cms.app.vocabularies.WorkflowStates': {
      const states = new Map(SITE_STATES);
      for (const wf of Object.values(WORKFLOWS)) for (const s of Object.values(wf.states)) if (!states.has(s.id)) states.set(s.id, s.title);
      for (const [id, title] of [...states].sort()) out[id] = { title: `${title} [${id}]` };
      return out;
    }
    case 'cms.app.vocabularies.Roles':
      for (const role of ROLES) out[role] = { title: role };
      return out;
    case 'cms.app.vocabularies.Keywords':
      for (const k of keywords()) out[k] = { title: k };
      return out;
    default:
      return out;
  }
}

function operatorJson(op: string) {
  const [title, description, fn, widget] = OPERATORS[op];
  return { description, operation: PARSER_PREFIX + fn, title, widget };
}

export function querystringConfig(state: SiteState, keywords: () => string[]) {
  const indexes: Record<string, unknown> = {};
  const sortable: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(FIELDS)) {
    const config = {
      description: field.description,
      enabled: field.enabled,
      fetch_vocabulary: true,
      group: field.group,
      operations: field.operations.map((o) => OPERATION_PREFIX + o),
      operators: Object.fromEntries(field.operations.map((o) => [OPERATION_PREFIX + o, operatorJson(o)])),
      sortable: field.sortable,
      title: field.title,
      values: vocabularyValues(state, field.vocabulary, keywords),
      vocabulary: field.vocabulary,
    };
    indexes[name] = config;
    if (field.sortable) sortable[name] = config;
  }
  return { indexes, sortable_indexes: sortable };
}
