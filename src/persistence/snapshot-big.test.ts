// Objects with big values are written on lines of their own, their saved versions one per line,
// and read back equal (the slices of a snapshot are bounded by bytes, not by object count).
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { caller } from '../testing/call.ts';
import { parseSnapshot, snapshotChunks } from './snapshot.ts';
import { bucketNumber } from '../state/nodes.ts';

describe('snapshots of big values', () => {
  it('split a big object and its versions into lines no longer than one version, and read them back equal', async () => {
    const server = await createServer({ deterministic: true });
    const call = caller(server.app, { user: 'admin', password: 'admin' });
    const text = (n: number) => ({ data: `<p>${n} ${'x'.repeat(400_000)}</p>`, 'content-type': 'text/html', encoding: 'utf-8' });
    expect((await call('POST', '', { '@type': 'Document', id: 'big', title: 'Big', text: text(0) })).status).toBe(201);
    for (let n = 1; n <= 3; n++) expect((await call('PATCH', '/big', { text: text(n) })).status).toBe(204);
    expect((await call('POST', '', { '@type': 'Document', id: 'small', title: 'Small' })).status).toBe(201);
    const live = server.store.current;
    let file = '';
    let chunks = 0;
    for await (const chunk of snapshotChunks(live, { seq: 1, created: 'now', lastChange: null, changes: 0 }, { sliceBytes: 256 * 1024 })) {
      file += chunk;
      chunks++;
    }
    const longest = Math.max(...file.split('\n').map((l) => l.length));
    expect(longest).toBeLessThan(2 * 410_000); // one version (its text) per line, not the object with all four
    expect(chunks).toBeGreaterThan(4);
    const { state } = parseSnapshot('memory', Buffer.from(file));
    expect(isDeepStrictEqual(state, live)).toBe(true);
  });

  it('keep the order of a bucket whose big object comes before a small one (journal paths name places in buckets)', async () => {
    const server = await createServer({ deterministic: true });
    const call = caller(server.app, { user: 'admin', password: 'admin' });
    const bigUid = 'big-uid';
    let smallUid = '';
    for (let i = 0; !smallUid; i++) if (bucketNumber(`small-${i}`) === bucketNumber(bigUid)) smallUid = `small-${i}`;
    const text = { data: `<p>${'x'.repeat(400_000)}</p>`, 'content-type': 'text/html', encoding: 'utf-8' };
    expect((await call('POST', '', { '@type': 'Document', id: 'big', title: 'Big', UID: bigUid, text })).status).toBe(201);
    expect((await call('POST', '', { '@type': 'Document', id: 'small', title: 'Small', UID: smallUid })).status).toBe(201);
    const live = server.store.current;
    let file = '';
    for await (const chunk of snapshotChunks(live, { seq: 1, created: 'now', lastChange: null, changes: 0 })) file += chunk;
    expect(file.split('\n').filter((l) => l.includes('"uid":"small-')).length).toBe(1);
    const { state } = parseSnapshot('memory', Buffer.from(file));
    expect(isDeepStrictEqual(state, live)).toBe(true);
  });
});
