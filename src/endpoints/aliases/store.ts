// The alias store: old site-relative path -> target UID, sharded like the nodes so one write
// copies two small maps. Targets are UIDs, so a later move or rename of the target needs no
// update and chains collapse by construction (a->b, b renamed to c: a still finds the object).
import { original, isDraft, type Draft } from 'immer';
import type { AliasEntry, AliasShards, ContentNode, SiteState } from '../../state/model.ts';
import { childUids } from '../../state/children.ts';
import { getNode, shardKeys } from '../../state/nodes.ts';
import { pathOf, traverse } from '../../state/select.ts';
import { emptyRecord, own } from '../../lib/records.ts';
import { stored, storedOwn } from '../../state/stored.ts';

export const pathString = (segments: string[]) => '/' + segments.join('/');
export const nodePath = (state: SiteState, node: ContentNode) => pathString(pathOf(state, node));

/** Naive ISO date-time (no zone) of a stored timestamp. */
export const naive = (iso: string) => iso.replace(/\.\d+/, '').slice(0, 19);

export function getAlias(state: { aliases?: AliasShards }, path: string): AliasEntry | undefined {
  const [a, b] = shardKeys(path);
  // read as stored: inside a recipe (releasePath), looking makes no draft of the shards
  return storedOwn(storedOwn(storedOwn(stored(state, 'aliases'), a), b), path);
}

export function putAlias(draft: SiteState, path: string, entry: AliasEntry): void {
  const [a, b] = shardKeys(path);
  const outer = ((draft.aliases ??= emptyRecord())[a] ??= emptyRecord());
  (outer[b] ??= emptyRecord())[path] = entry;
}

export function dropAlias(draft: SiteState, path: string): boolean {
  const [a, b] = shardKeys(path);
  const inner = own(own(draft.aliases, a), b);
  if (!inner || !Object.hasOwn(inner, path)) return false;
  delete inner[path];
  return true;
}

export function* allAliases(state: { aliases?: AliasShards }): Generator<[string, AliasEntry]> {
  for (const outer of Object.values(state.aliases ?? {})) {
    for (const inner of Object.values(outer)) yield* Object.entries(inner);
  }
}

/** The object an alias leads to, or undefined when it is broken (target deleted). */
export const aliasTarget = (state: SiteState, entry: AliasEntry) => getNode(state, entry.uid);

/** Path an alias redirects to: the target's current path, else the path it had. */
export function redirectPath(state: SiteState, entry: AliasEntry): string {
  const target = aliasTarget(state, entry);
  return target ? nodePath(state, target) : entry.path;
}

/** Resolve an alias path or an object path to a UID (aliases collapse onto their object). */
export function resolvePath(state: SiteState, path: string): string | undefined {
  const node = traverse(state, path.split('/').filter(Boolean));
  if (node) return node.uid;
  const entry = getAlias(state, path);
  return entry && aliasTarget(state, entry) ? entry.uid : undefined;
}

/** Longest stored prefix of `segments` that is a working alias, and the remaining segments. */
export function findRedirect(state: SiteState, segments: string[]): { node: ContentNode; rest: string[] } | undefined {
  for (let k = segments.length; k > 0; k--) {
    const entry = getAlias(state, pathString(segments.slice(0, k)));
    const node = entry && aliasTarget(state, entry);
    if (node) return { node, rest: segments.slice(k) };
  }
  return undefined;
}

/** Relative paths (below it, itself first as []) of a node's subtree, read from a plain state. */
function subtree(state: SiteState, uid: string): { uid: string; rel: string[] }[] {
  const out: { uid: string; rel: string[] }[] = [];
  const stack: { uid: string; rel: string[] }[] = [{ uid, rel: [] }];
  while (stack.length) {
    const item = stack.pop()!;
    out.push(item);
    const node = getNode(state, item.uid);
    if (!node) continue;
    for (const child of childUids(node)) {
      const c = getNode(state, child);
      if (c) stack.push({ uid: child, rel: [...item.rel, c.id] });
    }
  }
  return out;
}

/**
 * Draft mutator, after `uid` was renamed or moved away from `oldPath`: an automatic alias from the
 * old path of the object and of each descendant, and no alias left on a path that now holds one of
 * them (so no alias points at itself). Reads the subtree from the state before the recipe.
 */
export function recordMove(draft: Draft<SiteState>, uid: string, oldPath: string[], now: string): void {
  const state = draft as SiteState;
  const base = isDraft(draft) ? (original(draft) as SiteState) : state;
  const node = getNode(state, uid);
  if (!node) return;
  const newPath = pathOf(state, node);
  if (pathString(newPath) === pathString(oldPath)) return;
  const datetime = naive(now);
  const members = getNode(base, uid) ? subtree(base, uid) : [{ uid, rel: [] }];
  for (const { uid: member, rel } of members) {
    const from = pathString([...oldPath, ...rel]);
    const to = pathString([...newPath, ...rel]);
    dropAlias(state, to);
    putAlias(state, from, { uid: member, path: to, datetime, manual: false });
  }
}

/** Draft mutator, after an object appeared at `path` (creation, copy): an alias there is shadowed. */
export function releasePath(draft: Draft<SiteState>, path: string | (() => string)): void {
  const aliases = stored(draft as SiteState, 'aliases');
  if (!aliases || !anyKey(aliases)) return; // no alias at all (most sites): the path is not even spelled
  const at = typeof path === 'string' ? path : path();
  if (getAlias(draft as SiteState, at)) dropAlias(draft as SiteState, at);
}

/** Whether a record has any own key, without listing them. */
function anyKey(rec: object): boolean {
  for (const key in rec) if (Object.hasOwn(rec, key)) return true;
  return false;
}
