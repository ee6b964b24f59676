// Start-up: the newest valid snapshot, then every journaled change after it, in order. Damage is
// reported; a torn last record is dropped; anything that would yield a partial site is fatal.
import { unlinkSync } from 'node:fs';
import { freezeState } from '../state/freeze.ts';
import type { SiteState } from '../state/model.ts';
import { checkSite } from '../state/invariants.ts';
import { getNode } from '../state/nodes.ts';
import { listDataDir } from './files.ts';
import { readJournal } from './journal.ts';
import { replayPatches } from '../state/patches.ts';
import { readSnapshot, SNAPSHOT_VERSION, SnapshotError, type SnapshotHeader } from './snapshot.ts';
import { migrateState } from './migrate.ts';

export interface Restored {
  state: SiteState;
  /** The snapshot used. */
  snapshot: { path: string; header: SnapshotHeader; size: number };
  /** Journaled changes applied on top of the snapshot. */
  replayed: number;
  /** Change number of the restored state. */
  changes: number;
  /** Time of the last change (ISO 8601), null if unknown. */
  lastChange: string | null;
  /** The data was in an earlier shape (migrate.ts): the next snapshot must be written before any journal. */
  migrated: boolean;
}

/** The data dir cannot be restored without losing data; the server must not start. */
export class RestoreError extends Error {}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(`[persistence] ${m}`),
  warn: (m) => console.warn(`[persistence] WARNING: ${m}`),
  error: (m) => console.error(`[persistence] ERROR: ${m}`),
};

export interface RestoreOptions {
  readOnly?: boolean;
  /**
   * 'full': the whole site is checked against the tree invariants (checkSite); 'auto' (the
   * default) does that when journaled changes were replayed or the data was migrated, and
   * otherwise trusts a snapshot whose checksum, line count and object count verified (written
   * whole by this program from a committed state) after checking its root: the full check is
   * about half of a 1,000,000-object start.
   */
  check?: 'full' | 'auto';
}

/** Restore the site from `dir`; undefined when the dir holds no snapshot and no journal. */
export function restore(dir: string, log: Logger = consoleLogger, options: RestoreOptions = {}): Restored | undefined {
  const listing = listDataDir(dir);
  // Unfinished files of a crash (a running server's own are left alone in read-only mode).
  for (const tmp of options.readOnly ? [] : listing.temporary) {
    log.info(`removing unfinished file ${tmp}`);
    try {
      unlinkSync(tmp);
    } catch {
      // read-only dir: harmless, the file is never read
    }
  }
  if (!listing.snapshots.length) {
    if (listing.journals.length) {
      throw new RestoreError(`${dir} has journal files but no snapshot; refusing to start with a partial site`);
    }
    return undefined;
  }

  let chosen: { path: string; header: SnapshotHeader; state: SiteState; size: number } | undefined;
  for (const candidate of [...listing.snapshots].reverse()) {
    try {
      chosen = { path: candidate.path, ...readSnapshot(candidate.path, { raw: true }) };
      break;
    } catch (err) {
      if (!(err instanceof SnapshotError)) throw err;
      log.error(`${err.message}; trying the previous snapshot`);
    }
  }
  if (!chosen) {
    throw new RestoreError(`no valid snapshot in ${dir} (all ${listing.snapshots.length} are corrupt); refusing to start`);
  }
  const newest = listing.snapshots[listing.snapshots.length - 1];
  if (newest.path !== chosen.path) log.warn(`using older snapshot ${chosen.path}`);

  let state = chosen.state;
  let changes = chosen.header.changes;
  let lastChange = chosen.header.lastChange;
  let replayed = 0;
  for (const journal of listing.journals.filter((j) => j.seq >= chosen.header.seq)) {
    const contents = readJournal(journal.path);
    if (contents.corrupt) {
      throw new RestoreError(
        `journal ${journal.path} is damaged at byte ${contents.corrupt.offset} (line ${contents.corrupt.line}) and has valid records after it; refusing to start`,
      );
    }
    for (const record of contents.records) {
      if (record.c <= changes) {
        throw new RestoreError(`journal ${journal.path}: change ${record.c} is out of order (already at ${changes})`);
      }
      if (record.c !== changes + 1) {
        throw new RestoreError(`journal ${journal.path}: changes ${changes + 1}..${record.c - 1} are missing; refusing to start`);
      }
      state = replayPatches(state, record.patches);
      changes = record.c;
      lastChange = record.t;
      replayed++;
    }
    if (contents.tornTail) {
      log.warn(
        `journal ${journal.path}: dropped a torn record at byte ${contents.tornTail.offset} (${contents.tornTail.bytes} bytes; never acknowledged)`,
      );
    }
  }
  const shaped = migrateState(state);
  if (shaped.migrated) log.info(`${chosen.path}: site data of snapshot version ${chosen.header.version} brought to version ${SNAPSHOT_VERSION}`);
  state = freezeState(shaped.state);
  const full = options.check === 'full' || replayed > 0 || shaped.migrated;
  const problems = full ? checkSite(state) : checkRoot(state);
  if (problems.length) {
    throw new RestoreError(`restored site from ${chosen.path} is inconsistent: ${problems.slice(0, 5).join('; ')}`);
  }
  return { state, snapshot: { path: chosen.path, header: chosen.header, size: chosen.size }, replayed, changes, lastChange, migrated: shaped.migrated };
}

/** What a verified snapshot is still checked for: a root that is indexed, the root, and parentless. */
function checkRoot(state: SiteState): string[] {
  const root = getNode(state, state.rootUid);
  if (!root) return [`root ${state.rootUid} not indexed`];
  return root.parent === null ? [] : [`root ${state.rootUid} has parent ${root.parent}`];
}
