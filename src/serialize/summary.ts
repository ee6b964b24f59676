// Summary serialisation (supplement 7.4): folder items, search results, parent, neighbours.
import type { ApiRequest } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { urlOf } from '../domain/urls.ts';
import { typeTitle } from '../i18n/translate.ts';
import { metadataColumn, METADATA_COLUMNS, VOLTO_SUMMARY_COLUMNS } from './metadata.ts';
import { own } from '../lib/records.ts';

const IGNORED = new Set(['getObject', 'getDataOrigin', 'getUserData']);

export function summary(state: SiteState, node: ContentNode, req: ApiRequest, metadataFields: string[] = []): Record<string, unknown> {
  const type = own(state.types, node.type);
  const isRoot = node.parent === null;
  const out: Record<string, unknown> = {
    '@id': urlOf(state, node, req.url.siteUrl),
    '@type': node.type,
    description: (node.fields.description as string) ?? '',
    title: (node.fields.title as string) ?? '',
    type_title: typeTitle(state, req, node.type),
  };
  if (!isRoot) out.review_state = node.reviewState;
  if (isRoot) return out;
  const extra = state.settings.volto ? VOLTO_SUMMARY_COLUMNS : [];
  const names = metadataFields.includes('_all') ? [...METADATA_COLUMNS, 'getPath', 'getURL'] : [...extra, ...metadataFields];
  for (const name of names) {
    if (name.startsWith('_') || IGNORED.has(name) || name in out) continue;
    out[name] = metadataColumn(state, node, name, req);
  }
  return out;
}
