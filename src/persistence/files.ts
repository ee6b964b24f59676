// Layout of a data dir and the few file-system primitives persistence needs (atomic replace,
// directory fsync). Snapshots and journals are numbered: journal-N holds the changes made after
// snapshot-N was captured.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export const BLOB_DIR = 'blobs';
const SNAPSHOT = /^snapshot-(\d{6,})\.sj$/;
const JOURNAL = /^journal-(\d{6,})\.log$/;

const pad = (seq: number) => String(seq).padStart(6, '0');
export const snapshotName = (seq: number) => `snapshot-${pad(seq)}.sj`;
export const journalName = (seq: number) => `journal-${pad(seq)}.log`;

export interface Numbered {
  seq: number;
  path: string;
}

export interface DataDirListing {
  snapshots: Numbered[]; // ascending
  journals: Numbered[]; // ascending
  temporary: string[];
}

export function listDataDir(dir: string): DataDirListing {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { snapshots: [], journals: [], temporary: [] };
    throw err;
  }
  const pick = (re: RegExp) =>
    names
      .flatMap((n) => {
        const m = re.exec(n);
        return m ? [{ seq: Number(m[1]), path: join(dir, n) }] : [];
      })
      .sort((x, y) => x.seq - y.seq);
  return {
    snapshots: pick(SNAPSHOT),
    journals: pick(JOURNAL),
    temporary: names.filter((n) => n.endsWith('.tmp')).map((n) => join(dir, n)),
  };
}

/** Highest number used by any snapshot or journal in the dir (0 when none). */
export function highestSeq(listing: DataDirListing): number {
  return Math.max(0, ...listing.snapshots.map((s) => s.seq), ...listing.journals.map((j) => j.seq));
}

/** Make a rename or a new file in `dir` durable. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Write `chunks` to `path` atomically: temporary file, fsync, rename, fsync of the folder.
 * `chunks` is consumed lazily so the producer can yield to the event loop between chunks.
 * On failure the temporary file is removed and `path` is untouched.
 */
export async function writeAtomically(dir: string, name: string, chunks: AsyncIterable<string | Uint8Array>): Promise<number> {
  const path = join(dir, name);
  const tmp = path + '.tmp';
  const fh = await open(tmp, 'w');
  let size = 0;
  try {
    for await (const chunk of chunks) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let off = 0;
      while (off < buf.length) {
        const { bytesWritten } = await fh.write(buf, off, buf.length - off);
        off += bytesWritten;
      }
      size += buf.length;
    }
    await fh.sync();
    await fh.close();
  } catch (err) {
    await fh.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw err;
  }
  try {
    await rename(tmp, path);
    fsyncDir(dir);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
  return size;
}

/** Another live process owns the data dir. */
export class DataDirInUseError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claim `dir` for this process (file `LOCK` holding the pid); a lock left by a dead process (kill -9)
 * is taken over. Returns the release function. An unwritable dir cannot be locked: `warn` is told.
 */
export function lockDataDir(dir: string, warn: (message: string) => void): () => void {
  const path = join(dir, 'LOCK');
  const mine = String(process.pid);
  try {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DataDirInUseError(`data dir ${dir} is in use by process ${owner} (remove ${path} if that is wrong)`);
      }
      writeFileSync(path, mine);
    }
  } catch (err) {
    if (err instanceof DataDirInUseError) throw err;
    warn(`cannot lock ${dir}: ${(err as Error).message}`);
    return () => {};
  }
  return () => {
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}
