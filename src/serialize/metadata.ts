// Catalog metadata columns (supplement 18.3), computed from a node for summaries.
import type { ApiRequest } from '../http/types.ts';
import type { BlobRef, ContentNode, SiteState } from '../state/model.ts';
import { SCALES, fitInto, scaleFileName } from '../blobs/scales.ts';
import { formatDate } from './dates.ts';
import { pathOf } from '../state/select.ts';
import { urlOf } from '../domain/urls.ts';
import { own } from '../lib/records.ts';

export const METADATA_COLUMNS = [
  'CreationDate', 'Creator', 'Date', 'Description', 'EffectiveDate', 'ExpirationDate', 'ModificationDate',
  'Subject', 'Title', 'Type', 'UID', 'created', 'effective', 'end', 'exclude_from_nav', 'expires', 'getIcon',
  'getId', 'getObjSize', 'getRemoteUrl', 'id', 'image_scales', 'is_folderish', 'listCreators', 'location',
  'modified', 'portal_type', 'review_state', 'start', 'mime_type', 'sync_uid',
];

export const VOLTO_SUMMARY_COLUMNS = [
  'head_title', 'effective', 'end', 'start', 'getObjSize', 'image_field', 'image_scales', 'mime_type', 'nav_title', 'getRemoteUrl',
];

const IMAGE_FIELDS = ['preview_image', 'image'];

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

const blobOf = (node: ContentNode): BlobRef | undefined =>
  (node.fields.file ?? node.fields.image) as BlobRef | undefined;

function imageScales(node: ContentNode) {
  const out: Record<string, unknown[]> = {};
  for (const field of IMAGE_FIELDS) {
    const ref = node.fields[field] as BlobRef | undefined;
    if (!ref || !ref.width || !ref.height) continue;
    const scales: Record<string, unknown> = {};
    for (const [name, box] of Object.entries(SCALES)) {
      if (box[0] > ref.width) continue; // scales wider than the original are omitted
      const [w, h] = fitInto(ref.width, ref.height, box);
      scales[name] = { download: `@@images/${scaleFileName(field, w, ref.blob, ref.contentType)}`, width: w, height: h };
    }
    out[field] = [
      {
        'content-type': ref.contentType,
        download: `@@images/${scaleFileName(field, ref.width, ref.blob, ref.contentType)}`,
        filename: ref.filename,
        height: ref.height,
        scales,
        size: ref.size,
        width: ref.width,
      },
    ];
  }
  return Object.keys(out).length ? out : null;
}

export function metadataColumn(state: SiteState, node: ContentNode, name: string, req: ApiRequest): unknown {
  const f = node.fields;
  const creators = (f.creators as string[] | undefined) ?? [];
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  switch (name) {
    case 'Title': return f.title ?? '';
    case 'Description': return f.description ?? '';
    case 'Type': return own(state.types, node.type)?.title ?? node.type;
    case 'portal_type': return node.type;
    case 'UID': return node.uid;
    case 'id':
    case 'getId': return node.id;
    case 'review_state': return node.reviewState;
    case 'Creator': return creators[0] ?? null;
    case 'listCreators': return creators;
    case 'Subject': return (f.subjects as string[] | undefined) ?? [];
    case 'created': return formatDate(node.created);
    case 'modified': return formatDate(node.modified);
    case 'effective': return formatDate(f.effective) ?? '1969-12-31T00:00:00+00:00';
    case 'expires': return formatDate(f.expires) ?? '2499-12-31T00:00:00+00:00';
    case 'start': return formatDate(f.start);
    case 'end': return formatDate(f.end);
    case 'CreationDate': return formatDate(node.created);
    case 'ModificationDate': return formatDate(node.modified);
    case 'EffectiveDate': return formatDate(f.effective) ?? 'None';
    case 'ExpirationDate': return formatDate(f.expires) ?? 'None';
    case 'Date': return formatDate(f.effective) ?? formatDate(node.modified);
    case 'exclude_from_nav': return f.exclude_from_nav === true;
    case 'is_folderish': return own(state.types, node.type)?.folderish ?? false;
    case 'getIcon': return !!(f.image || f.preview_image);
    case 'hasPreviewImage': return !!(f.image || f.preview_image);
    case 'getObjSize': return humanSize(blobOf(node)?.size ?? 0);
    case 'mime_type': return blobOf(node)?.contentType ?? 'text/plain';
    case 'getRemoteUrl': return str(f.remoteUrl);
    case 'location': return str(f.location);
    case 'sync_uid': return str(f.sync_uid);
    case 'nav_title': return str(f.nav_title);
    case 'head_title': return str(f.head_title);
    case 'image_field': return f.preview_image ? 'preview_image' : f.image ? 'image' : null;
    case 'image_scales': return imageScales(node);
    case 'getPath': return '/' + [state.settings.siteId, ...pathOf(state, node)].join('/');
    case 'getURL': return urlOf(state, node, req.url.siteUrl);
    case 'Language': return str(f.language) ?? '';
    default: return Object.hasOwn(f, name) ? (f[name] ?? null) : null;
  }
}
