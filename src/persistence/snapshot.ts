// Snapshot files: superjson of one immutable SiteState, written a shard at a time so that a large
// site never blocks the event loop for long. Line format (every line is JSON):
//   1. header   {format, version, seq, created, lastChange, changes, nodeCount}
//   2. superjson of the state without its nodes
//   3. one superjson line per non-empty group of 256 buckets of the UID index {a, s} (or, for big
//      sites, one per bucket {a, b, s}), `a` the upper and `b` the lower 8 bits of the bucket number
//      (state/nodes.ts), a bucket an array of nodes; an object with big values has a line of its
//      own {a, b, s: [node]} (lines of one bucket are joined), followed by one line per saved
//      version {a, b, u, v}. Version 1 had hex keys and records where version 2 has slot numbers
//      and arrays. Versions 1 to 4 are read into their own index shape (a journal after them has
//      paths into it): two levels of 256 slots until version 3, buckets that are records of nodes
//      by UID until version 4; migrate.ts turns it into today's.
//   4. trailer  {end: true, chunks, sha256}  (sha256 of every byte before the trailer)
// A file whose trailer is missing or does not match is corrupt and is never used.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { freezeState } from '../state/freeze.ts';
import { decode, encode } from './codec.ts';
import type { ContentNode, NodeBucket, NodeShards, SiteState, VersionEntry } from '../state/model.ts';
import { allBuckets, bucketAt, bucketFor, bucketOf, bucketsBy256, emptyLevel, FANOUT, fnv, indexIn, nodesIn, setBucket, slotsOf } from '../state/nodes.ts';
import { snapshotName, writeAtomically } from './files.ts';
import { restoreNullPrototypes } from '../state/keyed.ts';
import { emptyRecord, own } from '../lib/records.ts';
import { nextTurn } from '../lib/turn.ts';
import { migrateState } from './migrate.ts';
import { StringSharer } from './share.ts';
import { bucketWithoutSeeds } from './redact.ts';

export const SNAPSHOT_FORMAT = 'cms-oracle-snapshot';
/**
 * Version 5: a bucket of the UID index is an array of nodes (state/nodes.ts); version 4 had records
 * of nodes by UID in the same four levels of 16 slots; version 3 had two levels of 256, and a
 * folder's children in groups of chunks (state/children.ts) like today; versions 1 to 4 are read
 * and migrated.
 */
export const SNAPSHOT_VERSION = 5;
const READABLE_VERSIONS = new Set([1, 2, 3, 4, 5]);
/** The last version whose UID index had two levels of 256 slots. */
const TWO_LEVELS = 3;
/** The last version whose buckets were records of nodes by UID. */
const RECORD_BUCKETS = 4;

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
  /** false: folders' children records without their trie seeds (exports; redact.ts). */
  seeds?: boolean;
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

/** The non-empty buckets of an outer slot, with their slot numbers. */
const bucketsOf = (outer: (NodeBucket | null)[]): [number, NodeBucket][] => outer.flatMap((bucket, b) => (bucket?.length ? [[b, bucket] as [number, NodeBucket]] : []));

/** The lines of one outer slot: the whole slot, or its buckets, with big objects apart. */
function* shardLines(a: number, outer: (NodeBucket | null)[], split: boolean): Generator<Line> {
  let big: [number, ContentNode][] | undefined;
  for (const [b, inner] of bucketsOf(outer)) {
    for (const node of nodesIn(inner)) if (roughSize(node) > BIG_NODE) (big ??= []).push([b, node]);
  }
  if (!big) {
    if (split) for (const [b, inner] of bucketsOf(outer)) yield { a, b, s: inner };
    else yield { a, s: outer };
    return;
  }
  // Each bucket keeps its order (journal paths name a node by its place in its bucket): runs of
  // small objects on a line, each big object on lines of its own where it stands.
  const apart = new Set(big.map(([, node]) => node));
  for (const [b, inner] of bucketsOf(outer)) {
    let run: ContentNode[] = [];
    for (const node of nodesIn(inner)) {
      if (!apart.has(node)) {
        run.push(node);
        continue;
      }
      if (run.length) yield { a, b, s: bucketOf(run) };
      run = [];
      // The versions follow on lines of their own; an empty list keeps the key's place.
      const versions = node.versions ?? [];
      yield { a, b, s: bucketOf([versions.length ? { ...node, versions: [] } : node]) };
      for (const v of versions) yield { a, b, u: node.uid, v };
    }
    if (run.length) yield { a, b, s: bucketOf(run) };
  }
}

