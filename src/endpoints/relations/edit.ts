// POST / DELETE /@relations (supplement 26). A relation named after a RelationChoice/RelationList
// field of its source lives in that field; any other lives in state.relations. Unresolvable or
// forbidden items are reported (422, `failed`) while the others are still applied.
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { canView, hasPermission } from '../../auth/check.ts';
import { ApiError } from '../../lib/errors.ts';
import { resolveReference } from '../content/references.ts';
import { allRelations, READONLY_RELATIONS, relationField } from './graph.ts';
import { own, emptyRecord } from '../../lib/records.ts';

export interface RelationOp {
  source: string;
  target: string;
  relation: string;
}

export type Failure = [unknown, string];

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const allowed = (state: SiteState, req: ApiRequest, op: RelationOp) =>
  hasPermission(state, req.principal, getNode(state, op.source)!, 'Modify portal content') && canView(state, req.principal, getNode(state, op.target)!);

/** Resolve one {source, target, relation} item, or say why not. */
function resolveItem(state: SiteState, req: ApiRequest, item: unknown, verb: string): RelationOp | string {
  const o = record(item);
  const fail = (why: string) => `Failed on ${verb} a relation. ${why}`;
  if (!o) return fail('Invalid item.');
  const source = resolveReference(state, o.source);
  if (!source) return fail('Source not found.');
  const target = resolveReference(state, o.target);
  if (!target) return fail('Target not found.');
  if (typeof o.relation !== 'string' || !o.relation) return fail('Relation name missing.');
  const op = { source, target, relation: o.relation };
  return allowed(state, req, op) ? op : fail('Not allowed.');
}

/** `items` of a body: a list (the route's schema saw to that), each judged on its own. */
function planItems(state: SiteState, req: ApiRequest, items: unknown, verb: string): { ops: RelationOp[]; failed: Failure[] } {
  const ops: RelationOp[] = [];
  const failed: Failure[] = [];
  for (const item of items as unknown[]) {
    const r = resolveItem(state, req, item, verb);
    if (typeof r === 'string') failed.push([item, r]);
    else ops.push(r);
  }
  return { ops, failed };
}

export function planCreate(state: SiteState, req: ApiRequest) {
  // a body with items: the route's schema saw to that
  return planItems(state, req, record(req.body)!.items, 'creating');
}

/** DELETE by a list of items, or every editable relation matching source / target / relation. */
export function planDelete(state: SiteState, req: ApiRequest): { ops: RelationOp[]; failed: Failure[] } {
  const body = record(req.body) ?? {};
  // items, or at least one of source, target and relation: the route's schema saw to that
  if (body.items !== undefined) return planItems(state, req, body.items, 'deleting');
  const failed: Failure[] = [];
  const end = (key: 'source' | 'target') => {
    if (body[key] === undefined) return undefined;
    const uid = resolveReference(state, body[key]);
    if (!uid) failed.push([body, `Failed on deleting relations. ${key === 'source' ? 'Source' : 'Target'} not found.`]);
    return uid ?? null;
  };
  const source = end('source');
  const target = end('target');
  if (failed.length) return { ops: [], failed };
  const ops = allRelations(state).filter(
    (r) =>
      !r.broken &&
      !READONLY_RELATIONS.has(r.relation) &&
      (source === undefined || r.source === source) &&
      (target === undefined || r.target === target) &&
      (body.relation === undefined || r.relation === body.relation) &&
      allowed(state, req, r),
  );
  return { ops: ops.map(({ source: s, target: t, relation }) => ({ source: s, target: t, relation })), failed };
}

export function applyRelations(draft: Draft<SiteState>, ops: RelationOp[], add: boolean): void {
  const state = draft as SiteState;
  for (const op of ops) {
    const node = mustGetNode(state, op.source);
    const field = relationField(state, node, op.relation);
    if (field?.kind === 'RelationList') {
      const list = (Array.isArray(node.fields[field.name]) ? node.fields[field.name] : []) as string[];
      if (add && !list.includes(op.target)) node.fields[field.name] = [...list, op.target];
      if (!add && list.includes(op.target)) node.fields[field.name] = list.filter((t) => t !== op.target);
    } else if (field) {
      if (add) node.fields[field.name] = op.target;
      else if (node.fields[field.name] === op.target) node.fields[field.name] = null;
    } else {
      const relations = (state.relations ??= emptyRecord());
      const list = own(relations, op.source) ?? [];
      const at = list.findIndex((e) => e.relation === op.relation && e.target === op.target);
      if (add && at === -1) relations[op.source] = [...list, { relation: op.relation, target: op.target }];
      if (!add && at !== -1) {
        const rest = list.filter((_, i) => i !== at);
        if (rest.length) relations[op.source] = rest;
        else delete relations[op.source];
      }
    }
  }
}

/** Drop relations whose source or target is gone (POST @relations/rebuild). */
export function purgeBroken(draft: Draft<SiteState>): void {
  const state = draft as SiteState;
  const broken = allRelations(state).filter((r) => r.broken && r.relation !== 'isReferencing');
  applyRelations(draft, broken, false);
  for (const source of Object.keys(state.relations ?? {})) if (!getNode(state, source)) delete state.relations[source];
}

export const unprocessable = (message: string, failed: Failure[]) =>
  new ApiError(422, 'Unprocessable Content', message, 'service', { failed });
