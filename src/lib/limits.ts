// Size limits on names and values a caller sends (docs/security.md, "Limits"). Plone has none
// for explicit ids or principal names; without one, a 1 MB id makes an object whose URL is too
// long to request again. The request body limit lives in src/http/app.ts, JSON's depth and size
// in src/lib/json-limits.ts.

/** Content ids (explicit, renamed, generated: Plone crops generated ids at 255 too). */
export const MAX_ID_LENGTH = 255;
/** User ids, login names (an e-mail address is at most 254 characters) and group names. */
export const MAX_PRINCIPAL_LENGTH = 254;
/** Content type ids and registry record names. */
export const MAX_NAME_LENGTH = 255;
/** Titles of content types and groups; a user's full name, e-mail, home page and location. */
export const MAX_TITLE_LENGTH = 1000;
/** A user's description. */
export const MAX_DESCRIPTION_LENGTH = 64 * 1024;
/** Passwords: longer ones are refused when set, and never checked at login. */
export const MAX_PASSWORD_LENGTH = 1024;
/** Full-text search: characters of one query, and words in it. */
export const MAX_SEARCH_TEXT_LENGTH = 1000;
export const MAX_SEARCH_TERMS = 64;
/** Items of one list field (subjects, relations, any List or Tuple): each is a catalog entry to add. */
export const MAX_LIST_ITEMS = 5000;
/** Criteria (rows) of one @querystring-search query. */
export const MAX_QUERY_ROWS = 100;

/** "… is longer than N characters." when `value` is a string over `max`. */
export const tooLong = (what: string, value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length > max ? `${what} is longer than ${max} characters.` : undefined;