/** `line` with no trie seeds in its nodes (its `s`: a bucket, or with no `b` a slot of buckets). */
function lineWithoutSeeds(line: Line): Line {
  if (!('s' in line)) return line;
  const s = line.b === undefined ? (line.s as (NodeBucket | null)[]).map((bucket) => bucket && bucketWithoutSeeds(bucket)) : bucketWithoutSeeds(line.s as NodeBucket);
  return { ...line, s };
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
  const groups = [...bucketsBy256(nodes)];
  const perOuter = state.nodeCount / Math.max(1, groups.length);
  for (const [a, outer] of groups) {
    for (const line of shardLines(a, outer, perOuter > SPLIT_ABOVE)) {
      const text = encode(options.seeds === false ? lineWithoutSeeds(line) : line) + '\n';
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
  /** Bytes read from the file at a time (tests: lines that span reads). */
  pieceBytes?: number;
}

/**
 * Bytes read from a snapshot file at a time: below glibc's first mmap threshold (128 KiB). A
 * mapped block, once freed, raises that threshold to its size; with 8 MiB pieces every block
 * below 8 MiB made afterwards (the catalog's typed arrays while it is built) came from malloc's
 * heap, which keeps what is freed in its middle: a start of 100,000 objects ended ~0.27 KiB per
 * object bigger (RSS 3.32 against 3.05 KiB).
 */
const READ_PIECE = 64 * 1024;

/** Read and verify a snapshot file; the state comes back deeply frozen. Throws SnapshotError. */
export function readSnapshot(path: string, options: ReadOptions = {}): { header: SnapshotHeader; state: SiteState; size: number } {
  const reader = new SnapshotReader(path, options);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new SnapshotError(path, (err as Error).message);
  }
  try {
    // piece by piece: a big site's file is longer than the longest string (and than readFileSync
    // reads); into one buffer, reused: a fresh buffer per piece is memory outside the V8 heap, and
    // every 64 MB of that makes V8 mark the whole heap (at 1M objects, a 1.7 GB file meant ~27
    // full collections of a heap of several GB)
    const size = options.pieceBytes ?? READ_PIECE;
    const piece = Buffer.allocUnsafe(size);
    for (;;) {
      const n = readSync(fd, piece, 0, size, null);
      if (n === 0) break;
      reader.feed(piece.subarray(0, n), true);
    }
  } catch (err) {
    throw new SnapshotError(path, (err as Error).message);
  } finally {
    closeSync(fd);
  }
  return reader.finish();
}

/** Verify and decode the bytes of a snapshot (`path` names them in errors). */
export function parseSnapshot(path: string, bytes: Buffer, options: ReadOptions = {}): { header: SnapshotHeader; state: SiteState; size: number } {
  const reader = new SnapshotReader(path, options);
  reader.feed(bytes);
  return reader.finish();
}

type Level<T> = Record<string | number, T | null>;
/** A bucket until version 4: a record of nodes by UID. */
type RecordBucket = Record<string, ContentNode>;

/** Bucket number `n` of an index of version 4 (a record of nodes by UID), made when missing. */
function recordBucketFor(nodes: NodeShards, n: number): RecordBucket {
  const slots = slotsOf(n);
  let at: unknown[] = nodes;
  for (let i = 0; i < slots.length - 1; i++) at = (at[slots[i]] ??= new Array(FANOUT).fill(null)) as unknown[];
  return (at[slots[slots.length - 1]] ??= emptyRecord<ContentNode>()) as RecordBucket;
}

/** A slot number of a line (0..255). */
function slotNumber(path: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) throw new SnapshotError(path, `bad slot ${String(value)}`);
  return value;
}

/**
 * Decodes a snapshot line by line as its bytes arrive, hashing each line: no line is held longer
 * than it takes to decode it, and the file never is whole in memory. Whether the file is sound
 * (final newline, trailer, checksum, number of lines) is only known at the end, so a line that
 * cannot be decoded stops the decoding but not the reading: `finish` reports damage first.
 */
