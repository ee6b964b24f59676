// Storing checked record values in the registry (one draft, one commit). The site title record
// also names the site root, as the real site-title setting does.
import type { Draft } from 'immer';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import type { RegistryRecord } from './records.ts';

export function writeRecords(draft: Draft<SiteState>, writes: [RegistryRecord, unknown][]): void {
  for (const [record, value] of writes) {
    draft.registry[record.name] = value as never;
    if (record.name === 'plone.site_title' && typeof value === 'string') {
      const root = getNode(draft, draft.rootUid);
      if (root) root.fields.title = value;
    }
  }
}
