// Content rules: rule definitions in @controlpanels/content-rules (create, list, conditions and
// actions, edit, delete) and their assignment to folders through @content-rules. Every rule a
// check makes is deleted afterwards; rules carry no actions that change anything (Logger only).
import type { CheckContext } from '../context.ts';
import { anyArray, anyBoolean, anyString, containing, without } from '../expect.ts';
import { family, supplement } from './define.ts';

const PANEL = '/@controlpanels/content-rules';
const EVENT = 'Object added to this container';

/** A new rule (deleted after the check); returns its id. */
async function rule(t: CheckContext, title = `Conformance ${t.unique()}`, extra: Record<string, unknown> = {}): Promise<string> {
  const r = t.need(await t.post(PANEL, { title, description: 'Made by a conformance check', event: EVENT, enabled: true, stop: false, cascading: false, ...extra }), `creating the rule ${title}`);
  const id = r.body?.id ?? r.headers.get('location')?.split('/').pop();
  if (typeof id !== 'string') t.fail('setup: the new rule has no id (body id or Location)', [], r.step);
  t.forget(`${PANEL}/${id}`);
  return id;
}

/** The rule summaries of the panel (its items are a list holding one list of rules). */
async function panelRules(t: CheckContext): Promise<any[] | undefined> {
  const items = (await t.get(PANEL)).body?.items;
  return Array.isArray(items?.[0]) ? items[0] : items;
}

const assignments = async (t: CheckContext, path: string) => (await t.get(`${path}/@content-rules`)).body?.['content-rules'];
const ids = (rules: unknown) => (Array.isArray(rules) ? rules.map((r: { id?: string }) => r.id) : rules);

