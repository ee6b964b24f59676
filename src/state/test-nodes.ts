// For tests of the state and of what reads it: plain nodes, UIDs that share a bucket of the UID
// index, an empty site.
import type { ContentNode, SiteState } from './model.ts';
import { bucketNumber } from './nodes.ts';
import { createSite } from './site.ts';

export const TEST_NOW = '2026-01-01T00:00:00+00:00';

/** A maker of nodes with nothing but what every node has (parent: none until added), each id its UID, intids 1, 2, … */
export function nodeMaker(): (uid: string, type?: string) => ContentNode {
  let intid = 1;
  return (uid, type = 'Document') => ({
    uid, intid: intid++, id: uid, type, parent: null, fields: { title: uid }, created: TEST_NOW, modified: TEST_NOW, layout: 'view', reviewState: 'private', workflowHistory: [], localRoles: {}, blockLocalRoles: false,
  });
}

/** `n` UIDs (`<prefix><number>`) that share one bucket of the UID index. */
export function sameBucket(n: number, prefix = 'u'): string[] {
  const seen = new Map<number, string[]>();
  for (let i = 0; ; i++) {
    const uid = `${prefix}${i}`;
    const list = seen.get(bucketNumber(uid)) ?? [];
    list.push(uid);
    seen.set(bucketNumber(uid), list);
    if (list.length === n) return list;
  }
}

/** A site with its root (UID `root`) only. */
export const emptySite = (): SiteState =>
  createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'S', rootUid: 'root', now: TEST_NOW, creator: 'admin' });
