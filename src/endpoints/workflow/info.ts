// GET <ctx>/@workflow (supplement 27.4): current state, the transitions the caller may take now,
// and the history (for callers who may request or review).
import type { ApiRequest } from '../../http/types.ts';
import type { Principal } from '../../auth/principal.ts';
import { hasPermission } from '../../auth/check.ts';
import type { ContentNode, SiteState, WorkflowEntry } from '../../state/model.ts';
import { formatDate } from '../../serialize/dates.ts';
import { urlOf } from '../../domain/urls.ts';
import { WORKFLOWS, type Transition, type Workflow } from '../../workflow/definitions.ts';
import { translate } from '../../i18n/translate.ts';
import { own } from '../../lib/records.ts';

export function workflowOf(state: SiteState, node: ContentNode): Workflow | undefined {
  const id = own(state.types, node.type)?.workflow;
  return id ? own(WORKFLOWS, id) : undefined;
}

/** Transitions out of the node's state whose guard the caller passes. */
export function allowedTransitions(state: SiteState, principal: Principal, node: ContentNode): Transition[] {
  const workflow = workflowOf(state, node);
  const current = workflow && node.reviewState ? workflow.states[node.reviewState] : undefined;
  if (!workflow || !current) return [];
  return current.exits
    .map((id) => workflow.transitions[id])
    .filter((t): t is Transition => !!t && hasPermission(state, principal, node, t.guard));
}

export function historyEntry(workflow: Workflow, entry: WorkflowEntry): Record<string, unknown> {
  return {
    action: entry.action,
    actor: entry.actor,
    comments: entry.comments,
    review_state: entry.review_state,
    time: formatDate(entry.time),
    title: workflow.states[entry.review_state]?.title ?? entry.review_state,
  };
}

const mayReadHistory = (state: SiteState, principal: Principal, node: ContentNode) =>
  hasPermission(state, principal, node, 'Request review') || hasPermission(state, principal, node, 'Review portal content');

export function workflowInfo(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const node = req.context;
  const url = urlOf(state, node, req.url.siteUrl);
  const base = { '@id': `${url}/@workflow`, history: [] as unknown[], transitions: [] as unknown[] };
  if (node.parent === null) return base;
  const workflow = workflowOf(state, node);
  const current = workflow && node.reviewState ? workflow.states[node.reviewState] : undefined;
  if (!workflow || !current) return { ...base, state: { id: '', title: '' } };
  return {
    ...base,
    history: mayReadHistory(state, req.principal, node)
      ? node.workflowHistory.map((e) => {
          const entry = historyEntry(workflow, e);
          return { ...entry, title: translate(state, req, entry.title as string) };
        })
      : [],
    state: { id: current.id, title: translate(state, req, current.title) },
    transitions: allowedTransitions(state, req.principal, node).map((t) => ({
      '@id': `${url}/@workflow/${t.id}`,
      title: translate(state, req, t.title),
    })),
  };
}
