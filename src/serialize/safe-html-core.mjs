// The safe-HTML filter's configuration of sanitize-html, from the site's lists: one module of plain
// JavaScript because it runs in two places, the server's thread (short texts) and the filter's
// worker thread (long texts, src/serialize/safe-html.worker.mjs), which Node loads without a
// TypeScript loader. Types: safe-html-core.d.mts.

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

/** CSS-style `\NN` escapes (`java\73 cript:`), decoded before judging an attribute value. */
const CSS_ESCAPE = /\\([0-9a-f]{1,6})\s?/gi;
const decodeEscape = (_, hex) => {
  const code = parseInt(hex, 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
};

/**
 * Plone's script-value pass: an attribute whose value, with escapes decoded, NULs, comments and
 * whitespace removed and lower-cased, holds `script:`, `expression:`, `expression(` or `data:`
 * anywhere (or starts with a link scheme lxml kills) is deleted whole. `@import` is scrubbed
 * from styles by lxml; the attribute goes here.
 */
export function scriptLike(value) {
  const v = value.replace(CSS_ESCAPE, decodeEscape).replace(/\0/g, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '').toLowerCase();
  return /script:|expression[:(]|data:|@import/.test(v) || /^(about|mocha):/.test(v);
}

function withoutScriptValues(attribs) {
  const out = Object.create(null); // attribute names come from the caller's HTML
  for (const [name, value] of Object.entries(attribs)) if (!scriptLike(value)) out[name] = value;
  return out;
}

/** sanitize-html's options for the site's lists (lower-cased tag and attribute names). */
export function sanitizeOptions({ valid, nasty, custom }) {
  const validSet = new Set(valid);
  return {
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
}
