// Keywords on content: create_content, delete_content, set_field_value, fire_transition /
// do_action_for, uid_to_url, path_to_uid (supplement-2 1.4). Each goes through the normal request
// path: create_content and transitions as the caller (add permission, allowed types and workflow
// guards apply, as in Plone), the others as the site owner (Plone's library runs them unrestricted).
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { pathOf, traverse } from '../../state/select.ts';
import { arg, KeywordError, sendOk, splitNamed, text, type Keyword, type KeywordCall } from './keyword.ts';
import { samplePdfUpload, samplePngUpload } from './sample-files.ts';
import type { RpcValue } from '../../lib/xmlrpc/value.ts';

/** An object by UID, or by physical path (`/plone/news`) or path below the site root. */
export function findObject(state: SiteState, sitePath: string[], uidOrPath: string): ContentNode | undefined {
  const byUid = /^[^/]+$/.test(uidOrPath) ? getNode(state, uidOrPath) : undefined;
  if (byUid) return byUid;
  const segments = uidOrPath.split('/').filter(Boolean);
  const below = sitePath.every((s, i) => segments[i] === s) ? segments.slice(sitePath.length) : segments;
  return traverse(state, below);
}

/** Path of an object below the site root, as the request path wants it (`/news/a`, or `` for the root). */
export const sitePathOf = (state: SiteState, node: ContentNode) => pathOf(state, node).map((s) => `/${encodeURIComponent(s)}`).join('');

function mustFind(call: KeywordCall, value: RpcValue | undefined, what: string): ContentNode {
  const key = text(value);
  const node = key ? findObject(call.store.current, call.sitePath, key) : undefined;
  if (!node) throw new KeywordError(`${what} '${key ?? ''}' not found`);
  return node;
}

/** An XML-RPC value as JSON for a request body. */
export function toJson(v: RpcValue | undefined): unknown {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return { data: Buffer.from(v).toString('base64'), encoding: 'base64' };
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, toJson(x)]));
  return v;
}

const createContent: Keyword = {
  name: 'create_content',
  signature: { required: [], rest: true, named: true },
  doc: 'Create content and return its UID: type= (required), id=, container= (UID or path, default the site root) and field values as name=value.',
  async run(call, args, kwargs) {
    const { named } = splitNamed(args, kwargs);
    const type = text(named.get('type'));
    if (!type) throw new KeywordError("'type'");
    named.delete('type');
    const container = named.has('container') ? mustFind(call, named.get('container'), 'Container') : undefined;
    named.delete('container');
    // caller-chosen field names: a record without a prototype (`__proto__` is a name like others)
    const body: Record<string, unknown> = Object.assign(Object.create(null), { '@type': type });
    for (const [name, value] of named) body[name] = toJson(value);
    if (type === 'File' && body.file === undefined) body.file = samplePdfUpload();
    if ((type === 'Image' || type === 'News Item') && body.image === undefined) body.image = await samplePngUpload(call.newUid());
    const where = container ? sitePathOf(call.store.current, container) : '';
    const res = await sendOk(call, call.caller, 'POST', where, body);
    return String((res.body as { UID?: unknown }).UID ?? '');
  },
};

const deleteContent: Keyword = {
  name: 'delete_content',
  signature: { required: ['uid_or_path'] },
  doc: 'Delete the object with this UID or path.',
  async run(call, args, kwargs) {
    const node = mustFind(call, arg(this, args, kwargs, 'uid_or_path'), 'Object');
    if (node.parent === null) throw new KeywordError('The site root cannot be deleted');
    await sendOk(call, call.system, 'DELETE', sitePathOf(call.store.current, node));
    return undefined;
  },
};

const fireTransition = (name: string): Keyword => ({
  name,
  signature: { required: ['content', 'action'] },
  doc: 'Fire a workflow transition on the object with this UID (or path), as the current user.',
  async run(call, args, kwargs) {
    const node = mustFind(call, arg(this, args, kwargs, 'content'), 'Object');
    const action = text(arg(this, args, kwargs, 'action')) ?? '';
    await sendOk(call, call.caller, 'POST', `${sitePathOf(call.store.current, node)}/@workflow/${encodeURIComponent(action)}`, {});
    return undefined;
  },
});

const uidToUrl: Keyword = {
  name: 'uid_to_url',
  signature: { required: ['uid'] },
  doc: 'The URL of the object with this UID (None when there is none).',
  run(call, args, kwargs) {
    const uid = text(arg(this, args, kwargs, 'uid'));
    const node = uid ? getNode(call.store.current, uid) : undefined;
    return node ? call.siteUrl + sitePathOf(call.store.current, node) : null;
  },
};

