// Restore shares equal strings and equal short lists among the objects it reads (share.ts); the
// codec writes short lists out where they are used instead of annotating them as shared.
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { createSite } from '../state/site.ts';
import { addChild } from '../state/tree.ts';
import { childUids } from '../state/children.ts';
import { capturingLogger, tmpDataDir } from '../compose/persistence-testing.ts';
import { decode, encode } from './codec.ts';
import { restore } from './restore.ts';
import { StringSharer } from './share.ts';
import { writeSnapshot } from './snapshot.ts';

const ROOT = 'r00t';
const long = Array.from({ length: 9 }, (_, i) => `tag${i}`);
const doc = (uid: string, id: string, intid: number): ContentNode => ({
  uid, intid, id, type: 'Document', parent: null, created: '2026-01-01T00:00:00+00:00', modified: '2026-01-01T00:00:00+00:00',
  fields: { title: `Title ${id}`, creators: ['admin'], subjects: [...long], text: { data: `<p>${id}</p>`, 'content-type': 'text/html', encoding: 'utf-8' } },
  layout: 'view', reviewState: 'private', workflowHistory: [], localRoles: { admin: ['Owner'] }, blockLocalRoles: false,
});

/** A site of two documents A and B with the same local roles, written as a snapshot and restored from it. */
async function restoredPair(): Promise<{ site: SiteState; dir: string; state: SiteState }> {
  const site = produce(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'Site', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin' }), (d) => {
    addChild(d, ROOT, doc('A', 'a', d.nextIntid++));
    addChild(d, ROOT, doc('B', 'b', d.nextIntid++));
  });
  const dir = tmpDataDir();
  await writeSnapshot(dir, site, { seq: 1, created: '2026-01-01T00:00:00Z', lastChange: null, changes: 0 });
  return { site, dir, state: restore(dir, capturingLogger())!.state as SiteState };
}

describe('sharing on restore', () => {
  it('gives equal short strings and short lists one copy, and leaves the values as they were', async () => {
    const { site, state } = await restoredPair();
    const a = getNode(state, 'A')!;
    const b = getNode(state, 'B')!;
    expect(a).toEqual(getNode(site, 'A'));
    expect(b).toEqual(getNode(site, 'B'));
    expect(a.fields.creators).toBe(b.fields.creators);
    expect(a.localRoles.admin).toBe(b.localRoles.admin);
    expect(a.localRoles).toBe(b.localRoles); // one record for every object with the same local roles
    expect(Object.getPrototypeOf(a.localRoles)).toBeNull();
    expect(Object.isFrozen(a.localRoles)).toBe(true);
    expect(getNode(state, ROOT)!.localRoles).not.toBe(a.localRoles); // the root's differ
    expect(a.workflowHistory).toBe(b.workflowHistory);
    expect(a.fields.subjects).not.toBe(b.fields.subjects); // nine entries: not a short list
    expect(a.fields.subjects).toEqual(long);
    expect(Object.isFrozen(a.fields.creators)).toBe(true);
    expect([...childUids(getNode(state, ROOT)!)]).toEqual(['A', 'B']);
  });

  it('shares only records and lists that are equal, whatever characters their names and values hold', () => {
    const sharer = new StringSharer();
    const tricky = { ...doc('T', 't', 1), localRoles: { 'alice\u0001Owner\u0002bob': ['Editor'] }, fields: { creators: ['a\u0000b', 'c'] } };
    const plain = { ...doc('P', 'p', 2), localRoles: { alice: ['Owner'], bob: ['Editor'] }, fields: { creators: ['a', 'b\u0000c'] } };
    sharer.node(tricky, 'T');
    sharer.node(plain, 'P');
    expect(plain.localRoles).not.toBe(tricky.localRoles);
    expect(plain.localRoles).toEqual({ alice: ['Owner'], bob: ['Editor'] });
    expect(plain.fields.creators).toEqual(['a', 'b\u0000c']);
    const twin = { ...doc('Q', 'q', 3), localRoles: { alice: ['Owner'], bob: ['Editor'] } };
    sharer.node(twin, 'Q');
    expect(twin.localRoles).toBe(plain.localRoles);
  });

  it('a change to the local roles of one object leaves the others that shared them alone', async () => {
    const { dir, state } = await restoredPair();
    expect(getNode(state, 'A')!.localRoles).toBe(getNode(state, 'B')!.localRoles);
    const next = produce(state, (d) => {
      getNode(d, 'A')!.localRoles.bob = ['Editor'];
      getNode(d, 'A')!.localRoles.admin.push('Reader');
    });
    expect({ ...getNode(next, 'A')!.localRoles }).toEqual({ admin: ['Owner', 'Reader'], bob: ['Editor'] });
    expect({ ...getNode(next, 'B')!.localRoles }).toEqual({ admin: ['Owner'] });
    expect(getNode(next, 'B')!.localRoles).toBe(getNode(state, 'B')!.localRoles);
    // written again, the shared record is written out in each object, not annotated as shared
    await writeSnapshot(dir, next, { seq: 2, created: '2026-01-01T00:00:01Z', lastChange: null, changes: 1 });
    const again = restore(dir, capturingLogger())!.state as SiteState;
    expect({ ...getNode(again, 'A')!.localRoles }).toEqual({ admin: ['Owner', 'Reader'], bob: ['Editor'] });
    expect({ ...getNode(again, 'B')!.localRoles }).toEqual({ admin: ['Owner'] });
  });

  it('the codec annotates shared objects but not shared short lists or small records of them', () => {
    const roles = { admin: ['Owner'] };
    const roleText = encode({ a: { roles }, b: { roles } });
    expect(roleText).toBe('{"json":{"a":{"roles":{"admin":["Owner"]}},"b":{"roles":{"admin":["Owner"]}}}}');
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, ['Owner']]));
    expect(encode({ a: many, b: many })).toContain('"a":["b"]'); // nine principals: annotated as shared
    const list = ['admin'];
    const object = { x: 1 };
    const text = encode({ a: { list, object }, b: { list, object } });
    expect(text).not.toContain('a.list');
    expect(text).toContain('"a.object":["b.object"]');
    const back = decode<{ a: { list: string[]; object: object }; b: { list: string[]; object: object } }>(text);
    expect(back.a.list).toEqual(['admin']);
    expect(back.a.object).toBe(back.b.object);
  });
});