class SnapshotReader {
  private readonly hash = createHash('sha256');
  /** the start of a line whose end has not arrived yet */
  private partial: Buffer[] = [];
  /** the last complete line: the trailer if no other follows */
  private last: Buffer | undefined;
  private lines = 0;
  private size = 0;
  private header: SnapshotHeader | undefined;
  private base: (Omit<SiteState, 'nodes'> & { nodes: null }) | undefined;
  /** the UID index of versions 1 to 3 */
  private nodes: Level<Level<RecordBucket>> | undefined;
  /** the UID index of version 4 and later (version 4: buckets are records of nodes by UID) */
  private tree: NodeShards | undefined;
  private count = 0;
  private failure: unknown;
  /** repeating strings of the nodes, shared (share.ts) */
  private readonly sharer = new StringSharer();

  constructor(
    private readonly path: string,
    private readonly options: ReadOptions,
  ) {}

  /** `reused`: the caller overwrites `bytes` after this call (what is kept of them is copied). */
  feed(bytes: Buffer, reused = false): void {
    this.size += bytes.length;
    let from = 0;
    for (;;) {
      const nl = bytes.indexOf(0x0a, from);
      if (nl < 0) {
        if (from < bytes.length) this.partial.push(reused ? Buffer.from(bytes.subarray(from)) : bytes.subarray(from));
        if (reused && this.last && this.last.buffer === bytes.buffer) this.last = Buffer.from(this.last);
        return;
      }
      let line = bytes.subarray(from, nl);
      if (this.partial.length) {
        this.partial.push(line);
        line = Buffer.concat(this.partial);
        this.partial = [];
      }
      if (this.last) this.take(this.last);
      this.last = line;
      from = nl + 1;
    }
  }

  /** A line that is not the trailer. */
  private take(line: Buffer): void {
    this.hash.update(line);
    this.hash.update(NEWLINE);
    const n = this.lines++;
    if (this.failure !== undefined) return;
    try {
      const text = line.toString('utf8');
      if (n === 0) this.header = parseHeader(this.path, text);
      else if (n === 1) this.base = decode(text);
      else this.chunk(text);
    } catch (err) {
      this.failure = err;
    }
  }

  private level<T>(): Level<T> {
    // version 1: records keyed by hex shard keys (migrate.ts turns them into today's arrays)
    return this.header!.version === 1 ? {} : (new Array(256).fill(null) as unknown as Level<T>);
  }

  private chunk(text: string): void {
    const chunk = decode<{ a: string | number; b?: string | number; s?: unknown; u?: string; v?: VersionEntry }>(text);
    if (this.header!.version > TWO_LEVELS) return this.chunkOfTree(chunk);
    const nodes = (this.nodes ??= this.level<Level<RecordBucket>>());
    if (chunk.u !== undefined && chunk.b !== undefined) {
      const node = own(own(own(nodes, String(chunk.a)), String(chunk.b)), chunk.u);
      if (!node || !chunk.v) throw new SnapshotError(this.path, `version of unknown object ${chunk.u}`);
      (node.versions ??= []).push(chunk.v);
    } else if (chunk.b === undefined) {
      const outer = chunk.s as Level<RecordBucket>;
      nodes[chunk.a] = outer;
      for (const bucket of Object.values(outer)) if (bucket) this.count += Object.keys(bucket).length;
    } else {
      Object.assign(((nodes[chunk.a] ??= this.level<RecordBucket>())[chunk.b] ??= {}), chunk.s);
      this.count += Object.keys(chunk.s ?? {}).length;
    }
  }