const pathToUid: Keyword = {
  name: 'path_to_uid',
  signature: { required: ['path'] },
  doc: 'The UID of the object at this physical path, e.g. /plone/news (None when there is none).',
  run(call, args, kwargs) {
    const path = text(arg(this, args, kwargs, 'path')) ?? '';
    const node = path.startsWith('/') ? findObject(call.store.current, call.sitePath, path) : undefined;
    return node ? node.uid : null;
  },
};

/** `%Y%m%d%H%M`-style formats: the strftime directives a date argument can use. */
function parseDate(value: string, format: string): Date {
  const parts: Record<string, number> = { Y: 1970, m: 1, d: 1, H: 0, M: 0, S: 0 };
  const widths: Record<string, number> = { Y: 4, m: 2, d: 2, H: 2, M: 2, S: 2 };
  let at = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '%' && i + 1 < format.length && widths[format[i + 1]]) {
      const d = format[++i];
      const digits = value.slice(at, at + widths[d]);
      if (!/^\d+$/.test(digits) || digits.length !== widths[d]) throw new KeywordError(`time data '${value}' does not match format '${format}'`);
      parts[d] = Number(digits);
      at += widths[d];
    } else if (value[at++] !== c) throw new KeywordError(`time data '${value}' does not match format '${format}'`);
  }
  if (at !== value.length) throw new KeywordError(`unconverted data remains: ${value.slice(at)}`);
  const date = new Date(Date.UTC(parts.Y, parts.m - 1, parts.d, parts.H, parts.M, parts.S));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== parts.d) throw new KeywordError(`day is out of range for month: '${value}'`);
  return date;
}

function converted(call: KeywordCall, value: RpcValue | undefined, fieldType: string | undefined): unknown {
  const raw = text(value) ?? '';
  const typed = fieldType ?? '';
  const format = /^(datetime|date)(?:\[(.*)\])?$/.exec(typed);
  if (format) {
    const date = value instanceof Date ? value : parseDate(raw, format[2] ?? (format[1] === 'date' ? '%Y%m%d' : '%Y%m%d%H%M'));
    return format[1] === 'date' ? date.toISOString().slice(0, 10) : date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  }
  switch (typed) {
    case '':
      return toJson(value);
    case 'float':
    case 'int': {
      const n = typeof value === 'number' ? value : Number(raw.trim());
      if (!raw.trim() && typeof value !== 'number') throw new KeywordError(`could not convert string to ${typed}: '${raw}'`);
      if (!Number.isFinite(n) || (typed === 'int' && !Number.isInteger(n))) {
        throw new KeywordError(typed === 'int' ? `invalid literal for int() with base 10: '${raw}'` : `could not convert string to float: '${raw}'`);
      }
      return n;
    }
    case 'list': {
      if (Array.isArray(value)) return toJson(value);
      try {
        const list = JSON.parse(raw);
        if (Array.isArray(list)) return list;
      } catch {
        // reported below
      }
      throw new KeywordError(`malformed list: ${raw.slice(0, 80)} (give a JSON array)`);
    }
    case 'reference':
    case 'references': {
      const uids = typed === 'reference' ? [raw] : Array.isArray(value) ? value.map((v) => text(v) ?? '') : raw.split(/[\s,]+/).filter(Boolean);
      const found = uids.map((u) => findObject(call.store.current, call.sitePath, u));
      const missing = uids.find((u, i) => !found[i]);
      if (missing !== undefined) throw new KeywordError(`Object '${missing}' not found`);
      return typed === 'reference' ? found[0]!.uid : found.map((n) => n!.uid);
    }
    case 'text/html':
      return { data: raw, 'content-type': 'text/html', encoding: 'utf-8' };
    case 'file':
    case 'image':
      throw new KeywordError(`field type '${typed}' reads a file of the server's file system, which cms-oracle does not do: create the object with the upload instead`);
    default:
      throw new KeywordError(`unknown field type '${typed}'`);
  }
}

const setFieldValue: Keyword = {
  name: 'set_field_value',
  signature: { required: ['uid', 'field', 'value'], optional: ['field_type'] },
  doc: 'Set a field of the object with this UID; field_type: float, int, list, datetime[format], date[format], reference, references, text/html.',
  async run(call, args, kwargs) {
    const node = mustFind(call, arg(this, args, kwargs, 'uid'), 'Object');
    const field = text(arg(this, args, kwargs, 'field')) ?? '';
    const value = converted(call, arg(this, args, kwargs, 'value'), text(arg(this, args, kwargs, 'field_type')));
    await sendOk(call, call.system, 'PATCH', sitePathOf(call.store.current, node), { [field]: value });
    return undefined;
  },
};

export const contentKeywords: Keyword[] = [createContent, deleteContent, fireTransition('fire_transition'), fireTransition('do_action_for'), uidToUrl, pathToUid, setFieldValue];
