// Store.write, the group commit: writes ready in the same turn are published as one commit whose
// parts are the writes, each with its own patches, transaction and change description.
import { describe, expect, it } from 'vitest';
import type { Draft } from 'immer';
import { createServer } from '../server.ts';
import { ChangeFeed } from '../changes/feed.ts';
import { TransactionLog } from '../stores/transaction-log.ts';
import type { SiteState } from './model.ts';
import { GROUP_MAX, type Commit, type CommitMeta, type GroupWrite } from './store.ts';

const meta = (n: number): CommitMeta => ({ user: 'admin', time: `2025-01-0${(n % 9) + 1}T00:00:00+00:00`, description: `write ${n}`, request: `PATCH /Plone/w${n}`, describe: true });

async function site() {
  const server = await createServer();
  server.store.groupMs = 60_000; // groups bounded by count only: the same on a slow machine
  const commits: Commit[] = [];
  server.store.subscribe((c) => commits.push(c));
  const log = new TransactionLog(server.store);
  const feed = new ChangeFeed(server.store);
  /** A write that sets the site's timezone; `again` counts its decisions on another state. */
  const write = (n: number, zone: string, recipe?: (draft: Draft<SiteState>) => unknown) => {
    const w: GroupWrite & { again: number } = {
      again: 0,
      decidedOn: server.store.current,
      meta: meta(n),
      recipe: recipe ?? ((draft) => (draft.settings.timezone = zone)),
      decideAgain(state) {
        this.again++;
        this.decidedOn = state;
        return true;
      },
    };
    return w;
  };
  return { server, commits, log, feed, write };
}

describe('Store.write (group commit)', () => {
  it('publishes the writes of one turn as one commit, each with its own patches, transaction and change', async () => {
    const { server, commits, log, feed, write } = await site();
    const start = server.store.current;
    const ws = [write(1, 'Europe/Paris'), write(2, 'Europe/Berlin'), write(3, 'Asia/Tokyo')];
    const done = await Promise.all(ws.map((w) => server.store.write(w)));
    expect(commits).toHaveLength(1);
    const [group] = commits;
    expect(group.parts?.map((p) => p.meta.description)).toEqual(['write 1', 'write 2', 'write 3']);
    expect(group.before).toBe(start);
    expect(group.after).toBe(server.store.current);
    expect(server.store.current.settings.timezone).toBe('Asia/Tokyo');
    // each write saw the one before it: its own before and after, chained
    expect(done[0]!.before).toBe(start);
    expect(done[1]!.before).toBe(done[0]!.next);
    expect(done[2]!.next).toBe(server.store.current);
    expect(done.map((d) => d!.next.settings.timezone)).toEqual(['Europe/Paris', 'Europe/Berlin', 'Asia/Tokyo']);
    // the first was decided on the state it was applied on; the others again, on the one before them
    expect(ws.map((w) => w.again)).toEqual([0, 1, 1]);
    expect(log.entries.map((e) => e.description)).toEqual(['write 1', 'write 2', 'write 3']);
    expect(log.entries.map((e) => e.patches.map((p) => p.value))).toEqual([['Europe/Paris'], ['Europe/Berlin'], ['Asia/Tokyo']]);
    const changes = ws.map((w) => feed.take(w.meta));
    expect(changes.map((c) => c?.request)).toEqual(['PATCH /Plone/w1', 'PATCH /Plone/w2', 'PATCH /Plone/w3']);
    expect(changes.map((c) => c!.seq)).toEqual([1, 2, 3]);
    expect(feed.take(ws[0].meta)).toBeUndefined(); // taken once
  });

  it('a write whose recipe throws answers its own error and leaves the others changes intact', async () => {
    const { server, commits, log, write } = await site();
    const failing = write(2, '', (draft) => {
      draft.settings.timezone = 'half done';
      throw new Error('refused');
    });
    const results = await Promise.allSettled([server.store.write(write(1, 'Europe/Paris')), server.store.write(failing), server.store.write(write(3, 'Asia/Tokyo'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(commits).toHaveLength(1);
    expect(commits[0].parts?.map((p) => p.meta.description)).toEqual(['write 1', 'write 3']);
    expect(server.store.current.settings.timezone).toBe('Asia/Tokyo');
    expect(log.entries.map((e) => e.patches.map((p) => p.value))).toEqual([['Europe/Paris'], ['Asia/Tokyo']]);
  });

  it('a write that cannot be decided again in the group leaves it (undefined) and changes nothing', async () => {
    const { server, commits, write } = await site();
    const leaving = write(2, 'Europe/Berlin');
    leaving.decideAgain = () => false;
    const [first, left] = await Promise.all([server.store.write(write(1, 'Europe/Paris')), server.store.write(leaving)]);
    expect(first?.next.settings.timezone).toBe('Europe/Paris');
    expect(left).toBeUndefined();
    expect(commits).toHaveLength(1);
    expect(server.store.current.settings.timezone).toBe('Europe/Paris');
  });

  it(`takes at most ${GROUP_MAX} writes in one group; the rest go in the next`, async () => {
    const { server, commits, log, write } = await site();
    await Promise.all(Array.from({ length: GROUP_MAX + 6 }, (_, i) => server.store.write(write(i, `Zone/${i}`))));
    expect(commits.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...commits.map((c) => c.parts?.length ?? 1))).toBeLessThanOrEqual(GROUP_MAX);
    expect(log.entries.length).toBe(Math.min(100, GROUP_MAX + 6));
    expect(server.store.current.settings.timezone).toBe(`Zone/${GROUP_MAX + 5}`);
  });
});
