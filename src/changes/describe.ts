// A commit in readable form: the one formatter behind the explorer's change panel, the change
// stream (/++dev++/changes) and --trace. Given the states before and after and the commit's
// patches, it tells what changed in the site state and which derived indexes followed.
// Secrets (password hashes, token digests, lock tokens) never appear.
import type { Patch } from 'immer';
import type { SiteState } from '../state/model.ts';
import { LineSink, makeLine, type ChangeDescription } from './lines.ts';
import { describeNodes, touchedNodes } from './content.ts';
import { describeAliases, describeCatalog } from './indexes.ts';
import { describeAuth, describeSections } from './sections.ts';

export type { ChangeDescription, ChangeLine } from './lines.ts';

export function describeCommit(before: SiteState, after: SiteState, patches: readonly Patch[]): ChangeDescription {
  const sink = new LineSink();
  if (patches.some((p) => p.path.length === 0)) {
    // Store.replace: a whole state put back (a restore, a reset); its difference is not walked.
    sink.change(makeLine('site', '', undefined, 'replace', 'whole state replaced (restored)'));
    return sink.result();
  }
  const uids = touchedNodes(before, after, patches);
  describeNodes(sink, before, after, uids);
  describeSections(sink, before, after, patches);
  describeAuth(sink, before, after, patches);
  describeCatalog(sink, before, after, uids);
  describeAliases(sink, before, after, patches);
  return sink.result();
}

/** The lines of a description as text, changes first (what --trace prints, one per line). */
export function describedLines(d: ChangeDescription): string[] {
  const lines = [...d.changes, ...d.indexes].map((l) => l.text);
  if (d.omitted) lines.push(`… and ${d.omitted} more`);
  return lines;
}
