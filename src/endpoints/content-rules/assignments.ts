// @content-rules on a folder (supplement 31.19): which rules apply here, assign/unassign,
// enable/disable, apply to subfolders, order. Rules are executed on events only as data here:
// this server does not run rule actions.
import { bodyFields } from '../../http/body.ts';
import type { RoutePath } from '../../http/route-path.ts';
import type { Draft } from 'immer';
import { json, noContent, type ApiRequest, type Route } from '../../http/types.ts';
import type { CustomPanel, FamilyManifest, PanelVerb } from '../../http/types.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ContentNode, RuleAssignment, SiteState } from '../../state/model.ts';
import { ancestors } from '../../state/select.ts';
import { CONTENT_RULES_PERMISSION, contentRulesPanel } from './panel.ts';
import { findRule, moveItem, rulesOf } from './rules.ts';
import type { RouteSchema } from '../../http/schema.ts';
import { assignSchema, changeAssignmentsSchema, listAssignmentsSchema, unassignSchema } from './assignments.schema.ts';
import { ruleBodies } from './panel.schema.ts';
import { emptyRecord, own, recordOf } from '../../lib/records.ts';

const ruleUrl = (req: ApiRequest, id: string) => `${req.url.siteUrl}/++rule++${id}/@@manage-elements`;
const pyList = (ids: string[]) => `[${ids.map((i) => `'${i}'`).join(', ')}]`;

function requireFolderish(state: SiteState, node: ContentNode): void {
  if (node.parent !== null && !own(state.types, node.type)?.folderish) throw badRequest('Content rules can only be assigned to folders.', 'service');
}

function listing(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const { assignments } = rulesOf(state);
  const here = assignments[req.context.uid] ?? [];
  const describe = (a: RuleAssignment) => {
    const r = findRule(state, a.id)!;
    return { id: r.id, title: r.title, description: r.description, trigger: r.event, enabled: a.enabled, bubbles: a.bubbles, global_enabled: r.enabled, url: ruleUrl(req, r.id) };
  };
  const acquired = ancestors(state, req.context).flatMap((n) => (assignments[n.uid] ?? []).filter((a) => a.bubbles && findRule(state, a.id)));
  return {
    'content-rules': {
      acquired_rules: acquired.map((a) => {
        const r = findRule(state, a.id)!;
        return { id: r.id, title: r.title, trigger: r.event, enabled: a.enabled && r.enabled, url: ruleUrl(req, r.id) };
      }),
      assigned_rules: here.filter((a) => findRule(state, a.id)).map(describe),
      assignable_rules: rulesOf(state)
        .rules.filter((r) => !here.some((a) => a.id === r.id))
        .map((r) => ({ id: r.id, title: r.title, description: r.description })),
    },
  };
}

function draftAssignments(draft: Draft<SiteState>, uid: string): Draft<RuleAssignment>[] {
  draft.contentRules ??= { rules: [], assignments: emptyRecord(), counter: 0 };
  return (draft.contentRules.assignments[uid] ??= []);
}

const FLAGS: Record<string, { key: 'enabled' | 'bubbles'; value: boolean; message: (ids: string[]) => string }> = recordOf({
  'form.button.Enable': { key: 'enabled', value: true, message: (ids) => `Successfully enabled rules ${pyList(ids)}` },
  'form.button.Disable': { key: 'enabled', value: false, message: (ids) => `Successfully disabled rules ${pyList(ids)}` },
  'form.button.Bubble': { key: 'bubbles', value: true, message: (ids) => `Successfully applied ${pyList(ids)} to subfolders` },
  'form.button.NoBubble': { key: 'bubbles', value: false, message: (ids) => `Successfully disabled subfolder application of ${pyList(ids)}` },
});

function ruleIds(body: Record<string, unknown>): string[] {
  const ids = body.rule_ids as string[] | undefined; // a list of texts, if any: the route's schema saw to that
  if (!ids?.length) throw badRequest('Missing parameter rule_ids', 'service');
  return ids;
}

