// The journal: every committed change (its Immer patches, superjson-encoded) appended to
// journal-N and fsynced before the change is acknowledged. Concurrent commits share one write and
// one fsync (group commit). One line per record: "<checksum> <json>\n" with
// json = {c: change number, t: time, p: superjson of the patches}.
import { createHash } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Patch } from 'immer';
import superjson from 'superjson';
import { encode } from './codec.ts';
import type { SiteState } from '../state/model.ts';
import { fsyncDir, journalName } from './files.ts';

export interface JournalRecord {
  /** Change number: 1 + the number of changes before it since the data dir was created. */
  c: number;
  /** Wall-clock time of the commit (ISO 8601). */
  t: string;
  patches: Patch[];
}

const checksum = (json: string) => createHash('sha256').update(json, 'utf8').digest('hex').slice(0, 16);

export function encodeRecord(record: JournalRecord): string {
  const json = `{"c":${record.c},"t":${JSON.stringify(record.t)},"p":${encode(record.patches)}}`;
  return `${checksum(json)} ${json}\n`;
}

/** One line without its newline -> record, or undefined if damaged. */
export function decodeRecord(line: string): JournalRecord | undefined {
  const space = line.indexOf(' ');
  if (space !== 16) return undefined;
  const json = line.slice(17);
  if (checksum(json) !== line.slice(0, 16)) return undefined;
  try {
    const { c, t, p } = JSON.parse(json);
    if (typeof c !== 'number' || typeof t !== 'string' || !p) return undefined;
    return { c, t, patches: superjson.deserialize<Patch[]>(p) };
  } catch {
    return undefined;
  }
}

export interface JournalContents {
  records: JournalRecord[];
  /** Damaged bytes at the end of the file (a write cut short), dropped. */
  tornTail?: { offset: number; bytes: number };
  /** Damage followed by valid records: the file cannot be trusted. */
  corrupt?: { offset: number; line: number };
}

export function readJournal(path: string): JournalContents {
  const bytes = readFileSync(path);
  const records: JournalRecord[] = [];
  let offset = 0;
  let line = 0;
  let damagedAt: number | undefined;
  let damagedLine = 0;
  while (offset < bytes.length) {
    const nl = bytes.indexOf(0x0a, offset);
    line++;
    const end = nl === -1 ? bytes.length : nl;
    const record = nl === -1 ? undefined : decodeRecord(bytes.subarray(offset, end).toString('utf8'));
    if (record && damagedAt !== undefined) {
      return { records, corrupt: { offset: damagedAt, line: damagedLine } };
    }
    if (record) records.push(record);
    else if (damagedAt === undefined) {
      damagedAt = offset;
      damagedLine = line;
    }
    offset = end + 1;
  }
  return damagedAt === undefined ? { records } : { records, tornTail: { offset: damagedAt, bytes: bytes.length - damagedAt } };
}

export interface DurablePoint {
  /** The state after the last durable change. */
  state: SiteState;
  /** Its change number. */
  changes: number;
  /** Time of that change (ISO 8601), null if unknown. */
  time: string | null;
}

interface QueuedRecord {
  kind: 'record';
  c: number;
  t: string;
  line: string;
  after: SiteState;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface QueuedRotation {
  kind: 'rotate';
  seq: number;
  resolve: (point: DurablePoint) => void;
  reject: (err: unknown) => void;
}

export interface JournalOptions {
  dir: string;
  /** Number of the first journal file (created on the first write). */
  seq: number;
  start: DurablePoint;
  /** Run before the first file is created, until it succeeds (writes the base snapshot). */
  base?: () => Promise<void>;
  /**
   * A write or fsync failed: every queued change was rejected with `error`; the caller must put
   * the store back to `durable`.
   */
  onFailure: (cause: unknown, durable: DurablePoint) => void;
}

/** Single writer of the journal files, in commit order. */
export class Journal {
  private fh: FileHandle | null = null;
  private seq: number;
  /** End of the last durable record in the current file. */
  private offset = 0;
  /** Bytes after `offset` may hold a failed write: truncate before writing again. */
  private dirty = false;
  /** The current file was opened before: `offset` is authoritative. */
  private reopen = false;
  private queue: (QueuedRecord | QueuedRotation)[] = [];
  private running = false;
  private idle: Promise<void> = Promise.resolve();
  private wakeIdle: () => void = () => {};
  durable: DurablePoint;
  /** Groups written and records written, for statistics. */
  readonly stats = { groups: 0, records: 0, bytes: 0 };

  constructor(private readonly options: JournalOptions) {
    this.seq = options.seq;
    this.durable = options.start;
  }

  get currentPath(): string {
    return join(this.options.dir, journalName(this.seq));
  }

