// Equal strings, and equal short lists of them, shared while a snapshot is read. JSON parsing makes a fresh string for every value,
// so a million objects held a million copies of 'Document', 'text/html', their parent's UID, the
// creator's id…: about a quarter of an object's memory besides its text. Only the places whose
// values repeat from object to object are interned (a table of every title and id would cost more
// than it saves while loading): UIDs and ids (each is also in its parent's children record) are,
// titles and texts are not. The table lives as long as one read.
import type { ContentNode } from '../state/model.ts';
import { isShortList, SHORT_STRING } from './codec.ts';

const SHORT = SHORT_STRING;

export class StringSharer {
  private readonly table = new Map<string, string>();
  /** short lists of short strings (codec.ts isShortList) by their contents */
  private readonly lists = new Map<string, string[]>();

  /** The shared copy of a short list of short strings, else the list with its strings shared. */
  private list<T>(v: T): T {
    if (!Array.isArray(v)) return v;
    if (!isShortList(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'string' && v[i].length <= SHORT) v[i] = this.share(v[i]);
      return v;
    }
    const key = `${v.length}:${v.join('\u0000')}`;
    const hit = this.lists.get(key);
    if (hit) return hit as T;
    for (let i = 0; i < v.length; i++) v[i] = this.share(v[i]);
    this.lists.set(key, v);
    return v;
  }

  /** The shared copy of `s` (the first one seen). */
  share<T>(s: T): T {
    if (typeof s !== 'string') return s;
    const hit = this.table.get(s);
    if (hit !== undefined) return hit as T;
    this.table.set(s, s);
    return s;
  }

  /** Every string in a tree of plain arrays and objects (a folder's children: UIDs and ids). */
  private deep(v: unknown): void {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string') v[i] = this.share(x);
        else if (x && typeof x === 'object') this.deep(x);
      }
    } else if (v && typeof v === 'object') {
      const rec = v as Record<string, unknown>;
      for (const k of Object.keys(rec)) {
        const x = rec[k];
        if (typeof x === 'string') rec[k] = this.share(x);
        else if (x && typeof x === 'object') this.deep(x);
      }
    }
  }

  /** Share the repeating strings of a freshly decoded (not yet frozen) node, in place. */
  node(node: ContentNode): void {
    // a UID is also its parent's child entry and its children's parent; an id, its parent's entries
    node.uid = this.share(node.uid);
    node.id = this.share(node.id);
    if (node.children) this.deep(node.children);
    node.type = this.share(node.type);
    node.layout = this.share(node.layout);
    node.reviewState = this.share(node.reviewState);
    node.parent = this.share(node.parent);
    if (node.modified === node.created) node.modified = node.created;
    const fields = node.fields;
    if (fields && typeof fields === 'object') {
      for (const key of Object.keys(fields)) {
        const v = fields[key];
        if (typeof v === 'string') {
          if (v.length <= SHORT) fields[key] = this.share(v);
        } else if (Array.isArray(v)) fields[key] = this.list(v);
        else if (v && typeof v === 'object') {
          // rich text and the like: {data, content-type, encoding}
          const inner = v as Record<string, unknown>;
          for (const k of Object.keys(inner)) {
            const x = inner[k];
            if (typeof x === 'string' && x.length <= SHORT) inner[k] = this.share(x);
          }
        }
      }
    }
    const roles = node.localRoles;
    if (roles && typeof roles === 'object') for (const principal of Object.keys(roles)) roles[principal] = this.list(roles[principal]);
    if (Array.isArray(node.workflowHistory)) {
      if (!node.workflowHistory.length) node.workflowHistory = this.list(node.workflowHistory);
      for (const entry of node.workflowHistory) {
        if (!entry || typeof entry !== 'object') continue;
        entry.action = this.share(entry.action);
        entry.actor = this.share(entry.actor);
        entry.review_state = this.share(entry.review_state);
        if (entry.comments === '') entry.comments = '';
      }
    }
  }
}
