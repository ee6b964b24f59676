// POST <ctx>/@workflow/<transition> (supplement 27.4): move the object (and, on request, its
// contents) to the transition's target state, recording history.
import type { Draft } from 'immer';
import type { ApiRequest, WriteOutcome } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { parseBoolean } from '../../domain/query.ts';
import { ApiError, shown } from '../../lib/errors.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { childUids } from '../../state/children.ts';
import { getNode } from '../../state/nodes.ts';
import { toStoredDate } from '../../serialize/dates.ts';
import { allowedTransitions, historyEntry, workflowOf } from './info.ts';
import type { TransitionBody } from './workflow.schema.ts';

interface Transition {
  comment: string;
  dates: { effective?: string; expires?: string };
  includeChildren: boolean;
}

const noAction = (id: string) => new ApiError(400, 'WorkflowException', `No workflow provides the '${id}' action.`, 'service');

/** The transition a body (checked by the route's schema, `transitionBody`) asks for. */
function readBody(body: TransitionBody = {}): Transition {
  const dates: Transition['dates'] = {};
  for (const key of ['effective', 'expires'] as const) {
    const value = body[key];
    if (value === undefined || value === null || value === '') continue;
    const stored = toStoredDate(value);
    if (!stored) throw new ApiError(400, 'Bad Request', `Invalid date: ${shown(value)}`, 'service');
    dates[key] = stored;
  }
  return { comment: body.comment ?? '', dates, includeChildren: body.include_children !== undefined && parseBoolean(body.include_children) === true };
}

/** Draft mutator: apply the transition to one node if it may take it; returns whether it did. */
function apply(draft: SiteState, req: ApiRequest, node: ContentNode, id: string, body: Transition): boolean {
  const transition = allowedTransitions(draft, req.principal, node).find((t) => t.id === id);
  const workflow = workflowOf(draft, node);
  if (!transition || !workflow) return false;
  Object.assign(node.fields, body.dates);
  if (!node.fields.effective) node.fields.effective = req.now;
  node.reviewState = transition.to;
  node.workflowHistory.push({
    action: transition.id,
    actor: req.principal.id ?? 'Anonymous User',
    comments: body.comment,
    review_state: transition.to,
    time: req.now,
  });
  return true;
}

function applyToChildren(draft: SiteState, req: ApiRequest, node: ContentNode, id: string, body: Transition): void {
  for (const uid of childUids(node)) {
    const child = getNode(draft, uid);
    if (!child) continue;
    apply(draft, req, child, id, body);
    applyToChildren(draft, req, child, id, body);
  }
}

export function transition(state: SiteState, req: ApiRequest): WriteOutcome<void> {
  const id = req.url.params[0];
  const body = readBody(req.body as TransitionBody | undefined);
  if (!allowedTransitions(state, req.principal, req.context).some((t) => t.id === id)) throw noAction(id);
  const uid = req.context.uid;
  return {
    write: (draft: Draft<SiteState>) => {
      const s = draft as SiteState;
      const node = getNode(s, uid)!;
      apply(s, req, node, id, body);
      if (body.includeChildren) applyToChildren(s, req, node, id, body);
    },
    respond: (next) => {
      const node = getNode(next, uid)!;
      const workflow = workflowOf(next, node)!;
      return json(historyEntry(workflow, node.workflowHistory[node.workflowHistory.length - 1]));
    },
  };
}
