#!/usr/bin/env -S npx tsx
// Snapshot tools (also `cms-oracle inspect|export-fixture`):
//   inspect <snapshot file | data dir>           objects, size, last change; journals; what a start would restore
//   export-fixture <snapshot | data dir | site URL> <folder> [--admin user:password] [--include-password-hashes]
//                                                a fixture folder (site.json, content.json, files/);
//                                                password hashes only with the flag
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteState } from '../src/state/model.ts';
import { allNodes, getNode } from '../src/state/nodes.ts';
import { pathOf } from '../src/state/select.ts';
import { fixtureFromState } from '../src/persistence/export.ts';
import { BLOB_DIR, listDataDir } from '../src/persistence/files.ts';
import { readJournal } from '../src/persistence/journal.ts';
import { restore, type Logger } from '../src/persistence/restore.ts';
import { parseSnapshot, readSnapshot, SnapshotError } from '../src/persistence/snapshot.ts';

const USAGE = `Usage:
  cms-oracle inspect <snapshot file | data dir>
  cms-oracle export-fixture <snapshot file | data dir | site URL> <folder> [--admin user:password] [--include-password-hashes]
    (a site URL needs a server started with --dev-endpoints; default admin admin:admin;
     users are written without passwords unless --include-password-hashes is given)`;

const human = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const stderrLogger: Logger = {
  info: () => {},
  warn: (m) => console.error(`warning: ${m}`),
  error: (m) => console.error(`error: ${m}`),
};

function inspectSnapshot(path: string): boolean {
  try {
    const { header, state, size } = readSnapshot(path);
    console.log(`${path}  OK`);
    console.log(`  size         ${human(size)} (${size} bytes)`);
    console.log(`  objects      ${header.nodeCount}`);
    console.log(`  users        ${Object.keys(state.users).length}, groups ${Object.keys(state.groups).length}, types ${Object.keys(state.types).length}`);
    console.log(`  last change  ${header.lastChange ?? 'unknown'} (change #${header.changes})`);
    console.log(`  written      ${header.created} (snapshot ${header.seq})`);
    return true;
  } catch (err) {
    if (!(err instanceof SnapshotError)) throw err;
    console.log(`${path}  CORRUPT: ${err.message}`);
    return false;
  }
}

function inspectDataDir(dir: string): number {
  const listing = listDataDir(dir);
  if (!listing.snapshots.length && !listing.journals.length) {
    console.log(`${dir}: no snapshots or journals (a start loads the fixture)`);
    return 0;
  }
  for (const s of listing.snapshots) inspectSnapshot(s.path);
  for (const j of listing.journals) {
    const contents = readJournal(j.path);
    const first = contents.records[0]?.c;
    const last = contents.records.at(-1);
    const range = first === undefined ? 'empty' : `changes #${first}..#${last!.c}, last at ${last!.t}`;
    const damage = contents.corrupt ? `, DAMAGED at byte ${contents.corrupt.offset}` : contents.tornTail ? `, torn tail of ${contents.tornTail.bytes} bytes` : '';
    console.log(`${j.path}  ${human(statSync(j.path).size)}, ${contents.records.length} records (${range})${damage}`);
  }
  try {
    const restored = restore(dir, stderrLogger, { readOnly: true, check: 'full' });
    if (restored) {
      console.log(
        `a start would restore ${restored.state.nodeCount} objects: ${restored.snapshot.path} + ${restored.replayed} journaled changes; ` +
          `last change ${restored.lastChange ?? 'unknown'} (#${restored.changes})`,
      );
    }
    return 0;
  } catch (err) {
    console.log(`a start would FAIL: ${(err as Error).message}`);
    return 1;
  }
}

interface Source {
  state: SiteState;
  /** Bytes of a blob; `where` names an object and field that use it. */
  blob: (hash: string, where: { uid: string; field: string }) => Promise<Uint8Array | undefined>;
}