function patch(state: SiteState, req: ApiRequest) {
  const body = bodyFields(req.body);
  const uid = req.context.uid;
  const op = body.operation;
  if (op === 'move_up' || op === 'move_down') {
    const id = body.rule_id;
    if (typeof id !== 'string' || !id) throw badRequest('Missing parameter rule_id', 'service');
    return {
      write: (draft: Draft<SiteState>) => {
        const list = draftAssignments(draft, uid);
        moveItem(list, list.findIndex((a) => a.id === id), op === 'move_up' ? -1 : 1);
        if (!list.length) delete draft.contentRules!.assignments[uid];
      },
      respond: () => json({ message: `Successfully applied the ${op}` }),
    };
  }
  const flag = Object.keys(FLAGS).find((k) => body[k]);
  if (!flag) throw badRequest('Unknown operation', 'service');
  const ids = ruleIds(body);
  const { key, value, message } = FLAGS[flag];
  return {
    write: (draft: Draft<SiteState>) => {
      const list = draftAssignments(draft, uid);
      for (const a of list) if (ids.includes(a.id)) a[key] = value;
      if (!list.length) delete draft.contentRules!.assignments[uid];
    },
    respond: () => json({ message: message(ids) }),
  };
}

/** POST `@content-rules/{rule_id}`: the rule to assign (further segments are not looked at). */
const ASSIGN_PATH: RoutePath = {
  forms: ['/{rule_id}'],
  params: { rule_id: { description: 'Id of the content rule.' } },
  more: 'ignored',
  refuse: () => badRequest('Missing rule id', 'service'),
};

const route = (method: Route['method'], handle: Route['handle'], schema?: RouteSchema, path?: RoutePath): Route => ({
  method,
  ...(schema ? { schema } : {}),
  ...(path ? { path } : {}),
  endpoint: '@content-rules',
  on: 'content',
  permission: CONTENT_RULES_PERMISSION,
  handle: (state, req, services) => {
    requireFolderish(state, req.context);
    return handle(state, req, services, undefined);
  },
});

export const contentRulesRoutes: Route[] = [
  route('GET', (state, req) => json(listing(state, req)), listAssignmentsSchema),
  route('POST', (state, req) => {
    const [id] = req.url.params;
    if (!findRule(state, id)) throw badRequest(`Rule ${id} does not exist`, 'service');
    const uid = req.context.uid;
    return {
      write: (draft) => {
        const list = draftAssignments(draft, uid);
        if (!list.some((a) => a.id === id)) list.push({ id, enabled: true, bubbles: true });
      },
      respond: () => json({ message: `Successfully assigned the rule ${id}` }),
    };
  }, assignSchema, ASSIGN_PATH),
  route('PATCH', (state, req) => patch(state, req), changeAssignmentsSchema),
  route('DELETE', (state, req) => {
    const ids = ruleIds(bodyFields(req.body));
    const uid = req.context.uid;
    return {
      write: (draft) => {
        const kept = draftAssignments(draft, uid).filter((a) => !ids.includes(a.id));
        if (kept.length) draft.contentRules!.assignments[uid] = kept;
        else delete draft.contentRules!.assignments[uid];
      },
      respond: () => noContent(),
    };
  }, unassignSchema),
];

/** The `content-rules` control panel (supplement 13.5), answered by this family. */
const answer: PanelVerb = (state, req, rest) => contentRulesPanel(state, req, rest);
const panel: CustomPanel = { id: 'content-rules', title: 'Content Rules', group: 'Content', bodies: ruleBodies(CONTENT_RULES_PERMISSION), GET: answer, POST: answer, PATCH: answer, DELETE: answer };

export const contentRulesFamily: FamilyManifest = { name: 'content-rules', routes: contentRulesRoutes, panels: [panel] };
