// Short ids: normalising titles and file names, checking and making ids unique in a container.
import type { ContentNode } from '../../state/model.ts';
import { MAX_ID_LENGTH } from '../../lib/limits.ts';
import { hasChild } from '../../state/children.ts';
import { recordOf } from '../../lib/records.ts';
import { badRequest } from '../../lib/errors.ts';

/** Ids that would shadow views or services of a container. */
const RESERVED = new Set(['login', 'layout', 'plone', 'zip', 'properties', 'view', 'edit', 'index_html', 'logout', 'search', 'sitemap', 'contact-info', 'accessibility-info', 'resolveuid', 'VirtualHostBase', 'VirtualHostRoot']);

/** Letters that NFKD does not take apart, as Plone's base normaliser writes them in ASCII. */
const TRANSLITERATION: Record<string, string> = recordOf({
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'TH', ı: 'i',
});
/** plone.i18n's German URL normaliser map (used when the request prefers German). */
const GERMAN: Record<string, string> = recordOf({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', '€': 'euro' });

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Transliterate to ASCII, keeping letters, digits, punctuation and whitespace. */
function baseNormalize(text: string, language?: string): string {
  // printable ASCII (most titles) is already what the steps below make
  if (PRINTABLE_ASCII.test(text)) return text;
  const mapped = [...text].map((ch) => (language === 'de' && Object.hasOwn(GERMAN, ch) ? GERMAN[ch] : Object.hasOwn(TRANSLITERATION, ch) ? TRANSLITERATION[ch] : ch)).join('');
  return mapped.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e\s]/g, '');
}

/** Cut at the last `-` at or before `max`; without one, hard at `max` (plone.i18n cropName). */
function cropName(base: string, max: number): string {
  if (base.length <= max) return base;
  const dash = base.lastIndexOf('-', max);
  return dash > 0 ? base.slice(0, dash) : base.slice(0, max);
}

/** Characters of a title or file name that an id is made from (the id has at most 255). */
const NAME_SOURCE = 4096;

/**
 * The text an id is made from: a text longer than NAME_SOURCE by its start and its last five
 * characters (a file extension), so that a title of megabytes costs no more than one of 4 KB.
 */
const nameSource = (text: string) => (text.length > NAME_SOURCE ? text.slice(0, NAME_SOURCE - 5) + text.slice(-5) : text);

/** Words of ASCII letters and digits, one space between them (most titles): named by normalizeId's quick path. */
const PLAIN_WORDS = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/**
 * Plone's URL normaliser (supplement-2 6.1): "My Document" -> "my-document", "Report (final).PDF"
 * -> "report-final.pdf", "Über uns" -> "uber-uns" ("ueber-uns" for German requests); an extension
 * of up to 4 word characters is kept, the rest is cropped at 255 characters.
 */
export function normalizeId(text: string, language?: string): string {
  // plain words that need no crop: the steps of normalizeIdInFull lower them and join them by
  // dashes, and nothing else (six regular expressions and their strings a create otherwise)
  if (text.length <= MAX_ID_LENGTH && PLAIN_WORDS.test(text)) return text.toLowerCase().replaceAll(' ', '-');
  return normalizeIdInFull(text, language);
}

