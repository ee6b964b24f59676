// Restore, snapshots, the journal and damage: truncated journal tails, corrupt snapshots, a full
// data dir (simulated with /dev/full), a data dir used by another process.
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { checkSite } from '../state/invariants.ts';
import { DataDirInUseError, journalName, snapshotName } from './files.ts';
import { RestoreError } from './restore.ts';
import { readSnapshot } from './snapshot.ts';
import { decodeRecord } from './journal.ts';
import { capturingLogger, persistentSite, tmpDataDir } from '../compose/persistence-testing.ts';

type Site = Awaited<ReturnType<typeof persistentSite>>;

async function someWrites(site: Site, n: number, prefix = 'doc') {
  for (let i = 0; i < n; i++) {
    const created = await site.call('POST', '', { '@type': 'Document', id: `${prefix}-${i}`, title: `Title ${i}` });
    expect(created.status).toBe(201);
    if (i % 2) expect((await site.call('PATCH', `/${prefix}-${i}`, { description: `changed ${i}` })).status).toBe(204);
  }
}

const equalStates = (a: unknown, b: unknown) => expect(isDeepStrictEqual(a, b)).toBe(true);

describe('restore', () => {
  it('durable: every acknowledged write survives a crash (no close) and replays from the journal', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 6);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    expect(b.log.lines.join('\n')).toMatch(/\+ 9 journaled changes/);
    expect(checkSite(b.store.current)).toEqual([]);
  });

  it('non-durable: a clean shutdown writes a snapshot that the next start restores', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir);
    await someWrites(a, 4);
    await a.persistence!.close();
    expect(readdirSync(dir).filter((n) => n.startsWith('journal'))).toEqual([]);
    const b = await persistentSite(dir);
    equalStates(b.store.current, a.store.current);
    expect((await b.call('GET', '/doc-3')).body.description).toBe('changed 3');
  });

  it('no snapshot: the fixture state is kept and nothing is written until something changes', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir);
    await a.persistence!.close();
    expect(readdirSync(dir).filter((n) => n.endsWith('.sj'))).toEqual([]);
  });

  it('a snapshot retires the journal and keeps the last three snapshots', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    for (let round = 0; round < 4; round++) {
      await someWrites(a, 2, `r${round}`);
      await a.persistence!.snapshot();
    }
    await someWrites(a, 1, 'last');
    const names = readdirSync(dir).sort();
    expect(names.filter((n) => n.endsWith('.sj'))).toEqual([snapshotName(3), snapshotName(4), snapshotName(5)]);
    expect(names.filter((n) => n.endsWith('.log'))).toEqual([journalName(3), journalName(4), journalName(5)]);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    expect(b.log.lines.join('\n')).toMatch(/snapshot-000005\.sj \(change 12\) \+ 1 journaled changes/);
  });
});

