// A merge of the full text that is due waits for a quiet moment, but not for ever: under writes
// that never pause it starts once it has waited maxWaitMs (and runs in slices between them).
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { caller } from '../testing/call.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes every few ms for `ms`; whether a merge started while they went on. */
async function mergedDuringWrites(maxWaitMs: number, ms: number): Promise<boolean> {
  const server = await createServer({ admin: { user: 'admin', password: 'admin' } });
  const call = caller(server.app, { user: 'admin', password: 'admin' });
  const catalog = server.services.catalog;
  catalog.idleMs = 2000; // far longer than the gap between two writes
  catalog.maxWaitMs = maxWaitMs;
  let merged = false;
  let last = catalog.text.pending;
  const end = performance.now() + ms;
  for (let n = 0; performance.now() < end; n++) {
    expect((await call('POST', '', { '@type': 'Document', title: `Busy ${n}` })).status).toBe(201);
    merged ||= catalog.text.merging || catalog.text.pending < last;
    last = catalog.text.pending;
    await sleep(5);
  }
  catalog.close();
  return merged;
}

describe('the full-text merge under writes that never pause', () => {
  it('starts once it has waited maxWaitMs', async () => {
    expect(await mergedDuringWrites(150, 900)).toBe(true);
  });

  it('waits for quiet while it may', async () => {
    expect(await mergedDuringWrites(60_000, 900)).toBe(false);
  });
});
