// Names that are JavaScript object members (`__proto__`, `constructor`, …) as user, group and
// type ids and principals of local roles: they survive Immer commits and freezing, a snapshot
// written and read back, and journal replay (also through paths that pass under such a key).
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { own } from '../lib/records.ts';
import { decodeRecord, encodeRecord } from '../persistence/journal.ts';
import { parseSnapshot, snapshotChunks } from '../persistence/snapshot.ts';
import { createServer } from '../server.ts';
import { caller } from '../testing/call.ts';
import type { SiteState } from './model.ts';
import { replayPatches } from './patches.ts';
import { FREEZING } from './freeze.ts';

const NAMES = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', 'prototype'];

async function hostileSite() {
  const server = await createServer({ deterministic: true });
  const call = caller(server.app, { user: 'admin', password: 'admin' });
  const initial = server.store.current;
  const journal: string[] = [];
  server.store.subscribe((c) => journal.push(encodeRecord({ c: journal.length + 1, t: 'now', patches: c.patches })));
  expect((await call('POST', '', { '@type': 'Folder', id: 'f', title: 'F' })).status).toBe(201);
  for (const name of NAMES) {
    expect((await call('POST', '/@users', { username: name, email: `u${NAMES.indexOf(name)}@example.com`, password: 'long-enough-1' })).status).toBe(201);
    expect((await call('PATCH', `/@users/${name}`, { fullname: `Full ${name}` })).status).toBe(204);
    expect((await call('POST', '/f/@sharing', { entries: [{ id: name, type: 'user', roles: { Editor: true } }] })).status).toBe(204);
    expect((await call('POST', '/@controlpanels/dexterity-types', { title: `T ${name}`, id: name })).status).toBe(201);
    expect((await call('PATCH', `/@controlpanels/dexterity-types/${name}`, { description: 'changed' })).status).toBe(204);
  }
  return { server, call, initial, journal };
}

describe('caller-chosen keys that are object members', () => {
  it('are own entries of null-prototype records after Immer commits, and nothing is inherited', async () => {
    const { server } = await hostileSite();
    const state = server.store.current;
    for (const record of [state.users, state.groups, state.types, state.registry]) expect(Object.getPrototypeOf(record)).toBeNull();
    for (const name of NAMES) {
      expect(own(state.users, name)?.fullname).toBe(`Full ${name}`);
      expect(own(state.types, name)?.description).toBe('changed');
    }
    expect(Object.isFrozen(own(state.users, '__proto__'))).toBe(FREEZING);
    expect(own(state.groups, 'valueOf')).toBeUndefined();
  });

  it('survive a snapshot written and read back', async () => {
    const { server } = await hostileSite();
    const live = server.store.current;
    let text = '';
    for await (const chunk of snapshotChunks(live, { seq: 1, created: 'now', lastChange: null, changes: 0 })) text += chunk;
    const { state } = parseSnapshot('memory', Buffer.from(text));
    expect(isDeepStrictEqual(state, live)).toBe(true);
    expect(own(state.users, '__proto__')?.fullname).toBe('Full __proto__');
  });

  it('survive journal replay, and the restored state accepts further writes under such keys', async () => {
    const { server, initial, journal } = await hostileSite();
    let replayed: SiteState = initial;
    for (const line of journal) replayed = replayPatches(replayed, decodeRecord(line.slice(0, -1))!.patches);
    expect(isDeepStrictEqual(replayed, server.store.current)).toBe(true);
    server.store.replace(replayed);
    const call = caller(server.app, { user: 'admin', password: 'admin' });
    expect((await call('PATCH', '/@users/__proto__', { fullname: 'Again' })).status).toBe(204);
    expect(own(server.store.current.users, '__proto__')?.fullname).toBe('Again');
    expect((await call('DELETE', '/@users/constructor')).status).toBe(204);
    expect(own(server.store.current.users, 'constructor')).toBeUndefined();
  });
});
