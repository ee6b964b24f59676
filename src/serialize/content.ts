// Full serialisation of a content object (seed "Content object", supplement 7.1/7.5).
import type { ApiRequest, Services } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { childAt, childCount, childPosition, childUids } from '../state/children.ts';
import { hasPermission } from '../auth/check.ts';
import { activeAt, listable } from '../auth/publication.ts';
import { fieldsOf, isLockable } from '../types/schema.ts';
import type { FieldDef, TypeDef } from '../types/model.ts';
import { has, all, first, parseBoolean } from '../domain/query.ts';
import { badRequest } from '../lib/errors.ts';
import { batch, batchParams, canonicalUrl } from './batching.ts';
import type { ListingParts } from '../http/listing.ts';
import { components } from './components.ts';
import { readField } from './fields.ts';
import { summary } from './summary.ts';
import { urlOf } from '../domain/urls.ts';
import { formatDate } from './dates.ts';
import { lockInfo } from './lock.ts';
import { workingCopyInfo } from './working-copy.ts';
import { discussionEnabled } from '../domain/discussion.ts';
import { typeTitle } from '../i18n/translate.ts';
import { own } from '../lib/records.ts';
import { runInTurns, runNow, type Steps } from '../lib/turn.ts';
import { isDraft } from 'immer';

/** Fields the serializer writes itself, or never writes, whatever the schema says. */
const SKIPPED_FIELDS = new Set(['id', 'allow_discussion', 'changeNote']);

/** Members serializeContent may write, in the order it writes them (fields go in between). */
const HEAD = ['@components', '@id', '@type', 'UID', 'id', 'type_title', 'allow_discussion', 'is_folderish', 'layout', 'review_state', 'lock', 'working_copy', 'working_copy_of', 'parent'];
const BELOW_ROOT = ['created', 'modified', 'version', 'previous_item', 'next_item'];
const TAIL = ['changeNote', 'targetUrl', 'items', 'items_total', 'batching'];

/**
 * Per type record (immutable: a schema change is a new record) and root-ness: an object with
 * every member an answer of that type may have, in the order serializeContent first writes
 * them, each undefined (JSON leaves undefined members out). An answer starts as a copy of it:
 * one object shape per type, kept in V8's fast mode — a 30-member object filled by name
 * otherwise becomes a dictionary, slower to fill and to turn into JSON.
 */
const shapes = new WeakMap<TypeDef, { root?: Record<string, unknown>; below?: Record<string, unknown> }>();
const UNTYPED: { root?: Record<string, unknown>; below?: Record<string, unknown> } = {};

function answerShape(type: TypeDef | undefined, isRoot: boolean): Record<string, unknown> {
  let byPlace = type ? shapes.get(type) : UNTYPED;
  if (!byPlace) shapes.set(type!, (byPlace = {}));
  const place = isRoot ? 'root' : 'below';
  let shape = byPlace[place];
  if (!shape) {
    const fields = type ? fieldsOf(type).map((f) => f.name).filter((n) => !SKIPPED_FIELDS.has(n)) : [];
    const names = [...new Set([...HEAD, ...(isRoot ? [] : BELOW_ROOT), ...fields, ...TAIL])];
    // JSON.parse makes the object in fast mode, whatever its size; then every member is undefined.
    shape = JSON.parse(`{${names.map((n) => `${JSON.stringify(n)}:null`).join(',')}}`) as Record<string, unknown>;
    for (const n of names) shape[n] = undefined;
    byPlace[place] = shape;
  }
  return shape;
}

/** The fields of a type an answer shows (all but SKIPPED_FIELDS), per type record (immutable: a schema change is a new one). */
const shown = new WeakMap<TypeDef, FieldDef[]>();
function shownFields(type: TypeDef): FieldDef[] {
  if (isDraft(type)) return fieldsOf(type).filter((f) => !SKIPPED_FIELDS.has(f.name));
  let fields = shown.get(type);
  if (!fields) shown.set(type, (fields = fieldsOf(type).filter((f) => !SKIPPED_FIELDS.has(f.name))));
  return fields;
}

