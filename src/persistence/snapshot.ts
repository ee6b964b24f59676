// Snapshot files: superjson of one immutable SiteState, written a shard at a time so that a large
// site never blocks the event loop for long. Line format (every line is JSON):
//   1. header   {format, version, seq, created, lastChange, changes, nodeCount}
//   2. superjson of the state without its nodes
//   3. one superjson line per non-empty outer slot of the UID index {a, s} (or, for big sites, one
//      per bucket {a, b, s}); an object with big values has a line of its own {a, b, s} (lines of
//      one bucket are merged), followed by one line per saved version {a, b, u, v}. Version 1 had
//      hex keys and records where version 2 has slot numbers and arrays.
//   4. trailer  {end: true, chunks, sha256}  (sha256 of every byte before the trailer)
// A file whose trailer is missing or does not match is corrupt and is never used.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { freezeState } from '../state/freeze.ts';
import { decode, encode } from './codec.ts';
import type { ContentNode, NodeBucket, SiteState, VersionEntry } from '../state/model.ts';
import { emptyLevel } from '../state/nodes.ts';
import { snapshotName, writeAtomically } from './files.ts';
import { restoreNullPrototypes } from '../state/keyed.ts';
import { own } from '../lib/records.ts';
import { nextTurn } from '../lib/turn.ts';
import { migrateState } from './migrate.ts';

export const SNAPSHOT_FORMAT = 'cms-oracle-snapshot';
/** Version 2: a folder's children in one `Children` record; version 1 files are read and migrated. */
export const SNAPSHOT_VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);

export interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  seq: number;
  /** When the snapshot was written (ISO 8601). */
  created: string;
  /** Wall-clock time of the last change included (ISO 8601), null if unknown. */
  lastChange: string | null;
  /** Number of changes (commits) since the data dir was created, included in this state. */
  changes: number;
  nodeCount: number;
}

export class SnapshotError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`corrupt snapshot ${path}: ${reason}`);
  }
}

export interface WriteOptions {
  /** Longest synchronous slice of serialization before yielding to the event loop (ms). */
  sliceMs?: number;
  /** Most text serialized in one slice before yielding (bytes, roughly: UTF-16 code units). */
  sliceBytes?: number;
}

/** Objects per outer shard above which each inner shard gets a line of its own. */
const SPLIT_ABOVE = 256;
/** Text in one object (its fields and versions, roughly) above which it gets lines of its own. */
const BIG_NODE = 256 * 1024;
/** Text hashed in one go; a longer line is hashed in pieces between slices. */
const HASH_PIECE = 1024 * 1024;

/** Rough text size of a node's field values and versions, from strings up to two levels deep. */
function roughSize(node: ContentNode): number {
  const of = (fields: Record<string, unknown>) => {
    let n = 0;
    for (const v of Object.values(fields)) {
      if (typeof v === 'string') n += v.length;
      else if (v && typeof v === 'object') for (const w of Object.values(v)) if (typeof w === 'string') n += w.length;
    }
    return n;
  };
  let size = of(node.fields);
  for (const version of node.versions ?? []) size += of(version.fields);
  return size;
}

type Line = { a: number; b?: number; s: unknown } | { a: number; b: number; u: string; v: VersionEntry };

/** The buckets of an outer slot, with their slot numbers. */
const bucketsOf = (outer: (NodeBucket | null)[]): [number, NodeBucket][] => outer.flatMap((bucket, b) => (bucket ? [[b, bucket] as [number, NodeBucket]] : []));

/** The lines of one outer slot: the whole slot, or its buckets, with big objects apart. */
function* shardLines(a: number, outer: (NodeBucket | null)[], split: boolean): Generator<Line> {
  let big: [number, ContentNode][] | undefined;
  for (const [b, inner] of bucketsOf(outer)) {
    for (const node of Object.values(inner)) if (roughSize(node) > BIG_NODE) (big ??= []).push([b, node]);
  }
  if (!big) {
    if (split) for (const [b, inner] of bucketsOf(outer)) yield { a, b, s: inner };
    else yield { a, s: outer };
    return;
  }
  const apart = new Set(big.map(([, node]) => node.uid));
  for (const [b, inner] of bucketsOf(outer)) {
    const small = Object.entries(inner).filter(([uid]) => !apart.has(uid));
    if (small.length) yield { a, b, s: Object.fromEntries(small) };
  }
  for (const [b, node] of big) {
    // The versions follow on lines of their own; an empty list keeps the key's place.
    const versions = node.versions ?? [];
    yield { a, b, s: { [node.uid]: versions.length ? { ...node, versions: [] } : node } };
    for (const v of versions) yield { a, b, u: node.uid, v };
  }
}

/** The snapshot as a lazy sequence of text chunks; yields to the event loop between slices. */
export async function* snapshotChunks(
  state: SiteState,
  meta: Omit<SnapshotHeader, 'format' | 'version' | 'nodeCount'>,
  options: WriteOptions = {},
): AsyncGenerator<string> {
  const sliceMs = options.sliceMs ?? 8;
  const sliceBytes = options.sliceBytes ?? 1024 * 1024;
  const hash = createHash('sha256');
  const emit = (text: string) => {
    hash.update(text, 'utf8');
    return text;
  };
  const header: SnapshotHeader = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, ...meta, nodeCount: state.nodeCount };
  const nodes = state.nodes;
  // A null placeholder keeps the position of `nodes` among the keys.
  const rest = { ...state, nodes: null };
  let batch = emit(JSON.stringify(header) + '\n') + emit(encode(rest) + '\n');
  let started = performance.now();
  let chunks = 0;
  const used = nodes.filter((outer) => outer !== null).length;
  const perOuter = state.nodeCount / Math.max(1, used);
  for (let a = 0; a < nodes.length; a++) {
    const outer = nodes[a];
    if (!outer) continue;
    for (const line of shardLines(a, outer, perOuter > SPLIT_ABOVE)) {
      const text = encode(line) + '\n';
      chunks++;
      // A long line is hashed (and handed to the writer) in pieces, a slice each.
      for (let at = 0; at < text.length; at += HASH_PIECE) {
        const piece = text.length <= HASH_PIECE ? text : text.slice(at, at + HASH_PIECE);
        batch += emit(piece);
        if (batch.length >= sliceBytes || performance.now() - started >= sliceMs) {
          yield batch;
          batch = '';
          await nextTurn();
          started = performance.now();
        }
      }
    }
  }
  yield batch + JSON.stringify({ end: true, chunks, sha256: hash.digest('hex') }) + '\n';
}

