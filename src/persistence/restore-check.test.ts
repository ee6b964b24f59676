// What a start checks of a snapshot: the checksum always; the tree invariants in full when asked
// (`inspect`, the crash test), after a journal replay or a migration, else only the root.
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { createSite } from '../state/site.ts';
import { addChild } from '../state/tree.ts';
import { capturingLogger, tmpDataDir } from '../compose/persistence-testing.ts';
import { restore, RestoreError } from './restore.ts';
import { writeSnapshot } from './snapshot.ts';

const ROOT = 'r00t';
const doc = (uid: string, id: string, intid: number): ContentNode => ({
  uid, intid, id, type: 'Document', parent: null, fields: { title: id }, created: '2026-01-01T00:00:00+00:00', modified: '2026-01-01T00:00:00+00:00',
  layout: 'view', reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
});
const site = (): SiteState =>
  produce(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'Site', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin' }), (d) => {
    addChild(d, ROOT, doc('A', 'a', d.nextIntid++));
  });
const META = { seq: 1, created: '2026-01-01T00:00:00Z', lastChange: null, changes: 0 };

describe('restore: how much of a snapshot is checked', () => {
  it('a sound snapshot restores with either check', async () => {
    const dir = tmpDataDir();
    await writeSnapshot(dir, site(), META);
    expect(getNode(restore(dir, capturingLogger())!.state, 'A')?.parent).toBe(ROOT);
    expect(getNode(restore(dir, capturingLogger(), { check: 'full' })!.state, 'A')?.parent).toBe(ROOT);
  });

  it('a verified snapshot of an inconsistent tree: refused by the full check, its sound root trusted otherwise', async () => {
    const dir = tmpDataDir();
    const broken = structuredClone(site()) as SiteState;
    getNode(broken, 'A')!.parent = 'nowhere';
    await writeSnapshot(dir, broken, META);
    expect(() => restore(dir, capturingLogger(), { check: 'full' })).toThrow(RestoreError);
    expect(() => restore(dir, capturingLogger(), { check: 'full' })).toThrow(/A has missing parent nowhere/);
    expect(getNode(restore(dir, capturingLogger())!.state, 'A')?.parent).toBe('nowhere');
  });

  it('a snapshot whose root is gone or has a parent is refused by the quick check too', async () => {
    const dir = tmpDataDir();
    const broken = structuredClone(site()) as SiteState;
    getNode(broken, ROOT)!.parent = 'A';
    await writeSnapshot(dir, broken, META);
    expect(() => restore(dir, capturingLogger())).toThrow(/root r00t has parent A/);
  });
});
