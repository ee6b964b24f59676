// What a page of a frontend reads around an object (breadcrumbs, navigation, actions, types), the
// site itself, search, the query builder and vocabularies.
import type { OperationDocs } from '../types.ts';

const BATCH = [
  { name: 'b_start', description: 'Position of the first item of the batch.', type: 'integer' as const, example: 0 },
  { name: 'b_size', description: 'Number of items in the batch (default 25).', type: 'integer' as const, example: 25 },
];

export const siteOperations: OperationDocs = {
  'GET @breadcrumbs': { summary: 'Breadcrumbs from the navigation root to this object' },
  'GET @navigation': {
    summary: 'Main navigation of the site (its top-level items, nested to a depth)',
    query: [{ name: 'expand.navigation.depth', description: 'Levels of the tree (default 1).', type: 'integer', example: 2 }],
  },
  'GET @contextnavigation': {
    summary: 'Navigation portlet: the tree around this object',
    query: [
      { name: 'expand.contextnavigation.bottomLevel', description: 'Deepest level shown (0: no limit).', type: 'integer' },
      { name: 'expand.contextnavigation.topLevel', description: 'Level the tree starts at.', type: 'integer' },
      { name: 'expand.contextnavigation.includeTop', description: 'Include the root of the tree.', type: 'boolean' },
    ],
  },
  'GET @actions': { summary: 'Actions the caller may take here, by category (object, user, site actions, …)' },
  'GET @navroot': { summary: 'Navigation root of this object (the site, or a language folder)' },
  'GET @types': {
    summary: 'Content types addable here; with a type name, its schema (JSON Schema)',
  },
  'POST @types': {
    summary: 'Add a fieldset or a field to a content type',
    body: { factory: 'label_textline_field', title: 'Subtitle', description: 'A second title', required: false },
    status: 201,
  },
  'PATCH @types': { summary: 'Change a content type schema, a fieldset or a field', body: { title: 'A changed title' } },
  'PUT @types': { summary: 'Replace the schema of a content type' },
  'DELETE @types': { summary: 'Remove a fieldset or a field of a content type' },
  'GET @site': { summary: 'Site settings a frontend needs (title, logo, languages, …)' },
  'GET @system': { summary: 'Versions of the server and its parts (Site Setup overview)' },

  'GET @search': {
    summary: 'Search the catalog, below this object unless `path.query` says otherwise',
    description: 'Any index name is a query parameter (e.g. `SearchableText`, `portal_type`, `review_state`); options in dotted form (`path.depth`, `created.query`, `created.range`).',
    query: [
      { name: 'SearchableText', description: 'Words to find in titles, descriptions and text.', example: 'harbour' },
      { name: 'portal_type', description: 'Content type(s).', repeat: true },
      { name: 'review_state', description: 'Workflow state(s).', repeat: true },
      { name: 'path.query', description: 'Path(s) to search below.', repeat: true },
      { name: 'path.depth', description: 'Depth below the path (1: children only).', type: 'integer' },
      { name: 'sort_on', description: 'Index to sort on.', example: 'modified' },
      { name: 'sort_order', description: 'ascending or descending (reverse).' },
      { name: 'metadata_fields', description: 'Catalog columns to include (`_all`: all).', repeat: true },
      { name: 'fullobjects', description: 'Serialize whole objects.', type: 'boolean' },
      { name: 'use_site_search_settings', description: 'Apply the site search settings (searchable types, default sort).', type: 'boolean' },
      ...BATCH,
    ],
  },
  'GET @querystring': { summary: 'Indexes and operations the query builder offers (for Collections and listings)' },
  'POST @querystring-search': {
    summary: 'Run a query of the query builder',
    body: { query: [{ i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: ['Document'] }], sort_on: 'sortable_title', b_size: 10 },
  },
  'GET @querystring-search': { summary: 'Run a query of the query builder given as `query` (JSON) in the URL', query: [{ name: 'query', description: 'The query, JSON encoded.' }] },

  'GET @vocabularies': {
    summary: 'Vocabularies; with a name, the terms of one',
    query: [
      { name: 'title', description: 'Terms whose title contains this text.' },
      { name: 'token', description: 'The term with this token.' },
      { name: 'tokens', description: 'Terms with any of these tokens.', repeat: true },
      { name: 'b_size', description: 'Number of terms (-1: all).', type: 'integer' },
      { name: 'b_start', description: 'Position of the first term.', type: 'integer' },
    ],
  },
  'GET @sources': { summary: 'Terms of the source of a field' },
  'GET @querysources': { summary: 'Terms of the source of a field that match a search', query: [{ name: 'query', description: 'Text to match.' }] },
};
