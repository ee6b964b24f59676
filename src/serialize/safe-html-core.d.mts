import type sanitizeHtml from 'sanitize-html';

/** The site's filter lists (registry records plone.valid_tags, plone.nasty_tags, plone.custom_attributes), lower-cased. */
export interface FilterLists {
  valid: string[];
  nasty: string[];
  custom: string[];
}

export function scriptLike(value: string): boolean;
export function sanitizeOptions(lists: FilterLists): sanitizeHtml.IOptions;
