// Structural invariants of the site state, as a list of human-readable problems (empty: sound).
// Used by tests after every write; cheap enough (linear in the number of nodes) for 10k+ sites.
import type { ContentNode, SiteState } from './model.ts';
import { allBuckets, FANOUT, nodeSlots } from './nodes.ts';
import { checkChildren, childEntries, childUid, childUids } from './children.ts';

/** Every indexed node, with the slots and bucket key it is stored under. */
function indexed(state: SiteState, problems: string[]): { a: number; b: number; key: string; node: ContentNode }[] {
  const out: { a: number; b: number; key: string; node: ContentNode }[] = [];
  if (state.nodes.length !== FANOUT || state.nodes.some((outer) => outer && outer.length !== FANOUT)) problems.push(`UID index levels are not of ${FANOUT} slots`);
  for (const [a, b, bucket] of allBuckets(state.nodes)) {
    for (const [key, node] of Object.entries(bucket)) out.push({ a, b, key, node });
  }
  return out;
}

function checkIndex(state: SiteState, entries: ReturnType<typeof indexed>, problems: string[]): Map<string, ContentNode> {
  const byUid = new Map<string, ContentNode>();
  const intids = new Map<number, string>();
  for (const { a, b, key, node } of entries) {
    if (key !== node.uid) problems.push(`node ${node.uid} stored under key ${key}`);
    const [wantA, wantB] = nodeSlots(node.uid);
    if (a !== wantA || b !== wantB) problems.push(`node ${node.uid} stored in shard ${a}/${b}, hashes to ${wantA}/${wantB}`);
    if (byUid.has(node.uid)) problems.push(`UID ${node.uid} indexed twice`);
    byUid.set(node.uid, node);
    const other = intids.get(node.intid);
    if (other !== undefined) problems.push(`intid ${node.intid} used by ${other} and ${node.uid}`);
    intids.set(node.intid, node.uid);
    if (node.intid >= state.nextIntid) problems.push(`intid ${node.intid} of ${node.uid} not below nextIntid ${state.nextIntid}`);
  }
  if (state.nodeCount !== entries.length) problems.push(`nodeCount ${state.nodeCount} but ${entries.length} nodes indexed`);
  return byUid;
}

function checkContainer(node: ContentNode, byUid: Map<string, ContentNode>, problems: string[]): void {
  if (!node.children) return;
  problems.push(...checkChildren(node.children, node.uid));
  for (const [id, uid] of childEntries(node)) {
    const child = byUid.get(uid);
    if (!child) problems.push(`${node.uid} lists missing child ${uid}`);
    else {
      if (child.parent !== node.uid) problems.push(`${node.uid} lists child ${uid} whose parent is ${child.parent}`);
      if (child.id !== id) problems.push(`${node.uid} lists ${uid} under "${id}" but its id is "${child.id}"`);
    }
  }
}

function checkReachable(state: SiteState, byUid: Map<string, ContentNode>, problems: string[]): void {
  const reached = new Set<string>();
  const stack = byUid.has(state.rootUid) ? [state.rootUid] : [];
  while (stack.length) {
    const uid = stack.pop()!;
    if (reached.has(uid)) {
      problems.push(`${uid} reached twice from the root (cycle or shared child)`);
      continue;
    }
    reached.add(uid);
    const node = byUid.get(uid);
    if (node) for (const child of childUids(node)) if (byUid.has(child)) stack.push(child);
  }
  for (const uid of byUid.keys()) if (!reached.has(uid)) problems.push(`${uid} indexed but not reachable from the root`);
}

/** All invariant violations of `state`; [] when the site is sound. */
export function checkSite(state: SiteState): string[] {
  const problems: string[] = [];
  const byUid = checkIndex(state, indexed(state, problems), problems);
  const root = byUid.get(state.rootUid);
  if (!root) problems.push(`root ${state.rootUid} not indexed`);
  else if (root.parent !== null) problems.push(`root ${state.rootUid} has parent ${root.parent}`);
  for (const node of byUid.values()) {
    if (node.parent === null) {
      if (node.uid !== state.rootUid) problems.push(`${node.uid} has no parent but is not the root`);
    } else {
      const parent = byUid.get(node.parent);
      if (!parent) problems.push(`${node.uid} has missing parent ${node.parent}`);
      else {
        if (childUid(parent, node.id) !== node.uid) problems.push(`${node.uid} not among the children of its parent ${node.parent} under "${node.id}"`);
      }
    }
    checkContainer(node, byUid, problems);
  }
  checkReachable(state, byUid, problems);
  return problems;
}
