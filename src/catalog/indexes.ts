// The catalog's indexes (supplement 18.2, Appendix A): name -> kind. The kind decides how query
// values are converted and matched and whether the index can sort.
import { recordOf } from '../lib/records.ts';

export type IndexKind = 'field' | 'uuid' | 'keyword' | 'date' | 'boolean' | 'text' | 'path' | 'position' | 'daterange';

export const INDEXES: Record<string, IndexKind> = recordOf({
  Creator: 'field',
  Type: 'field',
  getId: 'field',
  id: 'field',
  portal_type: 'field',
  review_state: 'field',
  sortable_title: 'field',
  in_reply_to: 'field',
  Language: 'field',
  TranslationGroup: 'field',
  sync_uid: 'field',
  total_comments: 'field',
  Subject: 'keyword',
  allowedRolesAndUsers: 'keyword',
  getRawRelatedItems: 'keyword',
  object_provides: 'keyword',
  commentators: 'keyword',
  block_types: 'keyword',
  SearchableText: 'text',
  Title: 'text',
  Description: 'text',
  UID: 'uuid',
  created: 'date',
  modified: 'date',
  effective: 'date',
  expires: 'date',
  Date: 'date',
  start: 'date',
  end: 'date',
  effectiveRange: 'daterange',
  is_default_page: 'boolean',
  is_folderish: 'boolean',
  exclude_from_nav: 'boolean',
  getObjPositionInParent: 'position',
  path: 'path',
});

export const isIndex = (name: string): boolean => Object.hasOwn(INDEXES, name);

/** Indexes whose values live in a value -> records map. */
export const VALUE_INDEXES = Object.keys(INDEXES).filter((n) => ['field', 'uuid', 'keyword', 'boolean', 'date'].includes(INDEXES[n]));

/** Text index name -> full-text field numbers (0 title, 1 description, 2 body). */
export const TEXT_INDEX_FIELDS: Record<string, readonly number[]> = recordOf({
  SearchableText: [0, 1, 2],
  Title: [0],
  Description: [1],
});

export const isSortable = (name: string): boolean => isIndex(name) && !['text', 'daterange'].includes(INDEXES[name]);
