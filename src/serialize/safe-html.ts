// Rich text is served through a safe-HTML filter, as Plone serves it (supplement-2 §5): on output,
// never on write (the stored `raw` stays what the editor sent). The filter is the sanitize-html
// package configured from the four registry records Plone's filter reads, so changing them through
// @registry changes the output. Results are memoised per (settings, stored text).
import sanitizeHtml from 'sanitize-html';
import type { SiteState } from '../state/model.ts';
import { registryValue } from '../domain/registry-value.ts';

export const FILTER_DEFAULTS = {
  disable_filtering: false,
  nasty_tags: ['style', 'object', 'embed', 'applet', 'script', 'meta'],
  valid_tags: [
    'a', 'abbr', 'acronym', 'address', 'area', 'article', 'aside', 'audio', 'b', 'bdo', 'big', 'blockquote', 'body', 'br',
    'canvas', 'caption', 'cite', 'code', 'col', 'colgroup', 'command', 'datalist', 'dd', 'del', 'details', 'dfn', 'dialog',
    'div', 'dl', 'dt', 'em', 'figure', 'figcaption', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup',
    'hr', 'html', 'i', 'iframe', 'img', 'ins', 'kbd', 'keygen', 'li', 'map', 'mark', 'meter', 'nav', 'ol', 'output', 'p',
    'pre', 'picture', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strong', 'sub',
    'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'title', 'tr', 'tt', 'u', 'ul', 'var', 'video',
  ],
  custom_attributes: ['style', 'controls', 'poster', 'autoplay', 'loading', 'srcset', 'sizes', 'open'],
};

/** lxml's `safe_attrs` (supplement-2 §5.3); the site's custom attributes are added to these. */
const SAFE_ATTRS = [
  'abbr', 'accept', 'accept-charset', 'accesskey', 'action', 'align', 'alt', 'axis', 'border', 'cellpadding', 'cellspacing',
  'char', 'charoff', 'charset', 'checked', 'cite', 'class', 'clear', 'cols', 'colspan', 'color', 'compact', 'coords',
  'datetime', 'dir', 'disabled', 'enctype', 'for', 'frame', 'headers', 'height', 'href', 'hreflang', 'hspace', 'id', 'ismap',
  'label', 'lang', 'longdesc', 'maxlength', 'media', 'method', 'multiple', 'name', 'nohref', 'noshade', 'nowrap', 'prompt',
  'readonly', 'rel', 'rev', 'rows', 'rowspan', 'rules', 'scope', 'selected', 'shape', 'size', 'span', 'src', 'start',
  'summary', 'tabindex', 'target', 'title', 'type', 'usemap', 'valign', 'value', 'vspace', 'width',
];

/** Removed with their content whatever the settings say (frames; a document's head). */
const ALWAYS_KILLED = ['frameset', 'frame', 'noframes', 'head'];
/** HTML void elements (written without a closing tag). */
const VOID_ELEMENTS = ['area', 'base', 'br', 'col', 'command', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'];
/** Document wrappers: their content is kept, the tags are not (Plone returns the body's inner HTML). */
const UNWRAPPED = new Set(['html', 'body', 'head']);

interface FilterSettings {
  disabled: boolean;
  key: string;
  options: sanitizeHtml.IOptions;
}

const strings = (v: unknown, fallback: string[]) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : fallback);

/** CSS-style `\NN` escapes (`java\73 cript:`), decoded before judging an attribute value. */
const CSS_ESCAPE = /\\([0-9a-f]{1,6})\s?/gi;
const decodeEscape = (_: string, hex: string) => {
  const code = parseInt(hex, 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
};

/**
 * Plone's script-value pass: an attribute whose value, with escapes decoded, NULs, comments and
 * whitespace removed and lower-cased, holds `script:`, `expression:`, `expression(` or `data:`
 * anywhere (or starts with a link scheme lxml kills) is deleted whole. `@import` is scrubbed
 * from styles by lxml; the attribute goes here.
 */
export function scriptLike(value: string): boolean {
  const v = value.replace(CSS_ESCAPE, decodeEscape).replace(/\0/g, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '').toLowerCase();
  return /script:|expression[:(]|data:|@import/.test(v) || /^(about|mocha):/.test(v);
}

function withoutScriptValues(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) if (!scriptLike(value)) out[name] = value;
  return out;
}

function buildSettings(state: SiteState): FilterSettings {
  const disabled = registryValue(state, 'plone.disable_filtering', FILTER_DEFAULTS.disable_filtering) === true;
  const lower = (list: string[]) => list.map((s) => s.toLowerCase());
  const valid = lower(strings(registryValue(state, 'plone.valid_tags', FILTER_DEFAULTS.valid_tags), FILTER_DEFAULTS.valid_tags));
  const nasty = lower(strings(registryValue(state, 'plone.nasty_tags', FILTER_DEFAULTS.nasty_tags), FILTER_DEFAULTS.nasty_tags));
  const custom = lower(strings(registryValue(state, 'plone.custom_attributes', FILTER_DEFAULTS.custom_attributes), FILTER_DEFAULTS.custom_attributes));
  const validSet = new Set(valid);
  const options: sanitizeHtml.IOptions = {
    // Valid tags are kept; any other tag is unwrapped (its text and children kept) ...
    allowedTags: valid.filter((t) => !UNWRAPPED.has(t)),
    disallowedTagsMode: 'discard',
    // ... except nasty tags not also listed as valid: element and content removed.
    nonTextTags: [...nasty.filter((t) => !validSet.has(t)), ...ALWAYS_KILLED],
    allowedAttributes: { '*': [...SAFE_ATTRS, ...custom] },
    selfClosing: VOID_ELEMENTS,
    // Link schemes are judged by the script-value pass (any attribute), not by a scheme allow-list.
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: true,
    // A site that lists `script` or `style` as valid has chosen to keep them (as in Plone).
    allowVulnerableTags: true,
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: withoutScriptValues(attribs) }) },
  };
  return { disabled, key: JSON.stringify([disabled, valid, nasty, custom]), options };
}

/** Settings per registry object (a registry write makes a new one). */
const settingsCache = new WeakMap<object, FilterSettings>();
function settingsOf(state: SiteState): FilterSettings {
  let settings = settingsCache.get(state.registry);
  if (!settings) settingsCache.set(state.registry, (settings = buildSettings(state)));
  return settings;
}

/**
 * Filtered results of the current settings, by stored text, bounded by total characters (oldest
 * forgotten first). Other settings' results are dropped when the settings change.
 */
const MAX_CACHED_CHARS = 32 * 1024 * 1024;
let cacheKey = '';
let results = new Map<string, string>();
let cachedChars = 0;

function remember(html: string, clean: string): void {
  const size = html.length + clean.length;
  if (size > MAX_CACHED_CHARS / 4) return;
  results.set(html, clean);
  cachedChars += size;
  for (const [old, value] of results) {
    if (cachedChars <= MAX_CACHED_CHARS) break;
    results.delete(old);
    cachedChars -= old.length + value.length;
  }
}

/** Rich text as Plone serves it (`text/x-html-safe`), filtered with the site's settings. */
export function safeHtml(state: SiteState, html: string): string {
  const settings = settingsOf(state);
  // Nothing that could be markup: returned as it is (step 1 of Plone's filter).
  if (settings.disabled || (!html.includes('<') && !html.includes('&'))) return html;
  if (settings.key !== cacheKey) {
    cacheKey = settings.key;
    results = new Map();
    cachedChars = 0;
  }
  const hit = results.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, settings.options);
  remember(html, clean);
  return clean;
}
