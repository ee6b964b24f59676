// PATCH <ctx>: fields, rename, layout, ordering of children (supplement 9.3, 9.5).
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { childCount, childEntries, childPosition, hasChild, moveChildTo, placeChildren, setChildOrder } from '../../state/children.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { removeSubtree, renameChild } from '../../state/tree.ts';
import { badRequest, forbidden, shown } from '../../lib/errors.ts';
import { activeLock } from '../../serialize/lock.ts';
import { metadataColumn } from '../../serialize/metadata.ts';
import { deserializeFields } from './deserialize.ts';
import { nameStamp, normalizeId, uniqueId, validateId } from './names.ts';
import { pathOf } from '../../state/select.ts';
import { recordVersion } from '../history/versions.ts';
import { recordMove } from '../aliases/store.ts';
import { own } from '../../lib/records.ts';
import { applyConstrainTypes } from './constrain-fields.ts';

/** A locked object needs the lock token in the Lock-Token header. */
export function checkLock(node: ContentNode, req: ApiRequest): void {
  const lock = activeLock(node, req.now);
  if (lock && req.header('lock-token') !== lock.token) throw forbidden('Resource is locked.');
}

/** `ordering` of a PATCH body (its shape checked by the route's schema). */
function applyOrdering(node: ContentNode, ordering: unknown): void {
  const o = ordering as { obj_id: string; delta?: number | string; subset_ids?: string[] };
  if (!hasChild(node, o.obj_id)) throw badRequest(`Object "${shown(o.obj_id)}" not found in container`);
  const objId = o.obj_id;
  let subset: { ids: string[]; slots: number[] } | undefined;
  if (o.subset_ids !== undefined) {
    const ids = o.subset_ids;
    const slots = ids.map((id) => childPosition(node, id));
    if (slots.some((p, i) => p === -1 || (i > 0 && p <= slots[i - 1]))) throw badRequest('Client/server ordering mismatch');
    subset = { ids, slots };
  }
  const from = subset ? subset.ids.indexOf(objId) : childPosition(node, objId);
  const count = subset ? subset.ids.length : childCount(node);
  if (from === -1) throw badRequest('Client/server ordering mismatch');
  let target: number;
  if (o.delta === 'top') target = 0;
  else if (o.delta === 'bottom') target = count - 1;
  else {
    if (o.delta === undefined) throw badRequest('Invalid delta: undefined');
    const delta = Number(o.delta);
    target = Math.max(0, Math.min(count - 1, from + delta));
  }
  if (!subset) return moveChildTo(node, objId, target);
  // Move inside the subset, then write the subset back into the slots it occupies (as Plone's
  // moveObjectsByDelta does), leaving siblings outside the subset where they are.
  const moved = [...subset.ids];
  moved.splice(from, 1);
  moved.splice(target, 0, objId);
  placeChildren(node, moved, subset.slots);
}

/** `sort` of a PATCH body (its shape checked by the route's schema). */
function applySort(state: SiteState, node: ContentNode, sort: unknown, req: ApiRequest): void {
  const s = sort as { on: string; order?: string };
  const reverse = s.order === 'descending' || s.order === 'reverse';
  const keyed = [...childEntries(node)].map(([id, uid]) => {
    const v = metadataColumn(state, mustGetNode(state, uid), s.on, req);
    return { id, key: v === null || v === undefined ? '' : typeof v === 'string' ? v.toLowerCase() : v };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) * (reverse ? -1 : 1));
  setChildOrder(node, keyed.map((k) => k.id));
}

/** Draft mutator for PATCH. Returns the node's UID. */
export function updateContent(draft: Draft<SiteState>, req: ApiRequest, uid: string, body: Record<string, unknown>): string {
  const state = draft as SiteState;
  const node = mustGetNode(state, uid);
  const type = own(state.types, node.type);
  if (!type) throw badRequest(`Cannot deserialize type ${node.type}`);
  const isRoot = node.parent === null;
  if ((body.ordering !== undefined || body.sort !== undefined) && !type.folderish) {
    throw badRequest('Content ordering is not supported by this resource');
  }
  const fields = deserializeFields(state, type, body, node.fields, false);
  if (body.id !== undefined && !isRoot && body.id !== node.id) {
    // Plone's rename goes through the name chooser (supplement-2 6.4): normalised, made unique
    const problem = validateId(body.id);
    const wanted = typeof body.id === 'string' ? normalizeId(body.id) : '';
    if (problem && !wanted) throw badRequest(problem);
    if (!wanted) throw badRequest(`The id "${shown(body.id)}" is invalid.`);
    const parent = mustGetNode(state, node.parent!);
    const newId = wanted === node.id ? wanted : uniqueId(parent, wanted, true, nameStamp(req.now, state.nextIntid));
    if (newId !== node.id) {
      const oldPath = pathOf(state, node);
      renameChild(state, uid, newId);
      recordMove(draft, uid, oldPath, req.now);
    }
  }
  if (body.layout !== undefined) node.layout = body.layout as string; // a non-empty text: the route's schema saw to that
  Object.assign(node.fields, fields);
  if (body.ordering !== undefined) applyOrdering(node, body.ordering);
  if (body.sort !== undefined) applySort(state, node, body.sort, req);
  applyConstrainTypes(draft, req, node, body);
  if (!isRoot) node.modified = req.now;
  recordVersion(draft, uid, req, body.changeNote);
  return uid;
}

export function deleteContent(draft: Draft<SiteState>, uid: string): void {
  const node = getNode(draft as SiteState, uid);
  if (!node || node.parent === null) return;
  removeSubtree(draft as SiteState, uid);
}