async function loadSource(from: string, admin: string, hashes: boolean): Promise<Source> {
  if (/^https?:\/\//.test(from)) {
    const site = from.replace(/\/$/, '');
    const headers = { Authorization: 'Basic ' + Buffer.from(admin).toString('base64') };
    const res = await fetch(`${site}/++dev++/snapshot${hashes ? '?include-password-hashes=true' : ''}`, { headers });
    if (res.status !== 200) {
      throw new Error(`GET ${site}/++dev++/snapshot answered ${res.status}: is the server started with --dev-endpoints, and is ${admin.split(':')[0]} a Manager?`);
    }
    const { state } = parseSnapshot(`${site}/++dev++/snapshot`, Buffer.from(await res.arrayBuffer()));
    return {
      state,
      blob: async (_hash, { uid, field }) => {
        const node = getNode(state, uid)!;
        const url = `${site}/${pathOf(state, node).map(encodeURIComponent).join('/')}/@@download/${field}`;
        const answer = await fetch(url, { headers });
        return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
      },
    };
  }
  const path = resolve(from);
  const isDir = statSync(path).isDirectory();
  const blobDir = join(isDir ? path : dirname(path), BLOB_DIR);
  const state = isDir ? restore(path, stderrLogger, { readOnly: true })?.state : readSnapshot(path).state;
  if (!state) throw new Error(`${path} holds no snapshot`);
  return {
    state,
    blob: async (hash) => {
      const file = join(blobDir, hash);
      return existsSync(file) ? new Uint8Array(readFileSync(file)) : undefined;
    },
  };
}

async function exportFixture(from: string, to: string, admin: string, hashes: boolean): Promise<number> {
  const { state, blob } = await loadSource(from, admin, hashes);
  const fixture = fixtureFromState(state, { includePasswordHashes: hashes });
  const out = resolve(to);
  if (existsSync(join(out, 'site.json')) || existsSync(join(out, 'content.json'))) {
    console.error(`${out} already holds a fixture; choose an empty folder`);
    return 1;
  }
  mkdirSync(join(out, 'files'), { recursive: true });
  // Where each blob is used (for the download URL of a running site).
  const usage = new Map<string, { uid: string; field: string }>();
  for (const node of allNodes(state)) {
    for (const [field, value] of Object.entries(node.fields)) {
      const hash = (value as { blob?: unknown } | null)?.blob;
      if (typeof hash === 'string' && !usage.has(hash)) usage.set(hash, { uid: node.uid, field });
    }
  }
  for (const { name, blob: hash } of fixture.files) {
    const bytes = await blob(hash, usage.get(hash)!);
    if (!bytes) {
      console.error(`error: bytes of blob ${hash} (files/${name}) not found`);
      return 1;
    }
    writeFileSync(join(out, 'files', name), bytes);
  }
  writeFileSync(join(out, 'site.json'), JSON.stringify(fixture.site, null, 2) + '\n');
  writeFileSync(join(out, 'content.json'), JSON.stringify(fixture.content, null, 2) + '\n');
  for (const w of fixture.warnings) console.error(`warning: ${w}`);
  console.log(`wrote ${out}: ${state.nodeCount - 1} objects, ${Object.keys(state.users).length} users, ${fixture.files.length} files`);
  return 0;
}

/** `argv` starts with the subcommand; returns the exit code. */
export async function snapshotCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const adminAt = rest.indexOf('--admin');
  const admin = adminAt === -1 ? 'admin:admin' : rest.splice(adminAt, 2)[1] ?? '';
  const hashesAt = rest.indexOf('--include-password-hashes');
  if (hashesAt !== -1) rest.splice(hashesAt, 1);
  try {
    if (command === 'inspect' && rest.length === 1) {
      const target = resolve(rest[0]);
      if (!existsSync(target)) throw new Error(`${target} does not exist`);
      return statSync(target).isDirectory() ? inspectDataDir(target) : inspectSnapshot(target) ? 0 : 1;
    }
    if (command === 'export-fixture' && rest.length === 2 && admin.includes(':')) return await exportFixture(rest[0], rest[1], admin, hashesAt !== -1);
  } catch (err) {
    console.error(`cms-oracle ${command}: ${(err as Error).message}`);
    return 1;
  }
  console.error(USAGE);
  return 2;
}

// Run directly (not when bundled into the main command, whose file then is argv[1]).
if (/snapshot\.[cm]?[jt]s$/.test(process.argv[1] ?? '') && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await snapshotCommand(process.argv.slice(2)));
}
