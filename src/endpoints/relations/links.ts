// Links in rich text and Volto blocks, the source of the read-only `isReferencing` relations.
// Extracted once per (immutable) fields object; paths are resolved against the state of the read.
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { resolveReference } from '../content/references.ts';

interface Links {
  uids: string[];
  paths: string[];
}

const RESOLVEUID = /resolve[uU]id\/([0-9A-Za-z-]+)/g;
const ATTRIBUTE = /\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;
const LINK_KEYS = new Set(['href', 'url', '@id']);
const cache = new WeakMap<object, Links>();

function collectString(value: string, out: Links, asLink: boolean): void {
  for (const m of value.matchAll(RESOLVEUID)) out.uids.push(m[1]);
  if (asLink && !value.includes('resolveuid') && !value.includes('resolveUid') && (value.startsWith('/') || /^https?:\/\//.test(value))) {
    out.paths.push(value);
  }
}

function collectHtml(html: string, out: Links): void {
  for (const m of html.matchAll(ATTRIBUTE)) collectString(m[1], out, true);
  for (const m of html.matchAll(RESOLVEUID)) if (!out.uids.includes(m[1])) out.uids.push(m[1]);
}

function collectBlocks(value: unknown, out: Links, key = ''): void {
  if (typeof value === 'string') collectString(value, out, LINK_KEYS.has(key));
  else if (Array.isArray(value)) for (const v of value) collectBlocks(v, out, key === 'href' ? 'href' : '');
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectBlocks(v, out, k);
}

function linksOf(fields: Record<string, unknown>): Links {
  const hit = cache.get(fields);
  if (hit) return hit;
  const out: Links = { uids: [], paths: [] };
  const text = fields.text as { data?: unknown } | null | undefined;
  if (text && typeof text.data === 'string') collectHtml(text.data, out);
  if (fields.blocks) collectBlocks(fields.blocks, out);
  cache.set(fields, out);
  return out;
}

/** Strip what follows the object's own path: query, fragment, views and services. */
const objectPart = (link: string) => link.split(/[?#]/)[0].split(/\/@@?[^/]*/)[0];

/**
 * Targets a node's text and blocks link to: UIDs (present or not: a missing one is a broken
 * relation) and internal paths that resolve now. Absolute URLs count only when they name the site.
 */
export function referencedUids(state: SiteState, node: ContentNode): string[] {
  const links = linksOf(node.fields);
  const out = new Set<string>(links.uids);
  for (const link of links.paths) {
    const path = objectPart(link);
    if (/^https?:/.test(path) && !path.split('/').includes(state.settings.siteId)) continue;
    const uid = resolveReference(state, path);
    if (uid && uid !== state.rootUid) out.add(uid);
  }
  out.delete(node.uid);
  return [...out].filter((uid) => /^[0-9A-Za-z-]{8,}$/.test(uid) || getNode(state, uid));
}
