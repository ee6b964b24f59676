// The results of a Collection's stored query (supplement 10.1): `{i, o, v}` criteria over the
// objects the caller may view, sorted by `sort_on`/`sort_reversed`, capped by `limit`.
// A scan of the tree; the catalog issue replaces it with index lookups.
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { allNodes, getNode } from '../../state/nodes.ts';
import { canView } from '../../auth/check.ts';
import { pathOf, traverse } from '../../state/select.ts';
import { metadataColumn } from '../../serialize/metadata.ts';
import { setCollectionResults } from '../../serialize/content.ts';

interface Criterion {
  i: string;
  o: string;
  v?: unknown;
}

const OPERATION_PREFIX = /^(plone|cms)\.app\.querystring\.operation\./;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)]);

function indexValue(state: SiteState, node: ContentNode, index: string, req: ApiRequest): unknown {
  switch (index) {
    case 'path':
      return '/' + pathOf(state, node).join('/');
    case 'SearchableText': {
      const text = node.fields.text as { data?: string } | null | undefined;
      return [node.fields.title, node.fields.description, text?.data, ...((node.fields.subjects as string[]) ?? [])].join(' ');
    }
    case 'sortable_title':
      return String(node.fields.title ?? '').toLowerCase();
    case 'getObjPositionInParent': {
      const parent = node.parent ? getNode(state, node.parent) : undefined;
      return parent ? parent.children.indexOf(node.uid) : 0;
    }
    default:
      return metadataColumn(state, node, index, req);
  }
}

function dateOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

function relativePathTarget(state: SiteState, collection: ContentNode, value: string): string {
  // "..": parent of the collection; "::1" style depth suffixes are ignored.
  const raw = value.split('::')[0];
  let base = collection.parent ? getNode(state, collection.parent) : undefined;
  base ??= collection;
  const parts = raw.split('/').filter(Boolean);
  let segments = pathOf(state, base);
  for (const p of parts) {
    if (p === '..') segments = segments.slice(0, -1);
    else if (p !== '.') segments = [...segments, p];
  }
  return '/' + segments.join('/');
}

function matches(state: SiteState, node: ContentNode, c: Criterion, req: ApiRequest, collection: ContentNode): boolean {
  const op = c.o.replace(OPERATION_PREFIX, '');
  const value = indexValue(state, node, c.i, req);
  const values = Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : [String(value)];
  const wanted = asList(c.v);
  const dayMs = 86400_000;
  const now = Date.parse(req.now);
  switch (op) {
    case 'string.is':
    case 'selection.is':
    case 'selection.any':
    case 'list.contains':
      return wanted.length === 0 || values.some((v) => wanted.includes(v));
    case 'selection.all':
      return wanted.every((w) => values.includes(w));
    case 'selection.none':
      return !values.some((v) => wanted.includes(v));
    case 'string.contains':
      return wanted.every((w) => values.some((v) => v.toLowerCase().includes(w.toLowerCase().replace(/\*$/, ''))));
    case 'boolean.isTrue':
      return value === true;
    case 'boolean.isFalse':
      return value === false || value === null;
    case 'string.currentUser':
      return req.principal.id !== null && values.includes(req.principal.id);
    case 'string.path':
    case 'string.absolutePath':
    case 'string.relativePath': {
      const raw = wanted[0] ?? '';
      let target = op === 'string.relativePath' ? relativePathTarget(state, collection, raw) : raw.split('::')[0];
      if (op !== 'string.relativePath' && /^[0-9a-f]{32}$/.test(target)) {
        const byUid = getNode(state, target);
        target = byUid ? '/' + pathOf(state, byUid).join('/') : target;
      }
      const prefix = target.replace(/\/$/, '');
      const p = values[0] ?? '';
      return prefix === '' || p === prefix || p.startsWith(prefix + '/');
    }
    default: {
      const t = dateOf(value);
      if (t === undefined) return false;
      const d = (x: unknown) => dateOf(x) ?? Number(x);
      switch (op) {
        case 'date.lessThan':
          return t < (d(wanted[0]) as number);
        case 'date.largerThan':
          return t > (d(wanted[0]) as number);
        case 'date.between':
          return t >= (d(wanted[0]) as number) && t <= (d(wanted[1]) as number);
        case 'date.today':
          return Math.floor(t / dayMs) === Math.floor(now / dayMs);
        case 'date.beforeToday':
          return t < Math.floor(now / dayMs) * dayMs;
        case 'date.afterToday':
          return t >= (Math.floor(now / dayMs) + 1) * dayMs;
        case 'date.lessThanRelativeDate':
          return t < now + Number(wanted[0] ?? 0) * dayMs && t >= now;
        case 'date.largerThanRelativeDate':
          return t > now + Number(wanted[0] ?? 0) * dayMs;
        default:
          return false;
      }
    }
  }
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return a < b ? -1 : 1;
}

export function collectionResults(state: SiteState, collection: ContentNode, req: ApiRequest): ContentNode[] {
  const raw = collection.fields.query;
  const criteria = (Array.isArray(raw) ? raw : []).filter(
    (c): c is Criterion => !!c && typeof c === 'object' && typeof (c as Criterion).i === 'string' && typeof (c as Criterion).o === 'string',
  );
  if (!criteria.length) return [];
  const results: ContentNode[] = [];
  for (const node of allNodes(state)) {
    if (node.parent === null) continue;
    if (!criteria.every((c) => matches(state, node, c, req, collection))) continue;
    if (canView(state, req.principal, node)) results.push(node);
  }
  const sortOn = typeof collection.fields.sort_on === 'string' && collection.fields.sort_on ? collection.fields.sort_on : undefined;
  const reversed = collection.fields.sort_reversed === true;
  if (sortOn) {
    const keyed = results.map((n) => ({ n, k: indexValue(state, n, sortOn, req) }));
    keyed.sort((a, b) => compare(a.k, b.k));
    results.splice(0, results.length, ...keyed.map((x) => x.n));
  } else {
    // Without a sort: tree order (depth-first, by position), which is stable and predictable.
    const order = new Map<string, number>();
    let i = 0;
    const walk = (n: ContentNode) => {
      order.set(n.uid, i++);
      for (const c of n.children) walk(getNode(state, c)!);
    };
    walk(traverse(state, [])!);
    results.sort((a, b) => order.get(a.uid)! - order.get(b.uid)!);
  }
  if (reversed) results.reverse();
  const limit = typeof collection.fields.limit === 'number' && collection.fields.limit > 0 ? collection.fields.limit : 1000;
  return results.slice(0, limit);
}

setCollectionResults(collectionResults);
