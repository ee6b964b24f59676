// Versions of versioned types (cms.versioning behavior, `versioning_enabled` not false): one on
// creation and one on each edit, kept in the node (an append; the field values are shared with
// the state they were saved from, so a version costs one small record).
import type { Draft } from 'immer';
import { present } from '../../state/freeze.ts';
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState, VersionEntry } from '../../state/model.ts';
import { mustGetNode } from '../../state/nodes.ts';
import { isVersioned } from '../../types/schema.ts';
import { stored, storedOwn } from '../../state/stored.ts';

/** The change note of version 0 when none was given (plone.app.versioningbehavior's message). */
export const INITIAL_VERSION = 'Initial version';

export function keepsVersions(state: SiteState, node: ContentNode): boolean {
  const type = storedOwn(stored(state, 'types'), node.type);
  return !!type && node.parent !== null && isVersioned(type) && node.fields.versioning_enabled !== false;
}

/** Draft mutator: save the node's current field values as its next version. */
export function recordVersion(draft: Draft<SiteState>, uid: string, req: ApiRequest, changeNote?: unknown): void {
  recordVersionOf(draft, mustGetNode(draft as SiteState, uid), req, changeNote);
}

/** recordVersion of `node`: a draft, or a node this recipe made (found without a lookup in the UID index). */
export function recordVersionOf(draft: Draft<SiteState>, node: ContentNode, req: ApiRequest, changeNote?: unknown): void {
  if (!keepsVersions(draft as SiteState, node)) return;
  const first = !node.versions?.length;
  const note = typeof changeNote === 'string' && changeNote ? changeNote : first ? INITIAL_VERSION : '';
  const entry: VersionEntry = {
    fields: present(node.fields),
    actor: req.principal.id ?? 'Anonymous User',
    time: req.now,
    comment: note,
  };
  if (node.versions) node.versions.push(entry);
  else node.versions = [entry];
}

export const versionOf = (node: ContentNode, n: number): VersionEntry | undefined =>
  Number.isInteger(n) && n >= 0 ? node.versions?.[n] : undefined;

/** Parse a version number from a path segment, query value or body value. */
export function versionNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}