export default family('content-rules', [
  {
    id: 'content-rules.panel.create-rule',
    level: 'SHOULD',
    source: supplement('13.5 (POST: 201, Location, the rule detail)'),
    title: 'POST @controlpanels/content-rules answers 201 with the Location and the rule detail',
    async run(t) {
      const title = `Conformance ${t.unique()}`;
      const r = await t.post(PANEL, { title, description: 'Logs additions', event: EVENT, enabled: true, stop: false, cascading: false });
      const id = r.body?.id;
      if (typeof id === 'string') t.forget(`${PANEL}/${id}`);
      t.status(r, 201);
      t.header(r, 'Location', t.url(`${PANEL}/${id}`));
      t.body(r, {
        '@id': t.url(`${PANEL}/${id}`),
        id: anyString,
        title,
        description: 'Logs additions',
        event: EVENT,
        enabled: true,
        stop: false,
        cascading: false,
        assignments: [],
        conditions: [],
        actions: [],
        addable_conditions: containing([{ title: 'Content type' }]),
        addable_actions: containing([{ title: 'Logger' }]),
      });
    },
  },
  {
    id: 'content-rules.panel.lists-rules',
    level: 'SHOULD',
    source: supplement('13.5 (GET: items is a list holding one list of rules)'),
    title: 'GET @controlpanels/content-rules lists each rule as {@id, id, title, description, enabled, assigned, trigger}',
    async run(t) {
      const id = await rule(t, 'Listed rule');
      const r = await t.get(PANEL);
      t.status(r, 200);
      t.body(r, { '@id': t.url(PANEL), title: 'Content Rules', group: 'Content', items: [anyArray] });
      t.like(r.body?.items?.[0], containing([{ '@id': t.url(`${PANEL}/${id}`), id, title: 'Listed rule', description: anyString, enabled: true, assigned: false, trigger: EVENT }]), 'the rules');
    },
  },
  {
    id: 'content-rules.panel.title-required',
    level: 'SHOULD',
    source: supplement('13.5; 2.3 (validation errors: 400)'),
    title: 'A rule without title, or with an unknown event, answers 400; no rule is added',
    async run(t) {
      const before = (await panelRules(t))?.length;
      t.status(await t.post(PANEL, { event: EVENT }), 400, 'a rule without title');
      t.status(await t.post(PANEL, { title: 'Tea time', event: 'Tea time' }), 400, 'a rule with an unknown event');
      t.like((await panelRules(t))?.length, before, 'the number of rules afterwards');
    },
  },
  {
    id: 'content-rules.elements.add-condition-and-action',
    level: 'SHOULD',
    source: supplement('13.5 (POST …/condition, …/action: 201 with the rule detail; GET …/<kind>/<idx>)'),
    title: 'Conditions and actions are added (201, the rule detail lists them with idx, summary, first, last); the rule shows their summaries and each reads back with its values',
    async run(t) {
      const id = await rule(t);
      const cond = await t.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.FileExtension', file_extension: 'JPG' });
      t.status(cond, 201, 'adding a condition');
      t.body(cond, { conditions: [{ idx: 0, title: anyString, summary: anyString, first: true, last: true }] });
      const action = await t.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Logger', targetLogger: 'Plone', loggingLevel: 20, message: 'Added &c' });
      t.status(action, 201, 'adding an action');
      t.body(action, { actions: [{ idx: 0, summary: anyString, first: true, last: true }] });
      t.body(await t.get(`${PANEL}/${id}`), { conditions: [{ summary: 'File extension is JPG' }], actions: [{ summary: 'Log message Added &c' }] }, 'the rule afterwards');
      const read = await t.get(`${PANEL}/${id}/action/0`);
      t.status(read, 200, 'reading the action');
      t.body(read, { '@id': t.url(`${PANEL}/${id}/action/0`), targetLogger: 'Plone', loggingLevel: 20, message: 'Added &c' });
    },
  },
  {
    id: 'content-rules.elements.edit-move-delete',
    level: 'SHOULD',
    source: supplement('13.5 (PATCH values or form.button.Move; DELETE: 204)'),
    title: 'A condition is changed (204), moved down and up, and deleted (204); a missing one is 404',
    async run(t) {
      const id = await rule(t);
      t.need(await t.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.FileExtension', file_extension: 'JPG' }), 'adding a condition');
      t.need(await t.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.TalesExpression', tales_expression: 'python:True' }), 'adding a second condition');
      const summaries = async () => (await t.get(`${PANEL}/${id}`)).body?.conditions?.map((c: { summary?: string }) => c.summary);
      t.status(await t.patch(`${PANEL}/${id}/condition/0`, { file_extension: 'PNG' }), 204, 'changing the first condition');
      t.status(await t.patch(`${PANEL}/${id}/condition/0`, { 'form.button.Move': '_move_down' }), 204, 'moving it down');
      t.like(await summaries(), ['TALES expression is: python:True', 'File extension is PNG'], 'the conditions after the move down');
      t.status(await t.patch(`${PANEL}/${id}/condition/1`, { 'form.button.Move': '_move_up' }), 204, 'moving it up again');
      t.like(await summaries(), ['File extension is PNG', 'TALES expression is: python:True'], 'the conditions after the move up');
      t.status(await t.del(`${PANEL}/${id}/condition/0`), 204, 'deleting the first condition');
      t.like(await summaries(), ['TALES expression is: python:True'], 'the conditions afterwards');
      t.status(await t.get(`${PANEL}/${id}/condition/1`), 404, 'a condition that is not there');
    },
  },
  {
    id: 'content-rules.panel.edit-and-delete-rule',
    level: 'SHOULD',
    source: supplement('13.5 (PATCH, DELETE: 204)'),
    title: 'PATCH changes a rule (204); DELETE removes it (204, then 404)',
    async run(t) {
      const id = await rule(t);
      t.status(await t.patch(`${PANEL}/${id}`, { title: 'Edited rule', enabled: false, event: 'Object modified' }), 204);
      t.body(await t.get(`${PANEL}/${id}`), { title: 'Edited rule', enabled: false, event: 'Object modified' }, 'the rule afterwards');
      t.status(await t.del(`${PANEL}/${id}`), 204, 'DELETE');
      t.status(await t.get(`${PANEL}/${id}`), 404, 'the rule after the DELETE');
      t.like(ids(await panelRules(t)), without([id]), 'the rules after the DELETE');
    },
  },
  {
    id: 'content-rules.assign.to-a-folder',
    level: 'SHOULD',
    source: supplement('31.19 (POST <folder>/@content-rules/<id>: 200 message; GET: assigned and assignable rules)'),
    title: 'POST <folder>/@content-rules/<rule> answers 200 with a message; the folder lists it as assigned, the rule lists the folder',
    async run(t) {
      const box = await t.sandbox();
      const id = await rule(t, 'Assigned rule');
      t.like(ids((await assignments(t, box))?.assignable_rules), containing([id]), 'the assignable rules before');
      const r = await t.post(`${box}/@content-rules/${id}`);
      t.status(r, 200);
      t.equal(r.body, { message: `Successfully assigned the rule ${id}` }, 'the answer');
      const after = await assignments(t, box);
      t.like(after?.assigned_rules, [{ id, title: 'Assigned rule', description: anyString, trigger: EVENT, enabled: true, bubbles: anyBoolean, global_enabled: true, url: anyString }], 'the assigned rules');
      t.like(ids(after?.assignable_rules), without([id]), 'the assignable rules after');
      t.body(await t.get(`${PANEL}/${id}`), { assignments: [{ '@id': t.url(box) }] }, 'the rule’s assignments');
    },
  },
  {
    id: 'content-rules.assign.enable-disable-and-subfolders',
    level: 'SHOULD',
    source: supplement('31.19 (PATCH form.button.Disable/Enable/NoBubble/Bubble: 200 message)'),
    title: 'PATCH @content-rules disables and enables an assignment and stops and restarts its application to subfolders',
    async run(t) {
      const box = await t.sandbox();
      const sub = await t.folder(box, 'sub', 'Sub');
      const id = await rule(t);
      t.need(await t.post(`${box}/@content-rules/${id}`), 'assigning the rule');
      const off = await t.patch(`${box}/@content-rules`, { 'form.button.Disable': true, rule_ids: [id] });
      t.status(off, 200, 'Disable');
      t.equal(off.body, { message: `Successfully disabled rules ['${id}']` }, 'the answer to Disable');
      t.like((await assignments(t, box))?.assigned_rules, [{ id, enabled: false }], 'the assignment after Disable');
      t.status(await t.patch(`${box}/@content-rules`, { 'form.button.Enable': true, rule_ids: [id] }), 200, 'Enable');
      t.like((await assignments(t, box))?.assigned_rules, [{ id, enabled: true }], 'the assignment after Enable');
      t.like(ids((await assignments(t, sub.path))?.acquired_rules), [id], 'the rules the sub-folder acquires');
      t.status(await t.patch(`${box}/@content-rules`, { 'form.button.NoBubble': true, rule_ids: [id] }), 200, 'NoBubble');
      t.like(ids((await assignments(t, sub.path))?.acquired_rules), [], 'the rules the sub-folder acquires after NoBubble');
      t.status(await t.patch(`${box}/@content-rules`, { 'form.button.Bubble': true, rule_ids: [id] }), 200, 'Bubble');
      t.like((await assignments(t, box))?.assigned_rules, [{ id, bubbles: true }], 'the assignment after Bubble');
    },
  },
  {
    id: 'content-rules.assign.unassign',
    level: 'SHOULD',
    source: supplement('31.19 (DELETE {rule_ids}: 204; missing: 400 "Missing parameter rule_ids")'),
    title: 'DELETE @content-rules {rule_ids} answers 204 and the rule is assignable again; without rule_ids 400',
    async run(t) {
      const box = await t.sandbox();
      const id = await rule(t);
      t.need(await t.post(`${box}/@content-rules/${id}`), 'assigning the rule');
      const missing = await t.del(`${box}/@content-rules`, {});
      t.status(missing, 400, 'DELETE without rule_ids');
      t.body(missing, { error: { message: 'Missing parameter rule_ids' } });
      t.status(await t.del(`${box}/@content-rules`, { rule_ids: [id] }), 204, 'DELETE');
      const after = await assignments(t, box);
      t.like(after?.assigned_rules, [], 'the assigned rules afterwards');
      t.like(ids(after?.assignable_rules), containing([id]), 'the assignable rules afterwards');
    },
  },
  {
    id: 'content-rules.assign.unknown-rule-400',
    level: 'SHOULD',
    source: supplement('31.19 (missing id: 400)'),
    title: 'Assigning a rule that does not exist answers 400; nothing is assigned',
    async run(t) {
      const box = await t.sandbox();
      t.status(await t.post(`${box}/@content-rules/${t.unique('no-rule')}`), 400);
      t.like((await assignments(t, box))?.assigned_rules, [], 'the assigned rules afterwards');
    },
  },
  {
    id: 'content-rules.access.managers-only',
    level: 'SHOULD',
    source: supplement('31.19 (Content rules: Manage rules); 13.5'),
    title: 'Members and Anonymous can neither read nor change rules or assignments (401); nothing changes',
    async run(t) {
      const box = await t.sandbox();
      const id = await rule(t, 'Guarded rule');
      const member = await t.token(await t.user());
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.get(PANEL, { auth }), 401, 'GET the panel');
        t.status(await t.post(PANEL, { title: 'Intruder', event: EVENT }, { auth }), 401, 'POST a rule');
        t.status(await t.patch(`${PANEL}/${id}`, { title: 'Hijacked' }, { auth }), 401, 'PATCH the rule');
        t.status(await t.get(`${box}/@content-rules`, { auth }), 401, 'GET the assignments');
        t.status(await t.post(`${box}/@content-rules/${id}`, undefined, { auth }), 401, 'assign the rule');
      }
      t.body(await t.get(`${PANEL}/${id}`), { title: 'Guarded rule' }, 'the rule afterwards');
      t.like((await assignments(t, box))?.assigned_rules, [], 'the assigned rules afterwards');
      t.like((await panelRules(t))?.map((r: { title?: string }) => r.title), without(['Intruder']), 'the rules afterwards');
    },
  },
]);
