// One catalog record: the index values of a content object, computed from the state alone.
// The same function serves the incremental catalog and the brute-force check in tests.
import type { ContentNode, SiteState } from '../state/model.ts';
import type { Principal } from '../auth/principal.ts';
import { getNode } from '../state/nodes.ts';
import { permissionRoles } from '../auth/check.ts';
import { toMs } from '../auth/publication.ts';
import { analyze, htmlToText } from './analyze.ts';
import type { DocTerms } from './fulltext.ts';
import { commentStats } from '../domain/comment-thread.ts';
import { own, recordOf } from '../lib/records.ts';
import { linksOf } from '../domain/links.ts';
import { fieldsOf } from '../types/schema.ts';
import type { TypeDef } from '../types/model.ts';

export type IndexValue = string | number | boolean | null | string[];

/** What the catalog keeps of an object: its index values and publication window (auth/publication.ts). */
export interface Entry {
  uid: string;
  /** Document number (the node's intid). */
  doc: number;
  /** Index name -> value (value indexes only). */
  v: Record<string, IndexValue>;
  /** Publication window (ms): effective (or -inf) .. expires (or +inf). */
  eff: number;
  exp: number;
  /** Principals holding local roles on the object itself (not inherited): the grants index. */
  grants?: readonly string[];
  /** The object may be the source of relations (a relation field with a value, links in its text or blocks). */
  relates?: boolean;
}

/** A full record, as the brute-force reference computes it: the entry plus its place in the tree. */
export interface Rec extends Entry {
  parent: string | null;
  /** Site-relative path ('' for the root, '/a/b' below it). */
  path: string;
  depth: number;
}

export const NO_EFFECTIVE = Date.parse('1969-12-31T00:00:00Z');
export const NO_EXPIRES = Date.parse('2499-12-31T00:00:00Z');

export { toMs };

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const EMPTY: string[] = Object.freeze([]) as unknown as string[];
/** The strings of a list value: the (immutable) list itself when it holds only strings. */
function strList(v: unknown): string[] {
  if (!Array.isArray(v) || !v.length) return EMPTY;
  for (const x of v) if (typeof x !== 'string') return v.filter((y): y is string => typeof y === 'string');
  return v as string[];
}

/** Characters of a title that its sortable form (40 characters) can come from: each gives one or more. */
const SORTABLE_SOURCE = 400;

const ZEROS = ['', '0', '00', '000'];

/**
 * `text` with each run of ASCII digits zero-filled to 4 (as `.replace(/\d+/g, (m) =>
 * m.padStart(4, '0'))`, without a call per run: most titles of a site have a number), `text`
 * itself when none is shorter.
 */
function padNumbers(text: string): string {
  let out = '';
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    let j = i + 1;
    while (j < n && (c = text.charCodeAt(j)) >= 48 && c <= 57) j++;
    if (j - i < 4) {
      out += text.slice(from, i) + ZEROS[4 - (j - i)];
      from = i;
    }
    i = j;
  }
  return out === '' ? text : out + text.slice(from);
}

/** Lower-case title with numbers zero-filled (Plone's sortable_title). */
export function sortableTitle(title: unknown): string {
  const text = String(title ?? '');
  // a title of megabytes is lowered and padded by its start only (the same 40 characters come out)
  const sortable = padNumbers((text.length > SORTABLE_SOURCE ? text.trimStart().slice(0, SORTABLE_SOURCE) : text).toLowerCase().trim())
    .slice(0, 40)
    .trimEnd();
  // the title itself when equal: the catalog's column then holds no second copy of it
  return sortable === title ? title : sortable;
}

/** Roles and `user:<id>` tokens allowed to View `node` (equivalent to canView for any principal). */
export function allowedRolesAndUsers(state: SiteState, node: ContentNode): string[] {
  const roles = new Set(permissionRoles(state, node, 'View'));
  roles.add('Manager');
  const out = new Set(roles);
  let current: ContentNode | undefined = node;
  while (current) {
    for (const [principal, local] of Object.entries(current.localRoles)) {
      if (local.some((r) => roles.has(r))) out.add(`user:${principal}`);
    }
    if (current.blockLocalRoles || current.parent === null) break;
    current = getNode(state, current.parent);
  }
  return [...out].sort();
}

/** The tokens a caller matches in allowedRolesAndUsers. */
export function principalTokens(principal: Principal): string[] {
  const tokens = ['Anonymous', ...principal.roles];
  if (principal.id !== null) {
    tokens.push('Authenticated', `user:${principal.id}`, 'user:AuthenticatedUsers', ...principal.groups.map((g) => `user:${g}`));
  }
  return tokens;
}