/** normalizeId without its quick path (exported for the test that both agree). */
export function normalizeIdInFull(text: string, language?: string): string {
  const lowered = baseNormalize(nameSource(text), language).trim().replace(/^_+/, '').toLowerCase();
  const m = /^(.+)\.(\w{0,4})$/.exec(lowered);
  const [rawBase, ext] = m ? [m[1], m[2]] : [lowered, ''];
  const base = rawBase
    .replace(/['"]/g, '')
    .replace(/[\W-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-{2,}/g, '-');
  const cropped = cropName(base, MAX_ID_LENGTH); // 255, as plone.i18n's URL normaliser; the extension comes on top
  if (!cropped) return '';
  return ext ? `${cropped}.${ext}` : cropped;
}

/** Names a generated id may not take (Plone's id check, supplement-2 6.2): catalog names, reserved words. */
const NOT_GENERATED = new Set([
  'login', 'layout', 'plone', 'zip', 'properties',
  'created', 'effective', 'end', 'expires', 'id', 'location', 'mime_type', 'modified', 'path', 'portal_type', 'review_state',
  'sortable_title', 'start', 'exclude_from_nav', 'image_scales', 'in_reply_to', 'is_default_page', 'is_folderish', 'object_provides',
  'nav_title', 'head_title', 'image_field', 'block_types',
]);

export function validateId(id: unknown): string | undefined {
  if (typeof id !== 'string' || !id) return 'The id must be a non-empty string.';
  if (id.length > MAX_ID_LENGTH) return `The id is longer than ${MAX_ID_LENGTH} characters.`;
  if (id.startsWith('@') || id.startsWith('++') || id.startsWith('_') || id.startsWith('aq_')) return `The id "${id}" is invalid because it begins with a reserved prefix.`;
  if (!/^[A-Za-z0-9._~ -]+$/.test(id) || id === '.' || id === '..') return `The id "${id}" contains characters which are illegal in URLs.`;
  if (RESERVED.has(id)) return `The id "${id}" is reserved.`;
  return undefined;
}

/** Whether `id` may be taken in `container` (a generated id: not a name of NOT_GENERATED either). */
const isFree = (container: ContentNode, id: string, generated: boolean): boolean => !hasChild(container, id) && !RESERVED.has(id) && !(generated && NOT_GENERATED.has(id));

/** Numbered candidates the name chooser tries before its stamped one (plone.app.content: ATTEMPTS). */
export const ATTEMPTS = 100;

/**
 * The name chooser's last candidate's suffix: Plone appends `time.time()`, a float of epoch
 * seconds. The interface's clock reads whole seconds, so the fraction is the site's next intid:
 * two objects named in the same second get different stamps, and the same request the same one.
 */
export const nameStamp = (nowIso: string, intid: number): string => `${Math.floor(Date.parse(nowIso) / 1000)}.${intid}`;

/**
 * Make `wanted` unique among the container's ids as Plone's name chooser does (supplement-2 6.1):
 * `-1` … `-100`, then `-<stamp>` (each before a file extension); a 400 when none of them is free
 * (Plone's ValueError). At most 102 lookups, however many siblings share the stem.
 */
export function uniqueId(container: ContentNode, wanted: string, generated: boolean, stamp: string): string {
  if (isFree(container, wanted, generated)) return wanted;
  const [stem, ext] = stemAndExtension(wanted);
  for (let i = 1; i <= ATTEMPTS; i++) {
    const candidate = `${stem}-${i}${ext}`;
    if (isFree(container, candidate, generated)) return candidate;
  }
  const stamped = `${stem}-${stamp}${ext}`;
  if (isFree(container, stamped, generated)) return stamped;
  throw badRequest(`Cannot find a unique name based on ${stem} after ${ATTEMPTS} attempts.`);
}

const stemAndExtension = (id: string): [string, string] => {
  const dot = id.lastIndexOf('.');
  return dot > 0 ? [id.slice(0, dot), id.slice(dot)] : [id, ''];
};

/** A title or file name an id can be made from ('' for none). */
const textOf = (v: unknown): string => (typeof v === 'string' && v.trim() ? v : '');

/**
 * The id Plone's name chooser gives when none is sent: from the file name for types named from
 * their file (File, Image) when one is uploaded, else from the title, else `<type>.<date>.<n>`.
 */
export function chooseId(container: ContentNode, type: { id: string; behaviors: string[] }, title: unknown, filename: unknown, now: string, counter: number, language?: string): string {
  const source = (type.behaviors.includes('cms.namefromfilename') && textOf(filename)) || textOf(title) || textOf(filename);
  const base = source ? normalizeId(source, language) : '';
  return uniqueId(container, base || `${type.id.toLowerCase().replace(/ /g, '_')}.${now.slice(0, 10)}.${counter}`, true, nameStamp(now, counter));
}
