// Rich text is served through a safe-HTML filter, as Plone serves it (supplement-2 §5): on output,
// never on write (the stored `raw` stays what the editor sent). The filter is the sanitize-html
// package configured from the four registry records Plone's filter reads, so changing them through
// @registry changes the output. Results are memoised per (settings, stored text). Long texts are
// filtered in a worker thread (filter-worker.ts) so that other callers are answered meanwhile.
import sanitizeHtml from 'sanitize-html';
import type { SiteState } from '../state/model.ts';
import { registryValue } from '../domain/registry-value.ts';
import { mayWait, Pending } from '../lib/pending.ts';
import { FilterWorker } from './filter-worker.ts';
import type { EncodedString } from '../lib/json-pieces.ts';
import { sanitizeOptions, type FilterLists } from './safe-html-core.mjs';

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

interface FilterSettings {
  disabled: boolean;
  key: string;
  lists: FilterLists;
  options: sanitizeHtml.IOptions;
}

const strings = (v: unknown, fallback: string[]) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : fallback);

function buildSettings(state: SiteState): FilterSettings {
  const disabled = registryValue(state, 'plone.disable_filtering', FILTER_DEFAULTS.disable_filtering) === true;
  const lower = (list: string[]) => list.map((s) => s.toLowerCase());
  const valid = lower(strings(registryValue(state, 'plone.valid_tags', FILTER_DEFAULTS.valid_tags), FILTER_DEFAULTS.valid_tags));
  const nasty = lower(strings(registryValue(state, 'plone.nasty_tags', FILTER_DEFAULTS.nasty_tags), FILTER_DEFAULTS.nasty_tags));
  const custom = lower(strings(registryValue(state, 'plone.custom_attributes', FILTER_DEFAULTS.custom_attributes), FILTER_DEFAULTS.custom_attributes));
  const lists = { valid, nasty, custom };
  return { disabled, key: JSON.stringify([disabled, valid, nasty, custom]), lists, options: sanitizeOptions(lists) };
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
let results = new Map<string, string | EncodedString>();
let cachedChars = 0;

function remember(html: string, clean: string | EncodedString): void {
  const size = html.length + clean.length;
  if (size > MAX_CACHED_CHARS / 2) return;
  results.set(html, clean);
  cachedChars += size;
  for (const [old, value] of results) {
    if (cachedChars <= MAX_CACHED_CHARS) break;
    results.delete(old);
    cachedChars -= old.length + value.length;
  }
}

/**
 * Texts at least this long are filtered in the worker thread (sanitize-html does about 3-8 MB of
 * dense markup a second: 64 Ki characters cost up to ~25 ms in place).
 */
export const FILTER_APART_FROM = 64 * 1024;

const worker = new FilterWorker();
/** Texts being filtered in the worker (with the settings key they are filtered for). */
const jobs = new Map<string, { key: string; done: Promise<void> }>();

/** The worker's filtering of `html`, its result remembered; undefined without a worker. */
function filterApart(settings: FilterSettings, html: string): Promise<void> | undefined {
  const running = jobs.get(html);
  if (running && running.key === settings.key) return running.done;
  const filtered = worker.filter(settings.key, settings.lists, html);
  if (!filtered) return undefined;
  const done = filtered.then(
    (clean) => {
      if (cacheKey === settings.key) remember(html, clean);
    },
    () => undefined, // no worker any more: the next try filters in place
  );
  const job = { key: settings.key, done: done.finally(() => jobs.get(html) === job && jobs.delete(html)) };
  jobs.set(html, job);
  return job.done;
}

/**
 * Rich text as Plone serves it (`text/x-html-safe`), filtered with the site's settings. A long
 * text not filtered yet is filtered in the worker thread: this throws `Pending` (lib/pending.ts)
 * and the request runs again once the result is remembered. A result of a MiB or more filtered
 * there stays the bytes of its JSON literal (an EncodedString), written as they are in answers.
 */
export function safeHtml(state: SiteState, html: string): string | EncodedString {
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
  if (html.length >= FILTER_APART_FROM && mayWait()) {
    const job = filterApart(settings, html);
    if (job) throw new Pending(job);
  }
  const clean = sanitizeHtml(html, settings.options);
  remember(html, clean);
  return clean;
}
