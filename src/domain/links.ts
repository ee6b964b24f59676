// Links in rich text and Volto blocks (`resolveuid/<uid>` and internal paths), extracted once per
// (immutable) fields object: the source of the read-only `isReferencing` relations (resolved by
// the relations family) and of the catalog's set of objects that may hold relations.
export interface Links {
  uids: string[];
  paths: string[];
}

const RESOLVEUID = /resolve[uU]id\/([0-9A-Za-z-]+)/g;
const ATTRIBUTE = /\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;
const LINK_KEYS = new Set(['href', 'url', '@id']);
/** An explicit cache: per fields object (frozen in the state), weakly held. */
const cache = new WeakMap<object, Links>();
/**
 * Text (UTF-16 code units) below which a fields object without blocks and without links is not
 * memoized: scanning a few KB again costs microseconds, while an entry of the memo cost ~42 B per
 * object (a site of documents with ~1 KB of text: every object has one, since the catalog asks).
 */
const MEMO_FROM = 8 * 1024;

function collectString(value: string, out: Links, asLink: boolean): void {
  for (const m of value.matchAll(RESOLVEUID)) out.uids.push(m[1]);
  if (asLink && !value.includes('resolveuid') && !value.includes('resolveUid') && (value.startsWith('/') || /^https?:\/\//.test(value))) {
    out.paths.push(value);
  }
}

function collectHtml(html: string, out: Links): void {
  for (const m of html.matchAll(ATTRIBUTE)) collectString(m[1], out, true);
  // a Set, not out.uids.includes: a text of megabytes may hold hundreds of thousands of links
  const seen = new Set(out.uids);
  for (const m of html.matchAll(RESOLVEUID)) {
    if (seen.has(m[1])) continue;
    seen.add(m[1]);
    out.uids.push(m[1]);
  }
}

function collectBlocks(value: unknown, out: Links, key = ''): void {
  if (typeof value === 'string') collectString(value, out, LINK_KEYS.has(key));
  else if (Array.isArray(value)) for (const v of value) collectBlocks(v, out, key === 'href' ? 'href' : '');
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectBlocks(v, out, k);
}

export function linksOf(fields: Record<string, unknown>): Links {
  const hit = cache.get(fields);
  if (hit) return hit;
  const out: Links = { uids: [], paths: [] };
  const text = fields.text as { data?: unknown } | null | undefined;
  const html = text && typeof text.data === 'string' ? text.data : '';
  if (html) collectHtml(html, out);
  if (fields.blocks) collectBlocks(fields.blocks, out);
  if (!out.uids.length && !out.paths.length) {
    // most objects link nowhere: one shared answer for them (a fresh one each was ~110 B per object)
    if (fields.blocks || html.length >= MEMO_FROM) cache.set(fields, NO_LINKS);
    return NO_LINKS;
  }
  cache.set(fields, out);
  return out;
}

const NO_LINKS: Links = Object.freeze({ uids: Object.freeze([]) as unknown as string[], paths: Object.freeze([]) as unknown as string[] });

