// Draft mutators of check-out, check-in and cancel (supplement 31.21).
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { mustGetNode } from '../../state/nodes.ts';
import { ITERATE_LOCK_TIMEOUT } from '../lock/lock.ts';
import { removeSubtree } from '../../state/tree.ts';
import { copySubtree } from '../copy-move/copy-move.ts';
import { recordVersion } from '../history/versions.ts';
import { own, emptyRecord, recordOf } from '../../lib/records.ts';

/** Copy the baseline next to itself (`copy_of_<id>`) and link the two; returns the copy's UID. */
export function checkOut(draft: Draft<SiteState>, req: ApiRequest, baselineUid: string): string {
  const state = draft as SiteState;
  const baseline = mustGetNode(state, baselineUid);
  const uid = copySubtree(draft, req, baselineUid, baseline.parent!);
  const actor = req.principal.id ?? 'Anonymous User';
  const copy = mustGetNode(state, uid);
  if (req.principal.id) copy.localRoles = recordOf([...Object.entries(copy.localRoles), [actor, ['Owner']]]);
  draft.workingCopies ??= emptyRecord();
  draft.workingCopies[baselineUid] = { uid, creator: actor, created: req.now };
  // the baseline stays locked (not stealable) until check-in or cancel, as plone.app.iterate does
  baseline.lock = { token: req.newUid(), creator: actor, created: req.now, timeout: ITERATE_LOCK_TIMEOUT, stealable: false, type: 'iterate.lock' };
  return uid;
}

/** Drop the working copy of `baselineUid`; removing it also drops the link and unlocks the baseline. */
export function cancelCheckOut(draft: Draft<SiteState>, baselineUid: string): void {
  const link = own(draft.workingCopies, baselineUid);
  if (!link) return;
  removeSubtree(draft as SiteState, link.uid);
  delete draft.workingCopies![baselineUid];
}

/** The baseline takes the working copy's field values (a new version), then the copy goes. */
export function checkIn(draft: Draft<SiteState>, req: ApiRequest, baselineUid: string, message: unknown): void {
  const state = draft as SiteState;
  const link = own(draft.workingCopies, baselineUid);
  if (!link) return;
  const baseline = mustGetNode(state, baselineUid);
  baseline.fields = mustGetNode(state, link.uid).fields;
  baseline.modified = req.now;
  cancelCheckOut(draft, baselineUid);
  recordVersion(draft, baselineUid, req, message);
}
