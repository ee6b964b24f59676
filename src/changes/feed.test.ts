import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { ChangeFeed, type ChangeEvent } from './feed.ts';
import { ANONYMOUS } from '../auth/principal.ts';

const ADMIN = { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] };
const MEMBER = { id: 'bob', fullname: 'Bob', roles: ['Member'], groups: [] };

async function site() {
  const server = await createServer();
  const write = (title: string) => server.store.commit((draft) => void (draft.settings.timezone = title));
  return { server, write };
}

describe('ChangeFeed', () => {
  it('describes a commit only when someone wants it, and numbers every commit', async () => {
    const { server, write } = await site();
    const feed = new ChangeFeed(server.store);
    write('Europe/Paris');
    expect(feed.lastSeq).toBe(1);
    expect(feed.since(0)).toEqual([]);
    server.store.commit((draft) => void (draft.settings.timezone = 'Europe/Berlin'), { request: 'PATCH /Plone/x', user: 'admin', time: '2025-01-01T00:00:00+00:00', description: '', describe: true });
    const taken = feed.take();
    expect(taken).toMatchObject({ seq: 2, request: 'PATCH /Plone/x', user: 'admin', time: '2025-01-01T00:00:00+00:00' });
    expect(taken!.changes.map((l) => l.text)).toEqual(['settings timezone: Europe/Paris → Europe/Berlin']);
    expect(feed.get(2)).toBe(taken);
    expect(feed.take()).toBeUndefined();
  });

  it('hands every commit to its listeners while they listen, and forgets a request that committed nothing', async () => {
    const { server, write } = await site();
    const feed = new ChangeFeed(server.store, { keep: 2 });
    const got: ChangeEvent[] = [];
    const off = feed.listen((e) => got.push(e));
    server.store.commit(() => undefined, { request: 'POST /Plone/@noop', user: 'admin', time: 't', description: '' });
    expect(feed.take()).toBeUndefined(); // nothing committed
    write('A');
    write('B');
    write('C');
    off();
    write('D');
    expect(got.map((e) => [e.seq, e.request])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect(feed.since(0).map((e) => e.seq)).toEqual([2, 3]); // the ring keeps two
  });

  it('lets Managers read changes, and any authenticated user only when opened', async () => {
    const { server } = await site();
    const state = server.store.current;
    const closed = new ChangeFeed(server.store);
    expect(closed.allows(state, ADMIN)).toBe(true);
    expect(closed.allows(state, MEMBER)).toBe(false);
    expect(closed.allows(state, ANONYMOUS)).toBe(false);
    const open = new ChangeFeed(server.store, { openToAuthenticated: true });
    expect(open.allows(state, MEMBER)).toBe(true);
    expect(open.allows(state, ANONYMOUS)).toBe(false);
  });
});
