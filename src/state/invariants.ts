// Structural invariants of the site state, as a list of human-readable problems (empty: sound).
// Used by tests after every write and on every start (restore); linear in the number of nodes, and
// light on memory: nodes are found through the UID index itself and marked by intid in flat
// arrays (a map and a set of a million UIDs cost seconds of garbage collection on a start).
import type { ContentNode, NodeLevel, SiteState } from './model.ts';
import { allBuckets, bucketNumber, DEPTH, FANOUT, fnv, getNode } from './nodes.ts';
import { checkChildren, childEntries, childUid, childUids } from './children.ts';

/** How to find a node by UID: the index, plus the nodes stored where the index does not look. */
interface Lookup {
  get(uid: string): ContentNode | undefined;
  /** Number of nodes stored in the index. */
  count: number;
  /** Every intid is unique and below nextIntid. */
  soundIntids: boolean;
}

/**
 * Every node stored in the index, with its bucket number, the hash stored with it and whether an
 * earlier node of that bucket has its UID.
 */
function eachNode(state: SiteState, visit: (n: number, node: ContentNode, hash: unknown, twice: boolean) => void): void {
  for (const [n, bucket] of allBuckets(state.nodes)) {
    for (let i = 1; i < bucket.length; i += 2) {
      const node = bucket[i] as ContentNode;
      let twice = false;
      for (let j = 1; j < i && !twice; j += 2) twice = (bucket[j] as ContentNode).uid === node.uid;
      visit(n, node, bucket[i - 1], twice);
    }
  }
}

/** Whether `level` and the levels below it are arrays of FANOUT slots, `depth` of them above buckets (arrays of [hash, node] pairs). */
function levelsSound(level: unknown, depth: number): boolean {
  if (depth === 0) {
    if (!Array.isArray(level) || level.length % 2) return false;
    for (let i = 0; i < level.length; i += 2) if (typeof level[i] !== 'number' || typeof level[i + 1] !== 'object' || level[i + 1] === null || typeof level[i + 1].uid !== 'string') return false;
    return true;
  }
  return Array.isArray(level) && level.length === FANOUT && (level as NodeLevel).every((below) => below === null || levelsSound(below, depth - 1));
}

function checkIndex(state: SiteState, problems: string[]): Lookup {
  if (!levelsSound(state.nodes, DEPTH)) problems.push(`UID index levels are not ${DEPTH} levels of ${FANOUT} slots`);
  const misplaced = new Map<string, ContentNode>();
  const atHome = (uid: string) => {
    const node = getNode(state, uid);
    return node && node.uid === uid ? node : undefined;
  };
  // intid -> seen, in a flat array (an array of strings indexed by intid in arbitrary order
  // would turn sparse); the earlier owner of a repeated intid is looked up afterwards
  const seen = new Uint8Array(Math.max(0, state.nextIntid));
  const odd = new Map<number, string>();
  const repeated: [number, string][] = [];
  let count = 0;
  eachNode(state, (n, node, hash, twice) => {
    count++;
    const want = bucketNumber(node.uid);
    if (n !== want) problems.push(`node ${node.uid} stored in bucket ${n}, hashes to ${want}`);
    if (hash !== fnv(node.uid)) problems.push(`node ${node.uid} stored with hash ${String(hash)}, not ${fnv(node.uid)}`);
    if (twice || n !== want) {
      if (twice || misplaced.has(node.uid) || atHome(node.uid)) problems.push(`UID ${node.uid} indexed twice`);
      misplaced.set(node.uid, node);
    } else if (misplaced.has(node.uid)) problems.push(`UID ${node.uid} indexed twice`);
    const i = node.intid;
    if (Number.isInteger(i) && i >= 0 && i < state.nextIntid) {
      if (seen[i]) repeated.push([i, node.uid]);
      seen[i] = 1;
    } else {
      const other = odd.get(i);
      if (other !== undefined) problems.push(`intid ${i} used by ${other} and ${node.uid}`);
      odd.set(i, node.uid);
    }
    if (i >= state.nextIntid) problems.push(`intid ${i} of ${node.uid} not below nextIntid ${state.nextIntid}`);
  });
  if (repeated.length) {
    const first = new Map<number, string>(repeated.map(([i]) => [i, '']));
    eachNode(state, (_n, node) => {
      if (first.get(node.intid) === '') first.set(node.intid, node.uid);
    });
    for (const [i, uid] of repeated) problems.push(`intid ${i} used by ${first.get(i)} and ${uid}`);
  }
  if (state.nodeCount !== count) problems.push(`nodeCount ${state.nodeCount} but ${count} nodes indexed`);
  return { get: (uid) => misplaced.get(uid) ?? atHome(uid), count, soundIntids: !repeated.length && !odd.size };
}

function checkContainer(node: ContentNode, nodes: Lookup, problems: string[]): void {
  if (!node.children) return;
  problems.push(...checkChildren(node.children, node.uid));
  for (const [id, uid] of childEntries(node)) {
    const child = nodes.get(uid);
    if (!child) problems.push(`${node.uid} lists missing child ${uid}`);
    else {
      if (child.parent !== node.uid) problems.push(`${node.uid} lists child ${uid} whose parent is ${child.parent}`);
      if (child.id !== id) problems.push(`${node.uid} lists ${uid} under "${id}" but its id is "${child.id}"`);
    }
  }
}

function checkReachable(state: SiteState, nodes: Lookup, problems: string[]): void {
  // marks by intid when intids are sound (a flat array), else by UID
  const marks = nodes.soundIntids ? new Uint8Array(state.nextIntid) : undefined;
  const byUid = marks ? undefined : new Set<string>();
  const reached = (node: ContentNode) => (marks ? marks[node.intid] === 1 : byUid!.has(node.uid));
  const root = nodes.get(state.rootUid);
  const stack = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (reached(node)) {
      problems.push(`${node.uid} reached twice from the root (cycle or shared child)`);
      continue;
    }
    if (marks) marks[node.intid] = 1;
    else byUid!.add(node.uid);
    for (const uid of childUids(node)) {
      const child = nodes.get(uid);
      if (child) stack.push(child);
    }
  }
  const seen = new Set<string>();
  eachNode(state, (_n, stored) => {
    const node = nodes.get(stored.uid);
    if (!node || seen.has(node.uid) || reached(node)) return;
    if (node !== stored) seen.add(node.uid); // a UID stored twice is reported once
    problems.push(`${node.uid} indexed but not reachable from the root`);
  });
}

/** All invariant violations of `state`; [] when the site is sound. */
export function checkSite(state: SiteState): string[] {
  const problems: string[] = [];
  const nodes = checkIndex(state, problems);
  const root = nodes.get(state.rootUid);
  if (!root) problems.push(`root ${state.rootUid} not indexed`);
  else if (root.parent !== null) problems.push(`root ${state.rootUid} has parent ${root.parent}`);
  eachNode(state, (_n, stored) => {
    const node = nodes.get(stored.uid);
    if (node !== stored) return; // a UID stored twice: its last copy is checked
    if (node.parent === null) {
      if (node.uid !== state.rootUid) problems.push(`${node.uid} has no parent but is not the root`);
    } else {
      const parent = nodes.get(node.parent);
      if (!parent) problems.push(`${node.uid} has missing parent ${node.parent}`);
      else if (childUid(parent, node.id) !== node.uid) problems.push(`${node.uid} not among the children of its parent ${node.parent} under "${node.id}"`);
    }
    checkContainer(node, nodes, problems);
  });
  checkReachable(state, nodes, problems);
  return problems;
}
