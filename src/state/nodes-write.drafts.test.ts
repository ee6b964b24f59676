// A node stored through nodes-write.ts holds no Immer draft: the index is stored frozen at its top
// and Immer would not finalize a draft inside it (the published state would hold a revoked proxy).
// Under FREEZING (as in every test run) such a write is refused at once.
import { Immer } from 'immer';
import { describe, expect, it } from 'vitest';
import type { ContentNode } from './model.ts';
import { FREEZING, freezeState } from './freeze.ts';
import { getNode } from './nodes.ts';
import { addNode } from './nodes-write.ts';
import { createSite } from './site.ts';

const immer = new Immer({ autoFreeze: false });
const site = () =>
  freezeState(
    createSite({
      settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en', 'de'], timezone: 'UTC' },
      title: 'Site', rootUid: 'root0', now: '2026-01-01T00:00:00+00:00', creator: 'admin',
    }),
  );
const node = (fields: Record<string, unknown>): ContentNode => ({
  uid: 'n1', intid: 1, id: 'n1', type: 'Document', parent: 'root0', fields,
  created: '2026-01-01T00:00:00+00:00', modified: '2026-01-01T00:00:00+00:00', layout: 'view',
  reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
});

describe('nodes-write: no drafts in stored nodes', () => {
  it('runs frozen here', () => expect(FREEZING).toBe(true));

  it('refuses a node that holds a draft, however deep', () => {
    expect(() => immer.produce(site(), (d) => addNode(d, node({ extra: { deep: [d.settings.availableLanguages] } })))).toThrow(/a draft stored in node n1:/);
  });

  it('takes the same values as plain data', () => {
    const next = immer.produce(site(), (d) => addNode(d, node({ extra: { deep: [[...d.settings.availableLanguages]] } })));
    expect(getNode(next, 'n1')?.fields.extra).toEqual({ deep: [['en', 'de']] });
  });
});