export interface SerializeOptions {
  /** Include folder/collection items (default: yes, unless include_items=false). */
  items?: boolean;
  /** Include @components (default yes). */
  components?: boolean;
  /** The listing of the items, already made (serializeContentInTurns). */
  listing?: Listing;
}

/** The objects a folder or Collection lists as its items for this request, and how one is shown. */
export interface Listing {
  nodes: ContentNode[];
  render: (item: ContentNode) => unknown;
}


/** Listings of a folder's children show what the catalog would (auth/publication.ts). */
const listedIn = (state: SiteState, folder: ContentNode, req: ApiRequest) =>
  listable(state, req.principal, activeAt(state, req.principal, req.now, [folder]));

function neighbour(state: SiteState, node: ContentNode, req: ApiRequest, delta: number): Record<string, unknown> {
  if (node.parent === null) return {};
  const parent = getNode(state, node.parent);
  if (!parent || parent.fields.nextPreviousEnabled !== true) return {};
  const shown = listedIn(state, parent, req);
  const count = childCount(parent);
  for (let at = childPosition(parent, node.id) + delta; at >= 0 && at < count; at += delta) {
    const uid = childAt(parent, at);
    const sibling = uid === undefined ? undefined : getNode(state, uid);
    if (sibling && shown(sibling)) return summary(state, sibling, req);
  }
  return {};
}

/** The children of `folder` its listing shows, a step every 256 of them (lib/turn.ts). */
function* listedChildren(state: SiteState, folder: ContentNode, req: ApiRequest): Steps<ContentNode[]> {
  const shown = listedIn(state, folder, req);
  const out: ContentNode[] = [];
  let seen = 0;
  for (const uid of childUids(folder)) {
    const child = getNode(state, uid);
    if (child && shown(child)) out.push(child);
    if (++seen % 256 === 0) yield;
  }
  return out;
}

function itemsOf(state: SiteState, node: ContentNode, req: ApiRequest, services: Services): ContentNode[] {
  if (node.type === 'Collection') return services.extensions.collectionResults(state, node, req);
  return runNow(listedChildren(state, node, req));
}

/** Folders with at least this many children are listed in turns (contentListingInTurns). */
const MANY_CHILDREN = 1000;

/**
 * contentListing, the children of a big folder sorted out (which the caller may see) in turns,
 * so that other callers are answered meanwhile; at once for any other object.
 */
export function contentListingInTurns(state: SiteState, node: ContentNode, req: ApiRequest, services: Services): ListingParts<ContentNode> | Promise<ListingParts<ContentNode>> {
  const many = node.type !== 'Collection' && childCount(node) >= MANY_CHILDREN && !!own(state.types, node.type)?.folderish && wantsItems(node, req);
  if (!many) return contentListing(state, node, req, services);
  return runInTurns(listedChildren(state, node, req)).then((items) => contentListing(state, node, req, services, items));
}

export function wantsItems(node: ContentNode, req: ApiRequest): boolean {
  const raw = first(req.query, 'include_items');
  if (raw === undefined || node.parent === null) return true;
  const value = parseBoolean(raw);
  if (value === undefined) throw badRequest(`Could not parse value '${raw}' as boolean`);
  return value;
}

function listingOf(state: SiteState, node: ContentNode, req: ApiRequest, services: Services, nodes?: ContentNode[]): Listing {
  const full = has(req.query, 'fullobjects');
  const metadata = all(req.query, 'metadata_fields').flatMap((v) => v.split(','));
  return {
    nodes: nodes ?? itemsOf(state, node, req, services),
    render: (c) => (full ? serializeContent(state, c, req, services, { items: false }) : summary(state, c, req, metadata)),
  };
}

/**
 * The GET of a content object in parts (src/http/listing.ts): the batch of its items, rendered
 * first (in turns when big: `b_size=100000000`, fullobjects), then the object around them.
 */