describe('damage', () => {
  it('a torn last journal record is dropped with a warning', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 3);
    const before = a.store.current;
    expect((await a.call('POST', '', { '@type': 'Document', id: 'torn', title: 'torn' })).status).toBe(201);
    const journal = join(dir, journalName(1));
    truncateSync(journal, readFileSync(journal).length - 25);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, before);
    expect(b.log.lines.join('\n')).toMatch(/WARNING|warn: journal .*journal-000001\.log: dropped a torn record/);
  });

  it('garbage after the last record (no newline) is dropped too', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 2);
    appendFileSync(join(dir, journalName(1)), '0123456789abcdef {"c":');
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    expect(b.log.lines.some((l) => l.startsWith('warn:') && l.includes('torn'))).toBe(true);
  });

  it('damage in the middle of a journal refuses to start', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 3);
    const journal = join(dir, journalName(1));
    const bytes = readFileSync(journal);
    bytes[40] ^= 0x20;
    writeFileSync(journal, bytes);
    await expect(persistentSite(dir, { durable: true })).rejects.toThrow(RestoreError);
    await expect(persistentSite(dir, { durable: true })).rejects.toThrow(/journal-000001\.log is damaged at byte 0/);
  });

  it('a corrupt snapshot is reported with its path and the previous one (+ journals) is used', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 3, 'one');
    await a.persistence!.snapshot();
    await someWrites(a, 3, 'two');
    const newest = join(dir, snapshotName(2));
    const bytes = readFileSync(newest);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(newest, bytes);
    expect(() => readSnapshot(newest)).toThrow(/checksum mismatch/);
    expect(() => readSnapshot(newest, { pieceBytes: 64 })).toThrow(/checksum mismatch/);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    const log = b.log.lines.join('\n');
    expect(log).toContain(`error: corrupt snapshot ${newest}: checksum mismatch`);
    expect(log).toMatch(/using older snapshot .*snapshot-000001\.sj/);
  });

  it('a truncated snapshot is never used', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir);
    await someWrites(a, 2, 'one');
    await a.persistence!.snapshot();
    const good = a.store.current;
    await someWrites(a, 2, 'two');
    await a.persistence!.snapshot();
    const newest = join(dir, snapshotName(2));
    truncateSync(newest, readFileSync(newest).length - 3);
    const b = await persistentSite(dir);
    equalStates(b.store.current, good);
    expect(b.log.lines.join('\n')).toContain(`corrupt snapshot ${newest}: truncated`);
  });

  it('no valid snapshot at all: refuses to start rather than serve a partial site', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 2);
    writeFileSync(join(dir, snapshotName(1)), 'garbage\n');
    await expect(persistentSite(dir, { durable: true })).rejects.toThrow(/no valid snapshot/);
  });

  it('a missing journal in the chain refuses to start', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 2, 'one');
    await a.persistence!.snapshot();
    await someWrites(a, 2, 'two');
    rmSync(join(dir, snapshotName(2)));
    rmSync(join(dir, journalName(1)));
    await expect(persistentSite(dir, { durable: true })).rejects.toThrow(/changes 1\.\.3 are missing/);
  });

  it('a write refused by a subscriber after the journal (Store.publish) is taken back from it: the next start has the same state', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 2);
    a.store.subscribe((c) => {
      if (!c.undoes && JSON.stringify(c.patches).includes('Refused title')) throw new Error('refused after the journal');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await a.call('POST', '', { '@type': 'Document', id: 'refused', title: 'Refused title' });
    expect(errors).toHaveBeenCalled(); // dispatch logs what is not an ApiError
    errors.mockRestore();
    expect(refused.status).toBe(500);
    expect((await a.call('POST', '', { '@type': 'Document', id: 'after', title: 'After' })).status).toBe(201);
    await a.persistence!.flushed();
    const records = readFileSync(join(dir, journalName(1)), 'utf8').trim().split('\n');
    expect(records.map((r) => decodeRecord(r)?.c)).toEqual([1, 2, 3, 4]); // no record of the refused write, no gap
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    expect((await b.call('GET', '/refused')).status).toBe(404);
    expect((await b.call('GET', '/after')).status).toBe(200);
  });

  it('a full data dir: writes answer 503 with a clear body, reads work, nothing half-applied; recovers', async () => {
    const dir = tmpDataDir();
    const log = capturingLogger();
    const a = await persistentSite(dir, { durable: true }, log);
    symlinkSync('/dev/full', join(dir, journalName(1))); // the journal is created by the first write
    const before = a.store.current;
    const refused = await a.call('POST', '', { '@type': 'Document', id: 'lost', title: 'Lost' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.type).toBe('ServiceUnavailable');
    expect(refused.body.error.message).toMatch(/not saved: the data directory is full \(ENOSPC\)/);
    expect(log.lines.join('\n')).toMatch(/error: journal write to .* failed/);
    expect(a.store.current).toBe(before);
    expect((await a.call('GET', '/lost')).status).toBe(404);
    expect((await a.call('GET', '')).status).toBe(200);
    const concurrent = await Promise.all([1, 2, 3].map((i) => a.call('POST', '', { '@type': 'Document', id: `c${i}`, title: 'C' })));
    expect(concurrent.map((r) => r.status)).toEqual([503, 503, 503]);
    // The disk has room again.
    rmSync(join(dir, journalName(1)));
    expect((await a.call('POST', '', { '@type': 'Document', id: 'kept', title: 'Kept' })).status).toBe(201);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    expect((await b.call('GET', '/kept')).status).toBe(200);
    expect((await b.call('GET', '/lost')).status).toBe(404);
  });

  it('a failed snapshot write keeps the previous snapshot and the server running', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    await someWrites(a, 2);
    symlinkSync('/dev/full', join(dir, snapshotName(2) + '.tmp'));
    await expect(a.persistence!.snapshot()).rejects.toThrow(/ENOSPC/);
    expect(existsSync(join(dir, snapshotName(2)))).toBe(false);
    expect(existsSync(join(dir, snapshotName(2) + '.tmp'))).toBe(false);
    expect(a.log.lines.join('\n')).toMatch(/snapshot 2 failed, previous snapshots kept/);
    await someWrites(a, 2, 'after');
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
  });

  it('a data dir used by another live process is refused', async () => {
    const dir = tmpDataDir();
    writeFileSync(join(dir, 'LOCK'), String(process.ppid));
    await expect(persistentSite(dir)).rejects.toThrow(DataDirInUseError);
    writeFileSync(join(dir, 'LOCK'), '999999999'); // a dead process (kill -9): taken over
    const a = await persistentSite(dir);
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(String(process.pid));
    await a.persistence!.close();
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
  });
});

describe('group commit', () => {
  it('32 concurrent writes share fsyncs and are all durable', async () => {
    const dir = tmpDataDir();
    const a = await persistentSite(dir, { durable: true });
    const replies = await Promise.all(
      Array.from({ length: 32 }, (_, i) => a.call('POST', '', { '@type': 'Document', id: `p-${i}`, title: `P ${i}` })),
    );
    expect(replies.every((r) => r.status === 201)).toBe(true);
    const stats = a.persistence!.journalStats!;
    // a group commit of the store (Store.write) is one journal record for all its writes
    expect(stats.records).toBeGreaterThan(0);
    expect(stats.records).toBeLessThanOrEqual(32);
    expect(stats.groups).toBeLessThan(32);
    const b = await persistentSite(dir, { durable: true });
    equalStates(b.store.current, a.store.current);
    for (let i = 0; i < 32; i++) expect((await b.call('GET', `/p-${i}`)).status).toBe(200);
  });
});
