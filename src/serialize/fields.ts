// Read serialisation of field values by field kind (supplement 8.1).
import type { ApiRequest } from '../http/types.ts';
import type { BlobRef, ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import type { FieldDef } from '../types/model.ts';
import { SCALES, fitInto, scaleFileName } from '../blobs/scales.ts';
import { canView } from '../auth/check.ts';
import { formatDate } from './dates.ts';
import { urlOf } from '../domain/urls.ts';
import { LANGUAGES, METADATA_FIELD_TITLES } from '../types/vocabularies.ts';
import { summary } from './summary.ts';
import { safeHtml } from './safe-html.ts';
import { resolvedRemoteUrl } from './remote-url.ts';
import { own } from '../lib/records.ts';
import { isDraft } from 'immer';
import { keep } from './kept.ts';

/** Value a field has when nothing was stored. */
export function missingValue(field: FieldDef): unknown {
  // The language is '' unless set: the schema default only pre-fills forms.
  if (field.vocabulary === 'cms.app.vocabularies.SupportedContentLanguages') return '';
  if (field.default !== undefined) return field.default;
  switch (field.kind) {
    case 'Tuple':
    case 'List':
    case 'RelationList':
      return [];
    default:
      return field.name === 'description' || field.name === 'rights' || field.name === 'title' ? '' : null;
  }
}

export function storedValue(node: ContentNode, field: FieldDef): unknown {
  return Object.hasOwn(node.fields, field.name) ? node.fields[field.name] : missingValue(field);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** RichText output: HTML; plain text sources are converted to paragraphs. */
export function richTextOutput(value: { data: string; 'content-type': string }): string {
  const type = value['content-type'];
  if (type === 'text/plain') {
    return value.data
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`)
      .join('');
  }
  return value.data;
}

export function imageInfo(ref: BlobRef, objUrl: string, field: string) {
  const width = ref.width ?? 0;
  const height = ref.height ?? 0;
  const scales: Record<string, { download: string; width: number; height: number }> = {};
  if (width && height) {
    for (const [name, box] of Object.entries(SCALES)) {
      const [w, h] = fitInto(width, height, box);
      scales[name] = { download: `${objUrl}/@@images/${scaleFileName(field, w, ref.blob, ref.contentType)}`, width: w, height: h };
    }
  }
  return {
    'content-type': ref.contentType,
    download: `${objUrl}/@@images/${scaleFileName(field, width, ref.blob, ref.contentType)}`,
    filename: ref.filename,
    height,
    scales,
    size: ref.size,
    width,
  };
}

export function fileInfo(ref: BlobRef, objUrl: string, field: string) {
  return {
    'content-type': ref.contentType,
    download: `${objUrl}/@@download/${field}`,
    filename: ref.filename,
    size: ref.size,
  };
}

function relationValue(state: SiteState, req: ApiRequest, uid: unknown) {
  if (typeof uid !== 'string') return undefined;
  const target = getNode(state, uid);
  if (!target || !canView(state, req.principal, target)) return undefined;
  return { ...summary(state, target, req), UID: target.uid };
}

function tokenTitle(field: FieldDef, token: string): { title: string; token: string } | undefined {
  if (field.vocabulary === 'cms.app.vocabularies.SupportedContentLanguages') {
    const title = own(LANGUAGES, token);
    return title ? { title, token } : undefined;
  }
  if (field.vocabulary === 'cms.app.contenttypes.metadatafields') {
    return { title: own(METADATA_FIELD_TITLES, token) ?? token, token };
  }
  return undefined;
}

type RichTextValue = { data: string; 'content-type': string };

/** Rich text at most this long (characters shown) is kept as shown. */
const KEEP_RICH_TEXT = 16 * 1024;
/** Characters of rich text kept as shown, at most (then all forgotten at once). */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;

/**
 * Rich text as answers show it, per stored value (immutable: an edit stores a new one) and
 * registry record (the filter's settings; a registry write makes a new one): kept (kept.ts), so
 * its JSON text is made once for every answer that shows it. Bounded by the characters kept.
 */
let shownTexts = new WeakMap<object, { registry: object; shown: unknown }>();
let shownChars = 0;

function richTextShown(state: SiteState, v: RichTextValue): unknown {
  const memo = v !== null && typeof v === 'object' && !isDraft(v) && !isDraft(state);
  const hit = memo ? shownTexts.get(v) : undefined;
  if (hit && hit.registry === state.registry) return hit.shown;
  // Served through the safe-HTML filter (supplement-2 §5.4); the stored source stays as sent.
  const data = safeHtml(state, richTextOutput(v));
  const shown = { 'content-type': v['content-type'], data, encoding: 'utf-8' };
  if (!memo || typeof data !== 'string' || data.length > KEEP_RICH_TEXT || typeof v['content-type'] !== 'string') return shown;
  if ((shownChars += data.length) > MAX_KEPT_CHARS) {
    shownTexts = new WeakMap();
    shownChars = data.length;
  }
  shownTexts.set(v, { registry: state.registry, shown: keep(shown) });
  return shown;
}

export function readField(state: SiteState, node: ContentNode, field: FieldDef, req: ApiRequest, objUrl: string): unknown {
  const value = storedValue(node, field);
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'RichText':
      return richTextShown(state, value as RichTextValue);
    case 'Datetime':
      return formatDate(value);
    case 'NamedBlobImage':
      return imageInfo(value as BlobRef, objUrl, field.name);
    case 'NamedBlobFile':
      return fileInfo(value as BlobRef, objUrl, field.name);
    case 'RelationList':
      return (value as unknown[]).map((uid) => relationValue(state, req, uid)).filter((x) => x !== undefined);
    case 'RelationChoice':
      return relationValue(state, req, value) ?? null;
    case 'Choice':
      if (field.tokenized && typeof value === 'string') return tokenTitle(field, value) ?? value;
      return value;
    case 'List':
    case 'Tuple':
      if (field.tokenized && Array.isArray(value)) {
        return value.map((v) => (typeof v === 'string' ? tokenTitle(field, v) : undefined)).filter((x) => x !== undefined);
      }
      return value;
    default:
      if (field.name === 'remoteUrl' && typeof value === 'string') return resolvedRemoteUrl(state, node, value, req.url.siteUrl);
      return value;
  }
}

export { urlOf };
