// Equal strings, and equal short lists of them, shared while a snapshot is read. JSON parsing makes a fresh string for every value,
// so a million objects held a million copies of 'Document', 'text/html', their parent's UID, the
// creator's id…: about a quarter of an object's memory besides its text. Only the places whose
// values repeat from object to object are interned (a table of every title and id would cost more
// than it saves while loading): UIDs and ids (each is also in its parent's children record) are,
// titles and texts are not; so are equal small records of short lists (local roles). A UID's one
// copy is its key in the UID index. The table lives as long as one read.
import type { ContentNode } from '../state/model.ts';
import { isShortList, isSmallRecord, SHORT_STRING } from './codec.ts';

const SHORT = SHORT_STRING;

export class StringSharer {
  private readonly table = new Map<string, string>();
  /** short lists of short strings (codec.ts isShortList) by their contents */
  private readonly lists = new Map<string, string[]>();

  /** small records of short lists (codec.ts isSmallRecord: local roles) by their contents */
  private readonly records = new Map<string, Record<string, string[]>>();

  /** The shared copy of a small record of short lists, else the record with its lists shared. */
  private record(v: Record<string, string[]>): Record<string, string[]> {
    if (!isSmallRecord(v)) {
      for (const k of Object.keys(v)) v[k] = this.list(v[k]);
      return v;
    }
    // JSON text: unambiguous whatever characters the ids and roles hold
    const key = JSON.stringify(v);
    const hit = this.records.get(key);
    if (hit) return hit;
    for (const k in v) v[k] = this.list(v[k]);
    this.records.set(key, v);
    return v;
  }

  /** The shared copy of a short list of short strings, else the list with its strings shared. */
  private list<T>(v: T): T {
    if (!Array.isArray(v)) return v;
    if (!isShortList(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'string' && v[i].length <= SHORT) v[i] = this.share(v[i]);
      return v;
    }
    const key = JSON.stringify(v);
    const hit = this.lists.get(key);
    if (hit) return hit as T;
    for (let i = 0; i < v.length; i++) v[i] = this.share(v[i]);
    this.lists.set(key, v);
    return v;
  }

  /** A bucket key: the shared copy of its UID. */
  private key(k: string): string {
    this.table.set(k, k);
    return k;
  }

  /**
   * Share the UIDs elsewhere in a node: its parent, its children's UIDs and ids. Called once every
   * node was seen, so that a UID's shared copy is its bucket key, whatever the order of the lines.
   */
  references(node: ContentNode): void {
    if (node.children) this.deep(node.children);
    node.parent = this.share(node.parent);
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

  /**
   * Share the repeating strings of a freshly decoded (not yet frozen) node, in place. `key`
   * (snapshots until version 4): the node's key in its bucket of the UID index, a record. The key
   * is a property name, so the bucket holds it as a copy of its own (V8 keeps property names in its
   * string table); it becomes the one copy of the UID (node.uid, the parent's child entry, the
   * children's parent), instead of a second one; its parent and its children's entries are then
   * shared by `references`, once every key is known. Since version 5 a bucket is an array: the
   * first copy of a UID read is its one copy, and `references` follows at once (what it replaces is
   * still young garbage then, not holes in the old generation).
   */
  node(node: ContentNode, key?: string): void {
    // a UID is also its parent's child entry and its children's parent; an id, its parent's entries
    if (key !== undefined && node.uid === key) node.uid = this.key(key);
    else node.uid = this.share(node.uid);
    node.id = this.share(node.id);
    node.type = this.share(node.type);
    node.layout = this.share(node.layout);
    node.reviewState = this.share(node.reviewState);
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
    // most objects have the same local roles (their creator's Owner): one record for them all
    if (node.localRoles && typeof node.localRoles === 'object') node.localRoles = this.record(node.localRoles);
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
