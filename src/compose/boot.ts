// One call for bin/: build the server (fixture loaded), then restore the data dir over it and
// keep it on disk; the dev endpoints get the fixture state to reset to.
import { join } from 'node:path';
import { createServer, type ServerOptions } from '../server.ts';
import { DevEndpoints } from '../endpoints/dev/dev.routes.ts';
import { DurableBlobStore } from '../persistence/blobs.ts';
import { BLOB_DIR, listDataDir } from '../persistence/files.ts';
import { Persistence } from '../persistence/persistence.ts';
import { consoleLogger, type Logger } from '../persistence/restore.ts';

export interface PersistenceFlags {
  /** Folder of snapshots, journals and blobs; null: memory only. */
  dataDir: string | null;
  /** Journal + fsync every change before answering. */
  durable: boolean;
  /** Seconds between snapshots (only when something changed); 0: only at shutdown. */
  snapshotInterval: number;
  /** Enable the `++dev++` endpoints (reset, checkpoints); the change stream opens to every authenticated user. */
  devEndpoints: boolean;
}

export const DEFAULT_SNAPSHOT_INTERVAL = 30;

export async function createPersistentServer(options: ServerOptions, flags: PersistenceFlags, log: Logger = consoleLogger) {
  const dev = flags.devEndpoints ? new DevEndpoints() : undefined;
  const blobs = flags.dataDir ? new DurableBlobStore(join(flags.dataDir, BLOB_DIR), (m) => log.error(m)) : undefined;
  // A snapshot replaces whatever the fixture would build: load the fixture only without one, or
  // when the dev endpoints need it as the state to reset to.
  const restoring = !!flags.dataDir && listDataDir(flags.dataDir).snapshots.length > 0;
  const fixtureOption = restoring && !dev ? undefined : options.fixture;
  const server = await createServer({ ...options, fixture: fixtureOption, blobs: options.blobs ?? blobs, outside: dev?.route, changesForAuthenticated: flags.devEndpoints });
  const fixture = server.store.current;
  // Reset goes back to the fixture, not to what a snapshot restores over it.
  dev?.bind(server.store, server.services);
  let persistence: Persistence | undefined;
  if (flags.dataDir) {
    ({ persistence } = await Persistence.open(server.store, {
      dataDir: flags.dataDir,
      durable: flags.durable,
      snapshotInterval: flags.snapshotInterval,
      log,
    }));
  }
  return { ...server, persistence, dev, fixtureState: fixture, restored: restoring };
}
