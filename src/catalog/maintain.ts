// Which objects a commit touched, from its patches: `['nodes', a, b, uid, prop, ...]` names the
// node directly; shorter paths (a new shard, a replaced index) are resolved by comparing the
// shards of the states before and after, which share every untouched subtree.
import type { Patch } from 'immer';
import type { NodeShards, SiteState } from '../state/model.ts';
import { own } from '../lib/records.ts';

/** Node properties no index depends on. */
const IRRELEVANT = new Set(['children', 'lock', 'workflowHistory', 'versions']);

export interface Touched {
  /** uid -> whether its searchable text may have changed */
  nodes: Map<string, boolean>;
  /** containers whose default page changed (their children's is_default_page) */
  defaultPages: Set<string>;
  /** content types were edited (titles, folderish, workflows) */
  types: boolean;
}

function mark(t: Touched, uid: string, text: boolean): void {
  t.nodes.set(uid, (t.nodes.get(uid) ?? false) || text);
}

/** UIDs whose node object differs between two UID indexes (identity comparison). */
export function diffShards(before: NodeShards | undefined, after: NodeShards | undefined, out: (uid: string) => void): void {
  if (before === after) return;
  const levels = Math.max(before?.length ?? 0, after?.length ?? 0);
  for (let a = 0; a < levels; a++) {
    const ba = before?.[a];
    const aa = after?.[a];
    if (ba === aa) continue;
    const slots = Math.max(ba?.length ?? 0, aa?.length ?? 0);
    for (let b = 0; b < slots; b++) {
      const bb = ba?.[b];
      const ab = aa?.[b];
      if (bb === ab) continue;
      for (const uid of new Set([...Object.keys(bb ?? {}), ...Object.keys(ab ?? {})])) {
        if (own(bb, uid) !== own(ab, uid)) out(uid);
      }
    }
  }
}

/**
 * Whether a change of the content types reaches the indexes: only titles (Type), folderishness,
 * behaviors (object_provides) and workflows (security) do. Others — global_allow, allowed types,
 * views, schema fields — leave every entry as it was, so the catalog need not re-index the site.
 */
export function typesIndexedDiffer(before: SiteState['types'], after: SiteState['types']): boolean {
  if (before === after) return false;
  const ids = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const id of ids) {
    const b = Object.hasOwn(before, id) ? before[id] : undefined;
    const a = Object.hasOwn(after, id) ? after[id] : undefined;
    if (b === a) continue;
    if (!b || !a || b.title !== a.title || b.folderish !== a.folderish || b.workflow !== a.workflow) return true;
    if (b.behaviors !== a.behaviors && b.behaviors.join('\u0000') !== a.behaviors.join('\u0000')) return true;
  }
  return false;
}

export function touchedBy(before: SiteState, after: SiteState, patches: Patch[]): Touched {
  const t: Touched = { nodes: new Map(), defaultPages: new Set(), types: false };
  for (const p of patches) {
    const path = p.path;
    if (path.length === 0) {
      // Store.replace (restore, reset, checkpoint): the whole state; compare the shards.
      t.types ||= before.types !== after.types;
      diffShards(before.nodes, after.nodes, (uid) => mark(t, uid, true));
      continue;
    }
    if (path[0] === 'types') {
      t.types = true;
      continue;
    }
    if (path[0] !== 'nodes') continue;
    if (path.length < 4) {
      const [, a, b] = path.map(Number);
      // the same slots, every other slot empty
      const pick = (s: SiteState): NodeShards | undefined => {
        if (path.length === 1) return s.nodes;
        const only = <T>(at: number, value: T | null | undefined): (T | null)[] => Object.assign(new Array<T | null>(at + 1).fill(null), { [at]: value ?? null });
        const outer = s.nodes[a];
        if (path.length === 2) return only(a, outer);
        return only(a, only(b, outer?.[b]));
      };
      diffShards(pick(before), pick(after), (uid) => mark(t, uid, true));
      continue;
    }
    const uid = String(path[3]);
    if (path.length === 4) {
      mark(t, uid, true);
      continue;
    }
    const prop = String(path[4]);
    if (IRRELEVANT.has(prop)) continue;
    if (prop === 'fields' && path[5] === 'default_page') t.defaultPages.add(uid);
    mark(t, uid, prop === 'fields' || prop === 'id');
  }
  return t;
}