const TYPE_INTERFACES: Record<string, string[]> = recordOf({
  Document: ['plone.app.contenttypes.interfaces.IDocument'],
  Folder: ['plone.app.contenttypes.interfaces.IFolder'],
  'News Item': ['plone.app.contenttypes.interfaces.INewsItem'],
  Event: ['plone.app.contenttypes.interfaces.IEvent', 'plone.app.event.dx.interfaces.IDXEvent', 'plone.event.interfaces.IEvent'],
  File: ['plone.app.contenttypes.interfaces.IFile'],
  Image: ['plone.app.contenttypes.interfaces.IImage'],
  Link: ['plone.app.contenttypes.interfaces.ILink'],
  Collection: ['plone.app.contenttypes.interfaces.ICollection'],
  'Plone Site': ['plone.base.interfaces.siteroot.IPloneSiteRoot', 'Products.CMFPlone.interfaces.siteroot.IPloneSiteRoot'],
});

const providesCache = new WeakMap<object, Map<string, string[]>>();

/** Interfaces of `node` (shared arrays: one per type and root flag). */
function objectProvides(state: SiteState, node: ContentNode): string[] {
  let byType = providesCache.get(state.types);
  if (!byType) providesCache.set(state.types, (byType = new Map()));
  const key = `${node.parent === null ? 'root' : ''}:${node.type}`;
  let out = byType.get(key);
  if (!out) byType.set(key, (out = computeProvides(state, node)));
  return out;
}

function computeProvides(state: SiteState, node: ContentNode): string[] {
  const type = own(state.types, node.type);
  const out = ['plone.dexterity.interfaces.IDexterityContent', ...(own(TYPE_INTERFACES, node.type) ?? [])];
  if (type?.folderish) out.push('Products.CMFCore.interfaces.IFolderish', 'plone.dexterity.interfaces.IDexterityContainer');
  else out.push('plone.dexterity.interfaces.IDexterityItem');
  if (node.parent === null || type?.behaviors.includes('cms.navigationroot')) out.push('plone.base.interfaces.INavigationRoot');
  if (type?.behaviors.includes('cms.leadimage')) out.push('plone.app.contenttypes.behaviors.leadimage.ILeadImage');
  if (type?.behaviors.includes('volto.blocks')) out.push('plone.restapi.behaviors.IBlocks');
  return out;
}

const NO_BLOCKS: Record<string, unknown>[] = Object.freeze([]) as unknown as Record<string, unknown>[];

/** The blocks of `node` (read only: a shared empty list when it has none). */
function blockValues(node: ContentNode): Record<string, unknown>[] {
  const blocks = node.fields.blocks;
  if (!blocks || typeof blocks !== 'object') return NO_BLOCKS;
  return Object.values(blocks as Record<string, unknown>).filter((b): b is Record<string, unknown> => !!b && typeof b === 'object');
}

/** Texts gathered up to a number of characters: what is past it is never read (nor joined). */
class TextBudget {
  readonly parts: string[] = [];
  private room: number;
  constructor(chars: number) {
    this.room = chars;
  }
  get full(): boolean {
    return this.room <= 0;
  }
  add(text: string): void {
    if (this.room <= 0) return;
    const part = text.length > this.room ? text.slice(0, this.room) : text;
    this.parts.push(part);
    this.room -= part.length + 1;
  }
}

function collectText(value: unknown, out: TextBudget): void {
  if (out.full) return;
  if (Array.isArray(value)) for (const v of value) collectText(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'text' && typeof v === 'string') out.add(v);
      else if (typeof v === 'object') collectText(v, out);
    }
  }
}

/**
 * Characters of each searchable text (title, description, body) that the full-text index reads:
 * analysing text costs about 0.3 ms per 1,000 characters in one synchronous step on every write,
 * so megabytes of rich text would hold up every other caller. Words after this point are not
 * found by SearchableText (Plone indexes everything; docs/catalog.md, docs/security.md "Limits").
 */
export const MAX_INDEXED_CHARS = 100_000;

/** HTML read for the body text: markup takes room, so a few times the text limit. */
const MAX_INDEXED_HTML = 4 * MAX_INDEXED_CHARS;

const bounded = (text: string) => (text.length > MAX_INDEXED_CHARS ? text.slice(0, MAX_INDEXED_CHARS) : text);

