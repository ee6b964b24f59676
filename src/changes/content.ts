// Content objects a commit touched, as lines: created, deleted, moved or renamed, and each
// property that changed (fields one by one, workflow, lock, local roles, versions, comments).
// Nodes are compared by identity first: a commit shares every untouched value with the state
// before it, so the work is the size of what changed.
import type { Patch } from 'immer';
import type { ContentNode, SiteState, WorkflowEntry, LockInfo, VersionEntry, CommentEntry } from '../state/model.ts';
import { DEPTH, getNode } from '../state/nodes.ts';
import { recordPath } from '../catalog/record.ts';
import { diffShards, nodeAt } from '../state/nodes-diff.ts';
import { own, recordOf } from '../lib/records.ts';
import { makeLine, type LineSink } from './lines.ts';
import { preview, sameValue, transition, NONE } from './values.ts';

/** Display path of a node: '/' for the site root. */
export const displayPath = (state: SiteState, node: ContentNode) => recordPath(state, node) || '/';

/** UIDs of the nodes the patches reach, in the order the commit touched them. */
export function touchedNodes(before: SiteState, after: SiteState, patches: readonly Patch[]): string[] {
  const seen = new Set<string>();
  let wholeIndex = false;
  for (const p of patches) {
    if (p.path[0] !== 'nodes') continue;
    // ['nodes', ...one slot per level of the index, place in the bucket, property, ...]
    const uid = p.path.length > DEPTH + 2 ? nodeAt(after.nodes, p.path) : undefined;
    if (uid !== undefined) seen.add(uid);
    else wholeIndex = true;
  }
  // A new or replaced bucket of the UID index, a node put or dropped: compare the buckets (they share untouched nodes).
  if (wholeIndex) diffShards(before.nodes, after.nodes, (uid) => seen.add(uid));
  return [...seen];
}

/** Properties told apart elsewhere, or bookkeeping a learner does not need. */
const SKIPPED = new Set(['uid', 'intid', 'id', 'parent', 'children', 'childIds']);

const FIELD_NAMES: Record<string, string> = recordOf({ reviewState: 'review_state', workflowHistory: 'workflow_history', localRoles: 'local_roles', blockLocalRoles: 'block_local_roles' });

const lockWords = (lock: LockInfo) => `locked by ${lock.creator}${lock.type ? ` (${lock.type})` : lock.stealable ? '' : ' (not stealable)'}, ${lock.timeout} s`;

function lockDetail(b: LockInfo | undefined, a: LockInfo | undefined): string {
  if (!b) return `${NONE} → ${a ? lockWords(a) : NONE}`;
  if (!a) return `${lockWords(b)} → ${NONE}`;
  if (b.creator === a.creator && b.created !== a.created) return `refreshed (${lockWords(a)})`;
  return `${lockWords(b)} → ${lockWords(a)}`;
}

function appended<T>(b: T[] | undefined, a: T[] | undefined): T[] | undefined {
  const before = b ?? [];
  const after = a ?? [];
  if (after.length <= before.length || !before.every((x, i) => x === after[i])) return undefined;
  return after.slice(before.length);
}

export interface Structure {
  /** Containers whose children changed because a child was created, deleted, moved or renamed. */
  parents: Set<string>;
}

