// The `expand.contextnavigation.*` options (supplement 31.3), read from the query string.
import type { Query } from '../../domain/query.ts';
import { first, intParam, parseBoolean } from '../../domain/query.ts';
import { badRequest } from '../../lib/errors.ts';

export interface ContextNavOptions {
  name: string;
  rootPath: string | null;
  includeTop: boolean;
  currentFolderOnly: boolean;
  topLevel: number;
  bottomLevel: number;
  noIcons: boolean;
  thumbScale: string;
  noThumbs: boolean;
}

const PREFIX = 'expand.contextnavigation.';

function bool(q: Query, name: string): boolean {
  const raw = first(q, PREFIX + name);
  if (raw === undefined || raw === '') return false;
  const value = parseBoolean(raw);
  if (value === undefined) throw badRequest(`Could not parse value '${raw}' as boolean`);
  return value;
}

export function contextNavOptions(q: Query): ContextNavOptions {
  const rootPath = first(q, PREFIX + 'root_path');
  return {
    name: first(q, PREFIX + 'name') ?? '',
    rootPath: rootPath ? rootPath : null,
    includeTop: bool(q, 'includeTop'),
    currentFolderOnly: bool(q, 'currentFolderOnly'),
    topLevel: intParam(q, PREFIX + 'topLevel', 1),
    bottomLevel: intParam(q, PREFIX + 'bottomLevel', 0),
    noIcons: bool(q, 'no_icons'),
    thumbScale: first(q, PREFIX + 'thumb_scale') || 'icon',
    noThumbs: bool(q, 'no_thumbs'),
  };
}