/** The searchable texts of a node: [title, description, body], each at most MAX_INDEXED_CHARS. */
export function textsOf(node: ContentNode): [string, string, string] {
  const f = node.fields;
  const body = new TextBudget(MAX_INDEXED_CHARS);
  body.add(node.id);
  const text = f.text as { data?: unknown } | null | undefined;
  if (text && typeof text.data === 'string') body.add(htmlToText(text.data.length > MAX_INDEXED_HTML ? text.data.slice(0, MAX_INDEXED_HTML) : text.data));
  for (const subject of strList(f.subjects)) body.add(subject);
  for (const block of blockValues(node)) {
    if (body.full) break;
    if (typeof block.plaintext === 'string') body.add(block.plaintext);
    else collectText(block, body);
  }
  return [bounded(str(f.title) ?? ''), bounded(str(f.description) ?? ''), bounded(body.parts.join(' '))];
}

export const termsOf = (node: ContentNode): DocTerms => textsOf(node).map(analyze) as DocTerms;

/** Principals with a non-empty list of local roles on `node` (in key order). */
export function grantsOf(node: ContentNode): readonly string[] {
  let out: string[] | undefined;
  for (const principal in node.localRoles) {
    if (Object.hasOwn(node.localRoles, principal) && node.localRoles[principal]?.length) (out ??= []).push(principal);
  }
  return out ?? EMPTY;
}

/**
 * Whether `node` may be the source of relations: a RelationChoice/RelationList field of its type
 * holds a value, or its text or blocks link somewhere (the relations family decides which of
 * them are relations; relations made through @relations are kept apart, in state.relations).
 */
export function mayRelate(type: TypeDef | undefined, node: ContentNode): boolean {
  if (type) {
    for (const field of fieldsOf(type)) {
      if (field.kind !== 'RelationChoice' && field.kind !== 'RelationList') continue;
      const value = node.fields[field.name];
      if (typeof value === 'string' ? value : Array.isArray(value) && value.length) return true;
    }
  }
  const links = linksOf(node.fields);
  return links.uids.length > 0 || links.paths.length > 0;
}

/** Index values of `node`, given its allowedRolesAndUsers tokens (and its container, when the caller has it). */
export function indexValues(state: SiteState, node: ContentNode, allowed: string[], parent = node.parent === null ? undefined : getNode(state, node.parent)): Entry {
  const f = node.fields;
  const type = own(state.types, node.type);
  const effective = toMs(f.effective);
  const expires = toMs(f.expires);
  const modified = toMs(node.modified);
  // a new object's created and modified are one string: read once
  const created = node.created === node.modified ? modified : toMs(node.created);
  const creators = strList(f.creators);
  const blocks = blockValues(node);
  const blockTypes = blocks.length ? [...new Set(blocks.map((b) => b['@type']).filter((t): t is string => typeof t === 'string'))] : EMPTY;
  const comments = commentStats(node);
  const v: Record<string, IndexValue> = {
    Creator: creators[0] ?? null,
    Type: type?.title ?? node.type,
    getId: node.parent === null ? state.settings.siteId : node.id,
    id: node.parent === null ? state.settings.siteId : node.id,
    portal_type: node.type,
    review_state: node.reviewState,
    sortable_title: sortableTitle(f.title),
    in_reply_to: null,
    Language: str(f.language) ?? '',
    TranslationGroup: str(f.translation_group),
    sync_uid: str(f.sync_uid),
    total_comments: comments.total,
    Subject: strList(f.subjects),
    allowedRolesAndUsers: allowed,
    getRawRelatedItems: strList(f.relatedItems),
    object_provides: objectProvides(state, node),
    commentators: comments.commentators,
    block_types: blockTypes,
    UID: node.uid,
    created,
    modified,
    effective: effective ?? NO_EFFECTIVE,
    expires: expires ?? NO_EXPIRES,
    Date: effective ?? modified,
    start: toMs(f.start),
    end: toMs(f.end),
    is_default_page: !!parent && typeof parent.fields.default_page === 'string' && parent.fields.default_page === node.id,
    is_folderish: type?.folderish ?? false,
    exclude_from_nav: f.exclude_from_nav === true,
  };
  return { uid: node.uid, doc: node.intid, v, eff: effective ?? -Infinity, exp: expires ?? Infinity /* auth/publication.ts publicationWindow */, grants: grantsOf(node), relates: mayRelate(type, node) };
}

/** The full record of `node`, whose path below the site root is `path` (the reference form). */
export function buildRecord(state: SiteState, node: ContentNode, path: string): Rec {
  const entry = indexValues(state, node, allowedRolesAndUsers(state, node));
  return { ...entry, parent: node.parent, path, depth: path ? path.split('/').length - 1 : 0 };
}

/** Site-relative path of a node ('' for the root). */
export function recordPath(state: SiteState, node: ContentNode): string {
  const ids: string[] = [];
  let current: ContentNode | undefined = node;
  while (current && current.parent !== null) {
    ids.push(current.id);
    current = getNode(state, current.parent);
  }
  return ids.length ? '/' + ids.reverse().join('/') : '';
}