export function contentListing(state: SiteState, node: ContentNode, req: ApiRequest, services: Services, items?: ContentNode[]): ListingParts<ContentNode> {
  const type = own(state.types, node.type);
  if (!(type?.folderish || node.type === 'Collection') || !wantsItems(node, req)) {
    return { page: [], render: () => undefined, shape: () => serializeContent(state, node, req, services) };
  }
  const listing = listingOf(state, node, req, services, items);
  const { start, size } = batchParams(req);
  const page = listing.nodes.slice(start, start + size);
  return {
    page,
    render: listing.render,
    shape: (rendered) => {
      const done = new Map(page.map((c, i) => [c.uid, rendered[i]]));
      return serializeContent(state, node, req, services, { listing: { nodes: listing.nodes, render: (c) => (done.has(c.uid) ? done.get(c.uid) : listing.render(c)) } });
    },
  };
}

export function serializeContent(state: SiteState, node: ContentNode, req: ApiRequest, services: Services, options: SerializeOptions = {}): Record<string, unknown> {
  const type = own(state.types, node.type);
  const isRoot = node.parent === null;
  const url = urlOf(state, node, req.url.siteUrl);
  const out: Record<string, unknown> = { ...answerShape(type, isRoot) };
  if (options.components !== false) out['@components'] = components(state, node, req, services);
  out['@id'] = url;
  out['@type'] = node.type;
  out.UID = node.uid;
  out.id = isRoot ? state.settings.siteId : node.id;
  out.type_title = typeTitle(state, req, node.type);
  out.allow_discussion = discussionEnabled(state, node);
  out.is_folderish = type?.folderish ?? false;
  out.layout = node.layout;
  out.review_state = node.reviewState;
  out.lock = type && isLockable(type) ? lockInfo(state, node, req) : {};
  Object.assign(out, workingCopyInfo(state, node, req));
  if (isRoot) {
    out.parent = {};
  } else {
    const parent = getNode(state, node.parent!)!;
    out.parent = summary(state, parent, req);
    out.created = formatDate(node.created);
    out.modified = formatDate(node.modified);
    out.version = 'current';
    out.previous_item = neighbour(state, node, req, -1);
    out.next_item = neighbour(state, node, req, +1);
  }
  for (const field of type ? shownFields(type) : []) out[field.name] = readField(state, node, field, req, url);
  if (type?.behaviors.includes('cms.versioning')) out.changeNote = '';
  addTargetUrl(state, node, req, url, out);
  const listsItems = (type?.folderish || node.type === 'Collection') && options.items !== false;
  if (listsItems && wantsItems(node, req)) {
    const listing = options.listing ?? listingOf(state, node, req, services);
    const full = has(req.query, 'fullobjects');
    const result = batch(req, listing.nodes.length, (s, e) => listing.nodes.slice(s, e).map(listing.render));
    // A Collection read at its own URL names the request (Plone's batch canonical URL), unless
    // fullobjects; a create (POST to the container) answers the object's URL, as Plone sets it.
    const atOwnUrl = req.context.uid === node.uid && req.url.endpoint === null && req.method !== 'POST';
    if (node.type === 'Collection' && !full && atOwnUrl) out['@id'] = canonicalUrl(req);
    out.items = result.items;
    out.items_total = result.items_total;
    if (result.batching) out.batching = result.batching;
  }
  return out;
}

function addTargetUrl(state: SiteState, node: ContentNode, req: ApiRequest, url: string, out: Record<string, unknown>) {
  if (node.type === 'File' || node.type === 'Image') {
    if (!hasPermission(state, req.principal, node, 'Modify portal content')) {
      out.targetUrl = `${url}/@@download/${node.type === 'File' ? 'file' : 'image'}`;
    }
  } else if (node.type === 'Link' && req.principal.id === null && typeof out.remoteUrl === 'string') {
    out.targetUrl = out.remoteUrl;
  }
}