function describeProps(sink: LineSink, path: string, b: ContentNode, a: ContentNode, structure: Structure): void {
  const line = (field: string, op: 'add' | 'remove' | 'replace', detail: string) => sink.change(makeLine('content', path, field, op, detail));
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  for (const key of keys) {
    if (SKIPPED.has(key)) continue;
    const bv = (b as unknown as Record<string, unknown>)[key];
    const av = (a as unknown as Record<string, unknown>)[key];
    if (bv === av) continue;
    const op = bv === undefined ? 'add' : av === undefined ? 'remove' : 'replace';
    const name = FIELD_NAMES[key] ?? key;
    if (key === 'fields') {
      const bf = (bv ?? {}) as Record<string, unknown>;
      const af = (av ?? {}) as Record<string, unknown>;
      for (const f of new Set([...Object.keys(bf), ...Object.keys(af)])) {
        const x = own(bf, f);
        const y = own(af, f);
        if (!sameValue(x, y)) line(f, x === undefined ? 'add' : y === undefined ? 'remove' : 'replace', transition(x, y));
      }
    } else if (key === 'workflowHistory') {
      const added = appended(bv as WorkflowEntry[], av as WorkflowEntry[]);
      if (added) for (const e of added) line(name, 'add', `+ ${e.action ?? 'created'} by ${e.actor} → ${e.review_state}${e.comments ? ` ${preview(e.comments)}` : ''}`);
      else line(name, op, transition(bv, av));
    } else if (key === 'lock') {
      line(name, op, lockDetail(bv as LockInfo | undefined, av as LockInfo | undefined));
    } else if (key === 'localRoles') {
      const br = (bv ?? {}) as Record<string, string[]>;
      const ar = (av ?? {}) as Record<string, string[]>;
      for (const who of new Set([...Object.keys(br), ...Object.keys(ar)])) {
        const x = own(br, who) ?? [];
        const y = own(ar, who) ?? [];
        if (!sameValue(x, y)) line(`${name} ${who}`, 'replace', transition(x, y));
      }
    } else if (key === 'versions') {
      const before = (bv ?? []) as VersionEntry[];
      const added = appended(before, av as VersionEntry[]);
      if (added) added.forEach((v, i) => line(name, 'add', `+ version ${before.length + i} by ${v.actor}${v.comment ? ` ${preview(v.comment)}` : ''}`));
      else line(name, op, `${before.length} → ${((av ?? []) as VersionEntry[]).length} versions`);
    } else if (key === 'comments') {
      const byId = (list: unknown) => new Map(((list ?? []) as CommentEntry[]).map((c) => [c.id, c]));
      const bc = byId(bv);
      const ac = byId(av);
      for (const [id, c] of ac) {
        const old = bc.get(id);
        if (!old) line(name, 'add', `+ ${id} by ${c.creator ?? 'Anonymous'}`);
        else if (old !== c) line(`${name} ${id}`, 'replace', old.text !== c.text ? transition(old.text, c.text) : transition(old.reviewState, c.reviewState));
      }
      for (const id of bc.keys()) if (!ac.has(id)) line(name, 'remove', `− ${id}`);
    } else {
      line(name, op, transition(bv, av));
    }
  }
  // Children that came, went or were renamed have lines of their own; what is left is their order.
  if (b.children !== a.children && !structure.parents.has(a.uid)) line('children', 'replace', 'order changed');
}

/** Lines for the content objects `uids` (from touchedNodes). */
export function describeNodes(sink: LineSink, before: SiteState, after: SiteState, uids: string[]): Structure {
  const structure: Structure = { parents: new Set() };
  const pairs = uids.map((uid) => [getNode(before, uid), getNode(after, uid)] as const);
  for (const [b, a] of pairs) {
    if (b && b.parent !== null && (!a || a.parent !== b.parent || a.id !== b.id)) structure.parents.add(b.parent);
    if (a && a.parent !== null && (!b || a.parent !== b.parent || a.id !== b.id)) structure.parents.add(a.parent);
  }
  for (const [b, a] of pairs) {
    if (sink.full) {
      sink.omitted++;
      continue;
    }
    if (!b && a) {
      const state = a.reviewState ? ` (${a.reviewState})` : '';
      sink.change(makeLine('content', displayPath(after, a), undefined, 'add', `created ${a.type} ${preview(a.fields.title ?? '')}${state}`));
      continue;
    }
    if (b && !a) {
      sink.change(makeLine('content', displayPath(before, b), undefined, 'remove', `deleted (${b.type} ${preview(b.fields.title ?? '')})`));
      continue;
    }
    if (!b || !a) continue;
    const from = displayPath(before, b);
    const to = displayPath(after, a);
    if (from !== to) sink.change(makeLine('content', from, undefined, 'replace', `${a.parent !== b.parent ? 'moved' : 'renamed'} → ${to}`));
    describeProps(sink, to, b, a, structure);
  }
  return structure;
}
