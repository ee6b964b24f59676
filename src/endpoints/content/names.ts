// Short ids: normalising titles and file names, checking and making ids unique in a container.
import type { ContentNode } from '../../state/model.ts';
import { MAX_ID_LENGTH } from '../../lib/limits.ts';

/** Ids that would shadow views or services of a container. */
const RESERVED = new Set(['login', 'layout', 'plone', 'zip', 'properties', 'view', 'edit', 'index_html', 'logout', 'search', 'sitemap', 'contact-info', 'accessibility-info', 'resolveuid', 'VirtualHostBase', 'VirtualHostRoot']);

const stripAccents = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** "My Document" -> "my-document"; keeps a file extension with `keepDot`. */
export function normalizeId(text: string, keepDot = false): string {
  const base = stripAccents(text).toLowerCase();
  const cleaned = base
    .replace(keepDot ? /[^a-z0-9._-]+/g : /[^a-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
  return cleaned.slice(0, 50).replace(/[-._]+$/, '');
}

export function validateId(id: unknown): string | undefined {
  if (typeof id !== 'string' || !id) return 'The id must be a non-empty string.';
  if (id.length > MAX_ID_LENGTH) return `The id is longer than ${MAX_ID_LENGTH} characters.`;
  if (id.startsWith('@') || id.startsWith('++') || id.startsWith('_') || id.startsWith('aq_')) return `The id "${id}" is invalid because it begins with a reserved prefix.`;
  if (!/^[A-Za-z0-9._~ -]+$/.test(id) || id === '.' || id === '..') return `The id "${id}" contains characters which are illegal in URLs.`;
  if (RESERVED.has(id)) return `The id "${id}" is reserved.`;
  return undefined;
}

/** Make `wanted` unique among the container's ids with -1, -2, ... (before a file extension). */
export function uniqueId(container: ContentNode, wanted: string): string {
  if (!Object.hasOwn(container.childIds, wanted) && !RESERVED.has(wanted)) return wanted;
  const dot = wanted.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
  for (let i = 1; ; i++) {
    const candidate = `${stem}-${i}${ext}`;
    if (!Object.hasOwn(container.childIds, candidate)) return candidate;
  }
}

/** The id Plone's name chooser gives when none is sent: from title, else file name, else type + date. */
export function chooseId(container: ContentNode, typeId: string, title: unknown, filename: unknown, now: string, counter: number): string {
  let base = '';
  if (typeof title === 'string' && title.trim()) base = normalizeId(title);
  if (!base && typeof filename === 'string' && filename.trim()) base = normalizeId(filename, true);
  if (!base) base = `${typeId.toLowerCase().replace(/ /g, '_')}.${now.slice(0, 10)}.${counter}`;
  return uniqueId(container, base);
}