/** Write snapshot `seq` of `state` into `dir` atomically; returns its size in bytes. */
export async function writeSnapshot(
  dir: string,
  state: SiteState,
  meta: Omit<SnapshotHeader, 'format' | 'version' | 'nodeCount'>,
  options: WriteOptions = {},
): Promise<{ path: string; size: number }> {
  const size = await writeAtomically(dir, snapshotName(meta.seq), snapshotChunks(state, meta, options));
  return { path: `${dir}/${snapshotName(meta.seq)}`, size };
}

/** Check the trailer and checksum; returns the lines before the trailer. */
function verifiedLines(path: string, bytes: Buffer): string[] {
  if (bytes.length === 0) throw new SnapshotError(path, 'empty file');
  if (bytes[bytes.length - 1] !== 0x0a) throw new SnapshotError(path, 'truncated (no final newline)');
  const trailerStart = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
  let trailer: { end?: boolean; chunks?: number; sha256?: string };
  try {
    trailer = JSON.parse(bytes.subarray(trailerStart, bytes.length - 1).toString('utf8'));
  } catch {
    throw new SnapshotError(path, 'truncated (no trailer)');
  }
  if (!trailer || trailer.end !== true) throw new SnapshotError(path, 'truncated (no trailer)');
  const digest = createHash('sha256').update(bytes.subarray(0, trailerStart)).digest('hex');
  if (digest !== trailer.sha256) throw new SnapshotError(path, 'checksum mismatch');
  const lines = bytes.subarray(0, Math.max(0, trailerStart - 1)).toString('utf8').split('\n');
  if (lines.length !== (trailer.chunks ?? -1) + 2) throw new SnapshotError(path, 'wrong number of chunks');
  return lines;
}

export function parseHeader(path: string, line: string): SnapshotHeader {
  let header: SnapshotHeader;
  try {
    header = JSON.parse(line);
  } catch {
    throw new SnapshotError(path, 'unreadable header');
  }
  if (header?.format !== SNAPSHOT_FORMAT) throw new SnapshotError(path, 'not a cms-oracle snapshot');
  if (!READABLE_VERSIONS.has(header.version)) throw new SnapshotError(path, `unsupported version ${header.version}`);
  return header;
}

export interface ReadOptions {
  /** Keep the shape the file was written in (for journal replay, which migrates afterwards). */
  raw?: boolean;
}

/** Read and verify a snapshot file; the state comes back deeply frozen. Throws SnapshotError. */
export function readSnapshot(path: string, options: ReadOptions = {}): { header: SnapshotHeader; state: SiteState; size: number } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new SnapshotError(path, (err as Error).message);
  }
  return parseSnapshot(path, bytes, options);
}

/** Verify and decode the bytes of a snapshot (`path` names them in errors). */
export function parseSnapshot(path: string, bytes: Buffer, options: ReadOptions = {}): { header: SnapshotHeader; state: SiteState; size: number } {
  const [headerLine, baseLine, ...chunkLines] = verifiedLines(path, bytes);
  const header = parseHeader(path, headerLine);
  try {
    const base = decode<Omit<SiteState, 'nodes'> & { nodes: null }>(baseLine);
    // version 1: records keyed by hex shard keys (migrate.ts turns them into today's arrays)
    type Level<T> = Record<string | number, T | null>;
    const level = <T>(): Level<T> => (header.version === 1 ? {} : (emptyLevel<T>() as unknown as Level<T>));
    const nodes = level<Level<NodeBucket>>();
    let count = 0;
    for (const line of chunkLines) {
      const chunk = decode<{ a: string | number; b?: string | number; s?: unknown; u?: string; v?: VersionEntry }>(line);
      if (chunk.u !== undefined && chunk.b !== undefined) {
        const node = own(own(own(nodes, String(chunk.a)), String(chunk.b)), chunk.u);
        if (!node || !chunk.v) throw new SnapshotError(path, `version of unknown object ${chunk.u}`);
        (node.versions ??= []).push(chunk.v);
      } else if (chunk.b === undefined) {
        const outer = chunk.s as Level<NodeBucket>;
        nodes[chunk.a] = outer;
        for (const bucket of Object.values(outer)) if (bucket) count += Object.keys(bucket).length;
      } else {
        Object.assign(((nodes[chunk.a] ??= level<NodeBucket>())[chunk.b] ??= {}), chunk.s);
        count += Object.keys(chunk.s ?? {}).length;
      }
    }
    // `nodes` keeps its place (base has it as null); keyed records get their null prototype back.
    let state = restoreNullPrototypes({ ...base, nodes } as unknown as SiteState);
    if (count !== header.nodeCount || state.nodeCount !== header.nodeCount) {
      throw new SnapshotError(path, `header says ${header.nodeCount} objects, found ${count}`);
    }
    if (!options.raw) state = migrateState(state).state;
    return { header, state: freezeState(state), size: bytes.length };
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(path, `unreadable content (${(err as Error).message})`);
  }
}
