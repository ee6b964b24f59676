// Structural invariants of the site state, as a list of human-readable problems (empty: sound).
// Used by tests after every write; cheap enough (linear in the number of nodes) for 10k+ sites.
import type { ContentNode, SiteState } from './model.ts';
import { allBuckets, bucketNumber, DEPTH, FANOUT } from './nodes.ts';
import type { NodeLevel } from './model.ts';
import { checkChildren, childEntries, childUid, childUids } from './children.ts';

/** Every indexed node, with the slots and bucket key it is stored under. */
function indexed(state: SiteState, problems: string[]): { n: number; key: string; node: ContentNode }[] {
  const out: { n: number; key: string; node: ContentNode }[] = [];
  if (!levelsSound(state.nodes, DEPTH)) problems.push(`UID index levels are not ${DEPTH} levels of ${FANOUT} slots`);
  for (const [n, bucket] of allBuckets(state.nodes)) {
    for (const [key, node] of Object.entries(bucket)) out.push({ n, key, node });
  }
  return out;
}

/** Whether `level` and the levels below it are arrays of FANOUT slots, `depth` of them above records. */
function levelsSound(level: unknown, depth: number): boolean {
  if (depth === 0) return typeof level === 'object' && level !== null && !Array.isArray(level);
  return Array.isArray(level) && level.length === FANOUT && (level as NodeLevel).every((below) => below === null || levelsSound(below, depth - 1));
}

function checkIndex(state: SiteState, entries: ReturnType<typeof indexed>, problems: string[]): Map<string, ContentNode> {
  const byUid = new Map<string, ContentNode>();
  const intids = new Map<number, string>();
  for (const { n, key, node } of entries) {
    if (key !== node.uid) problems.push(`node ${node.uid} stored under key ${key}`);
    const want = bucketNumber(node.uid);
    if (n !== want) problems.push(`node ${node.uid} stored in bucket ${n}, hashes to ${want}`);
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
