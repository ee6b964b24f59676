// Store.publish is all or nothing: when a subscriber throws, the state goes back, every subscriber
// that was told of the change is told of its undoing, and the catalog again describes the state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from 'immer';
import { createServer } from '../server.ts';
import { Catalog } from '../catalog/catalog.ts';
import { FullText } from '../catalog/fulltext.ts';
import { TransactionLog } from '../stores/transaction-log.ts';
import { ChangeFeed } from '../changes/feed.ts';
import { caller } from '../testing/call.ts';
import type { SiteState } from './model.ts';
import type { Commit, CommitMeta, GroupWrite } from './store.ts';

const sortedRecords = (c: Catalog) => c.records().sort((a, b) => (a.uid < b.uid ? -1 : 1));
const meta = (n: number): CommitMeta => ({ user: 'admin', time: '2025-01-01T00:00:00+00:00', description: `write ${n}` });

async function site() {
  const server = await createServer({ admin: { user: 'admin', password: 'admin' } });
  server.store.groupMs = 60_000; // groups bounded by count only
  const log = new TransactionLog(server.store);
  const call = caller(server.app, { user: 'admin', password: 'admin' });
  return { server, log, call };
}

afterEach(() => vi.restoreAllMocks());

describe('Store.publish, all or nothing', () => {
  it('a subscriber that throws leaves the state, the catalog and the transaction log as they were', async () => {
    const { server, log, call } = await site();
    const seen: Commit[] = [];
    server.store.subscribe((c) => {
      seen.push(c);
      if (!c.undoes && c.after.settings.timezone === 'Refused/Zone') throw new Error('refused by a subscriber');
    });
    const start = server.store.current;
    const entries = log.entries.length;
    expect(() =>
      server.store.commit((draft) => {
        draft.settings.timezone = 'Refused/Zone';
      }, meta(1)),
    ).toThrow('refused by a subscriber');
    expect(server.store.current).toBe(start);
    expect(log.entries.length).toBe(entries);
    // the one that threw was told of the undoing too: forward, then back, with swapped patches
    expect(seen.map((c) => [c.after.settings.timezone, !!c.undoes])).toEqual([
      ['Refused/Zone', false],
      [start.settings.timezone, true],
    ]);
    expect(seen[1].patches).toBe(seen[0].inverse);
    expect(seen[1].after).toBe(start);
    // the next write goes through, on the old state
    const made = await call('POST', '', { '@type': 'Document', id: 'after-refusal', title: 'After' });
    expect(made.status).toBe(201);
    expect(server.store.current.settings.timezone).toBe(start.settings.timezone);
    expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(server.store.current)));
  });

  it('the catalog failing half-way through a change is brought back to the state it describes', async () => {
    const { server, call } = await site();
    await call('POST', '', { '@type': 'Document', id: 'kept', title: 'Kept words' });
    const before = server.store.current;
    const real = FullText.prototype.set;
    let failures = 0;
    vi.spyOn(FullText.prototype, 'set').mockImplementation(function (this: FullText, doc, texts) {
      real.call(this, doc, texts); // half done: the text is indexed, the rest of the change is not
      if (failures++ === 0) throw new Error('catalog broke');
    });
    const res = await call('POST', '', { '@type': 'Document', id: 'refused', title: 'Refused words' });
    expect(res.status).toBe(500);
    expect(server.store.current).toBe(before);
    expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(before)));
    const found = await call('GET', '/@search?SearchableText=refused');
    expect(found.body.items_total).toBe(0);
    expect((await call('GET', '/@search?SearchableText=kept')).body.items_total).toBe(1);
    expect((await call('GET', '/refused')).status).toBe(404);
  });

  it('the catalog failing before it changed anything keeps describing the state', async () => {
    const { server, call } = await site();
    const before = server.store.current;
    const real = Catalog.prototype.apply;
    let calls = 0;
    vi.spyOn(Catalog.prototype, 'apply').mockImplementation(function (this: Catalog, commit) {
      if (calls++ === 0) throw new Error('catalog refused at once');
      real.call(this, commit);
    });
    expect((await call('POST', '', { '@type': 'Document', id: 'never', title: 'Never' })).status).toBe(500);
    expect(server.store.current).toBe(before);
    expect(calls).toBe(2); // the change, then its undoing
    vi.restoreAllMocks();
    expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(before)));
    expect((await call('POST', '', { '@type': 'Document', id: 'later', title: 'Later' })).status).toBe(201);
    expect((await call('GET', '/@search?SearchableText=later')).body.items_total).toBe(1);
  });

  it('a catalog that missed a commit compares the states when asked, and finds what it missed', async () => {
    const { server, call } = await site();
    const real = Catalog.prototype.apply;
    let skip = true;
    vi.spyOn(Catalog.prototype, 'apply').mockImplementation(function (this: Catalog, commit) {
      if (skip) return void (skip = false); // missed: as after an undoing that failed
      real.call(this, commit);
    });
    expect((await call('POST', '', { '@type': 'Document', id: 'missed', title: 'Missed once' })).status).toBe(201);
    const found = await call('GET', '/@search?SearchableText=missed');
    expect(found.body.items.map((i: { '@id': string }) => i['@id'])).toEqual(['http://localhost:8080/Plone/missed']);
    expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(server.store.current)));
  });

  it('a full transaction log refusing a commit gets back the entries it pushed out', async () => {
    const server = await createServer();
    const log = new TransactionLog(server.store, 3);
    for (const zone of ['A/1', 'A/2', 'A/3']) server.store.commit((d) => void (d.settings.timezone = zone), { ...meta(0), description: zone });
    const kept = log.entries.map((e) => [e.id, e.description]);
    server.store.subscribe((c) => {
      if (!c.undoes && c.after.settings.timezone === 'B/refused') throw new Error('refused');
    });
    expect(() => server.store.commit((d) => void (d.settings.timezone = 'B/refused'), meta(1))).toThrow('refused');
    expect(log.entries.map((e) => [e.id, e.description])).toEqual(kept);
    server.store.commit((d) => void (d.settings.timezone = 'A/4'), { ...meta(0), description: 'A/4' });
    expect(log.entries.map((e) => e.description)).toEqual(['A/2', 'A/3', 'A/4']);
    expect(new Set(log.entries.map((e) => e.id)).size).toBe(3);
  });

  it('a refused restore keeps the state and the history it would have undone', async () => {
    const server = await createServer();
    const release = server.store.retain();
    const start = server.store.current;
    server.store.commit((d) => void (d.settings.timezone = 'C/1'));
    server.store.commit((d) => void (d.settings.timezone = 'C/2'));
    const last = server.store.current;
    let refuse = true;
    const seen: Commit[] = [];
    server.store.subscribe((c) => {
      seen.push(c);
      if (refuse && c.restore && !c.undoes) throw new Error('no going back');
    });
    expect(() => server.store.restore(start)).toThrow('no going back');
    expect(server.store.current).toBe(last);
    refuse = false;
    seen.length = 0;
    server.store.restore(start);
    expect(server.store.current).toBe(start);
    // by the kept history: the inverse patches of both changes, not a replace of the whole state
    expect(seen[0].patches.map((p) => [p.path.join('/'), p.value])).toEqual([
      ['settings/timezone', 'C/1'],
      ['settings/timezone', start.settings.timezone],
    ]);
    release();
  });

  it('in a group commit, only the refused write fails; the writes after it are decided again', async () => {
    const { server, log } = await site();
    const feed = new ChangeFeed(server.store, { always: true });
    server.store.subscribe((c) => {
      if (c.undoes) return;
      for (const part of c.parts ?? [c]) if (part.meta?.description === 'write 2') throw new Error('write 2 refused');
    });
    const decisions: number[] = [];
    const metas = new Map<number, CommitMeta>();
    const write = (n: number): GroupWrite => ({
      decidedOn: server.store.current,
      meta: metas.set(n, { ...meta(n), request: `PATCH /Plone/w${n}`, describe: true }).get(n)!,
      recipe: (draft: Draft<SiteState>) => {
        draft.settings.timezone = `${draft.settings.timezone}+${n}`;
        return n;
      },
      decideAgain(state) {
        decisions.push(n);
        this.decidedOn = state;
        return true;
      },
    });
    const zone = server.store.current.settings.timezone;
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => server.store.write(write(n))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('write 2 refused');
    expect(server.store.current.settings.timezone).toBe(`${zone}+1+3+4`);
    // 3 and 4 were decided on the state 2 made, then again on the one without it
    const third = (results[2] as PromiseFulfilledResult<{ before: SiteState; next: SiteState; result: number } | undefined>).value!;
    expect(third.before.settings.timezone).toBe(`${zone}+1`);
    expect(third.result).toBe(3);
    expect(decisions.filter((n) => n === 3)).toHaveLength(2);
    expect(log.entries.map((e) => e.description)).toEqual(['write 1', 'write 3', 'write 4']);
    expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(server.store.current)));
    // the refused write's change is not its own to take; the others' are
    expect(feed.take(metas.get(2))).toBeUndefined();
    expect(feed.take(metas.get(3))?.request).toBe('PATCH /Plone/w3');
  });

  it('after a refused write, a write that changes nothing and one whose recipe throws are decided again too', async () => {
    const { server } = await site();
    server.store.subscribe((c) => {
      if (!c.undoes && c.after.settings.timezone === 'Refused/Zone') throw new Error('refused');
    });
    const zone = server.store.current.settings.timezone;
    const runs: string[] = [];
    const make = (name: string, recipe: (draft: Draft<SiteState>) => unknown): GroupWrite => ({
      decidedOn: server.store.current,
      meta: meta(0),
      recipe: (draft) => {
        runs.push(name);
        return recipe(draft);
      },
      decideAgain(state) {
        this.decidedOn = state;
        return true;
      },
    });
    const results = await Promise.allSettled([
      server.store.write(make('refused', (d) => void (d.settings.timezone = 'Refused/Zone'))),
      // on the refused state this changes nothing; without it, it sets the zone back
      server.store.write(make('no-op', (d) => void (d.settings.timezone = d.settings.timezone === 'Refused/Zone' ? 'Refused/Zone' : 'Other/Zone'))),
      // on the refused state this throws; without it, it goes through
      server.store.write(make('throws', (d) => {
        if (d.settings.timezone === 'Refused/Zone') throw new Error('saw the refused write');
        d.settings.timezone += '+3';
      })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(runs).toEqual(['refused', 'no-op', 'throws', 'no-op', 'throws']);
    expect(server.store.current.settings.timezone).toBe('Other/Zone+3');
    expect(zone).not.toBe('Other/Zone+3');
  });

  it('a group refused as a whole whose writes each pass alone: all stand, and the refusal is logged', async () => {
    const { server, log } = await site();
    server.store.subscribe((c) => {
      if (!c.undoes && c.parts) throw new Error('no groups');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const write = (n: number): GroupWrite => ({
      decidedOn: server.store.current,
      meta: meta(n),
      recipe: (d) => void (d.settings.timezone = `G/${n}`),
      decideAgain(state) {
        this.decidedOn = state;
        return true;
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => server.store.write(write(n))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(server.store.current.settings.timezone).toBe('G/3');
    expect(log.entries.map((e) => e.description)).toEqual(['write 1', 'write 2', 'write 3']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][1])).toMatch(/no groups/);
  });
});