  /** Queue a change; resolves once it is on disk, rejects if it could not be written. */
  append(c: number, t: string, patches: Patch[], after: SiteState): Promise<void> {
    const line = encodeRecord({ c, t, patches });
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'record', c, t, line, after, resolve, reject });
      this.kick();
    });
  }

  /**
   * Start journal `seq` at the next record boundary: every change queued before goes to the old
   * file, every later one to the new. Resolves with the durable state at that boundary, which is
   * exactly what snapshot `seq` must contain.
   */
  rotate(seq: number): Promise<DurablePoint> {
    return new Promise<DurablePoint>((resolve, reject) => {
      this.queue.push({ kind: 'rotate', seq, resolve, reject });
      this.kick();
    });
  }

  /** Write the base snapshot now if one is needed (at start-up, before any change). */
  async prepare(): Promise<void> {
    if (!this.options.base) return;
    await this.options.base();
    this.options.base = undefined;
  }

  /** Resolves when everything queued so far has been handled. */
  drained(): Promise<void> {
    return this.running ? this.idle : Promise.resolve();
  }

  async close(): Promise<void> {
    await this.drained();
    await this.fh?.close().catch(() => {});
    this.fh = null;
  }

  /**
   * Take back change `c`, the last one queued, before it is written; its promise resolves (there
   * is nothing to wait for). For a commit refused after the journal was told of it (Store.publish):
   * its undoing comes in the same turn, and no write starts before the turn's microtasks (kick).
   * False when `c` is not the last queued record.
   */
  withdraw(c: number): boolean {
    const last = this.queue[this.queue.length - 1];
    if (!last || last.kind !== 'record' || last.c !== c) return false;
    this.queue.pop();
    last.resolve();
    return true;
  }

  private kick(): void {
    if (this.running) return;
    this.running = true;
    this.idle = new Promise((resolve) => (this.wakeIdle = resolve));
    queueMicrotask(() => void this.run()); // after the turn: what it queued can still be withdrawn
  }

  private async run(): Promise<void> {
    while (this.queue.length) {
      const head = this.queue[0];
      if (head.kind === 'rotate') {
        this.queue.shift();
        await this.switchFile(head);
        continue;
      }
      let n = 0;
      while (n < this.queue.length && this.queue[n].kind === 'record') n++;
      await this.writeGroup(this.queue.splice(0, n) as QueuedRecord[]);
    }
    this.running = false;
    this.wakeIdle();
  }

  private async openCurrent(): Promise<FileHandle> {
    if (this.fh) return this.fh;
    if (this.options.base) {
      await this.options.base();
      this.options.base = undefined;
    }
    const fh = await open(this.currentPath, constants.O_RDWR | constants.O_CREAT);
    try {
      // First open of this file: append after what is there. Reopen after a failure: keep the
      // known end of the durable records and cut whatever the failed write left behind.
      if (this.reopen) this.dirty = true;
      else this.offset = (await fh.stat()).size;
      fsyncDir(this.options.dir);
    } catch (err) {
      await fh.close().catch(() => {});
      throw err;
    }
    this.fh = fh;
    return fh;
  }

  private async writeGroup(group: QueuedRecord[]): Promise<void> {
    try {
      const fh = await this.openCurrent();
      if (this.dirty) {
        await fh.truncate(this.offset);
        this.dirty = false;
      }
      const buf = Buffer.from(group.map((r) => r.line).join(''), 'utf8');
      this.dirty = true;
      let off = 0;
      while (off < buf.length) {
        const { bytesWritten } = await fh.write(buf, off, buf.length - off, this.offset + off);
        off += bytesWritten;
      }
      await fh.datasync();
      this.dirty = false;
      this.offset += buf.length;
      const last = group[group.length - 1];
      this.durable = { state: last.after, changes: last.c, time: last.t };
      this.stats.groups++;
      this.stats.records += group.length;
      this.stats.bytes += buf.length;
      for (const r of group) r.resolve();
    } catch (cause) {
      // Drop the handle: the next write reopens the file (the disk may have been replaced).
      const fh = this.fh;
      this.fh = null;
      this.reopen = true;
      await fh?.close().catch(() => {});
      const rest = this.queue.splice(0);
      for (const item of [...group, ...rest]) item.reject(cause);
      this.options.onFailure(cause, this.durable);
    }
  }

  private async switchFile(rotation: QueuedRotation): Promise<void> {
    try {
      if (this.options.base) {
        await this.options.base();
        this.options.base = undefined;
      }
      if (this.dirty) {
        // A failed write may have left a whole record behind: cut it before moving on.
        const old = await this.openCurrent();
        await old.truncate(this.offset);
        await old.datasync();
        this.dirty = false;
      }
      const path = join(this.options.dir, journalName(rotation.seq));
      const fh = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC);
      try {
        fsyncDir(this.options.dir);
      } catch (err) {
        await fh.close().catch(() => {});
        throw err;
      }
      await this.fh?.close().catch(() => {});
      this.fh = fh;
      this.seq = rotation.seq;
      this.offset = 0;
      this.reopen = true;
      this.dirty = false;
      rotation.resolve(this.durable);
    } catch (err) {
      rotation.reject(err);
    }
  }
}