  /** A line of version 4 and later, into the index of four levels of 16 (bucket number: a * 256 + b). */
  private chunkOfTree(chunk: { a: string | number; b?: string | number; s?: unknown; u?: string; v?: VersionEntry }): void {
    const nodes = (this.tree ??= emptyLevel());
    const a = slotNumber(this.path, chunk.a);
    const records = this.header!.version <= RECORD_BUCKETS;
    if (chunk.u !== undefined && chunk.b !== undefined) {
      const bucket = bucketAt(nodes, a * 256 + slotNumber(this.path, chunk.b));
      const node = records ? own(bucket as unknown as RecordBucket, chunk.u) : (bucket?.[indexIn(bucket, chunk.u)] as ContentNode | undefined);
      if (!node || !chunk.v) throw new SnapshotError(this.path, `version of unknown object ${chunk.u}`);
      (node.versions ??= []).push(chunk.v);
      return;
    }
    const buckets: [number, NodeBucket | null][] = chunk.b === undefined ? (chunk.s as (NodeBucket | null)[]).map((bucket, b) => [b, bucket]) : [[slotNumber(this.path, chunk.b), chunk.s as NodeBucket]];
    for (const [b, bucket] of buckets) {
      if (!bucket) continue;
      if (records) {
        // version 4: a record of nodes by UID, kept as it is until the journal is replayed
        const record = bucket as unknown as RecordBucket;
        for (const uid in record) if (Object.hasOwn(record, uid)) this.sharer.node(record[uid], uid);
        Object.assign(recordBucketFor(nodes, a * 256 + b), record);
        this.count += Object.keys(record).length;
        continue;
      }
      const n = a * 256 + b;
      if (!Array.isArray(bucket) || bucket.length % 2) throw new SnapshotError(this.path, `bucket ${n} is not a list of pairs`);
      for (let i = 0; i < bucket.length; i += 2) {
        const node = bucket[i + 1] as ContentNode;
        if (typeof node?.uid !== 'string' || bucket[i] !== fnv(node.uid) || (fnv(node.uid) & 0xffff) !== n) throw new SnapshotError(this.path, `bucket ${n}: a node without its hash`);
        // every repeating string of the node shared now, while what it replaces is young garbage
        this.sharer.node(node);
        this.sharer.references(node);
      }
      // the bucket as parsed (an array of its exact size); a bucket on several lines (objects with big values apart) joined
      const into = bucketFor(nodes, n);
      if (into.length) for (const x of bucket) into.push(x); // no spread: a bucket may be long
      else setBucket(nodes, n, bucket);
      this.count += bucket.length / 2;
    }
  }

  finish(): { header: SnapshotHeader; state: SiteState; size: number } {
    const path = this.path;
    if (this.size === 0) throw new SnapshotError(path, 'empty file');
    if (this.partial.length) throw new SnapshotError(path, 'truncated (no final newline)');
    let trailer: { end?: boolean; chunks?: number; sha256?: string };
    try {
      trailer = JSON.parse(this.last!.toString('utf8'));
    } catch {
      throw new SnapshotError(path, 'truncated (no trailer)');
    }
    if (!trailer || trailer.end !== true) throw new SnapshotError(path, 'truncated (no trailer)');
    if (this.hash.digest('hex') !== trailer.sha256) throw new SnapshotError(path, 'checksum mismatch');
    if (this.lines !== (trailer.chunks ?? -1) + 2) throw new SnapshotError(path, 'wrong number of chunks');
    try {
      if (this.failure !== undefined) throw this.failure;
      const header = this.header!;
      const base = this.base!;
      const nodes = header.version > TWO_LEVELS ? (this.tree ?? emptyLevel()) : (this.nodes ?? this.level<Level<RecordBucket>>());
      if (this.tree && header.version <= RECORD_BUCKETS) {
        for (const [, bucket] of allBuckets(this.tree)) for (const node of Object.values(bucket as unknown as RecordBucket)) this.sharer.references(node);
      }
      // `nodes` keeps its place (base has it as null); keyed records get their null prototype back.
      let state = restoreNullPrototypes({ ...base, nodes } as unknown as SiteState);
      if (this.count !== header.nodeCount || state.nodeCount !== header.nodeCount) {
        throw new SnapshotError(path, `header says ${header.nodeCount} objects, found ${this.count}`);
      }
      if (!this.options.raw) state = migrateState(state).state;
      return { header, state: freezeState(state), size: this.size };
    } catch (err) {
      if (err instanceof SnapshotError) throw err;
      throw new SnapshotError(path, `unreadable content (${(err as Error).message})`);
    }
  }
}

const NEWLINE = Buffer.from('\n');
