// Content rules: rule definitions in @controlpanels/content-rules (create, conditions and actions,
// edit, reorder, delete) and their assignment to folders through @content-rules (assign,
// enable/disable, apply to subfolders, order, unassign), and who may do either.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { createMember } from './member.helpers.ts';

const PANEL = '/@controlpanels/content-rules';

let api: Api;
let member: { user: string; password: string };

beforeAll(async () => {
  api = await connect();
  member = await createMember(api, 'rules-member');
});

/** Creates a rule; returns its id (the last segment of Location). */
async function createRule(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await api.post(PANEL, { title, description: `${title} description`, event: 'Object added to this container', ...extra });
  expect(r.status).toBe(201);
  return String(r.headers.get('location')).split('/').pop()!;
}

const readRule = async (id: string) => (await api.get(`${PANEL}/${id}`)).body;
const panelRule = async (id: string) => (await api.get(PANEL)).body.items[0].find((r: { id: string }) => r.id === id);
const summaries = (items: { summary: string }[]) => items.map((i) => i.summary);
const rulesAt = async (path: string) => (await api.get(`${path}/@content-rules`)).body['content-rules'];

describe('@controlpanels/content-rules: rule definitions', () => {
  it('creates a rule (201, Location, detail) that the panel lists', async () => {
    const r = await api.post(PANEL, { title: 'Log additions', description: 'Logs', event: 'Object added to this container', enabled: true, stop: false, cascading: false });
    expect(r.status).toBe(201);
    const id = r.body.id;
    expect(r.headers.get('location')).toBe(`${api.base}${PANEL}/${id}`);
    expect(r.body).toMatchObject({
      '@id': `${api.base}${PANEL}/${id}`,
      title: 'Log additions',
      description: 'Logs',
      event: 'Object added to this container',
      enabled: true,
      stop: false,
      cascading: false,
      group: 'Content',
      assignments: [],
      conditions: [],
      actions: [],
    });
    expect(r.body.addable_conditions.map((c: { title: string }) => c.title)).toContain('Content type');
    expect(r.body.addable_actions.map((a: { title: string }) => a.title)).toContain('Logger');

    const panel = await api.get(PANEL);
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ '@id': `${api.base}${PANEL}`, title: 'Content Rules', group: 'Content' });
    expect(await panelRule(id)).toEqual({
      '@id': `${api.base}${PANEL}/${id}`,
      id,
      title: 'Log additions',
      description: 'Logs',
      enabled: true,
      assigned: false,
      trigger: 'Object added to this container',
      row_class: 'trigger-iobjectaddedevent state-enabled assignment-unassigned',
    });
    expect((await readRule(id)).title).toBe('Log additions');
  });

  it('names new rules as Plone does: the first free rule-<n>, reusing the id of a deleted rule', async (ctx) => {
    const fresh = await connect();
    if (fresh.remote) ctx.skip(); // needs a site without rules
    const create = async (title: string) => {
      const r = await fresh.post(PANEL, { title, event: 'Comment added' });
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    expect([await create('one'), await create('two'), await create('three')]).toEqual(['rule-1', 'rule-2', 'rule-3']);
    expect((await fresh.del(`${PANEL}/rule-2`)).status).toBe(204);
    expect(await create('four')).toBe('rule-2');
    expect(await create('five')).toBe('rule-4');
  });

  it('refuses a rule without title or with an unknown event (400), creating nothing', async () => {
    const before = (await api.get(PANEL)).body.items[0].length;
    const missing = await api.post(PANEL, { event: 'Object modified' });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body.message)).toEqual([{ message: 'Required input is missing.', field: 'title', error: 'ValidationError' }]);
    expect((await api.post(PANEL, { title: 'x', event: 'Tea time' })).status).toBe(400);
    expect((await api.get(PANEL)).body.items[0].length).toBe(before);
  });

  it('reports every bad member of a rule body at once (400), for a new rule and a change, changing nothing', async () => {
    const before = (await api.get(PANEL)).body.items[0].length;
    const bad = await api.post(PANEL, { title: 3, event: 'Tea time', enabled: 'yes', description: 'fine' });
    expect(bad.status).toBe(400);
    const list = (r: { body: any }) => JSON.parse(r.body.message).map((e: { field: string; message: string }) => [e.field, e.message]).sort();
    expect(list(bad)).toEqual([['enabled', 'Object is of wrong type.'], ['event', 'Constraint not satisfied'], ['title', 'Object is of wrong type.']]);
    expect(list(await api.post(PANEL, {}))).toEqual([['event', 'Required input is missing.'], ['title', 'Required input is missing.']]);
    expect((await api.get(PANEL)).body.items[0].length).toBe(before);
    const id = await createRule('Shape');
    const change = await api.patch(`${PANEL}/${id}`, { stop: 'no', cascading: 1, title: 'Renamed' });
    expect(change.status).toBe(400);
    expect(list(change)).toEqual([['cascading', 'Object is of wrong type.'], ['stop', 'Object is of wrong type.']]);
    expect((await api.get(`${PANEL}/${id}`)).body.title).toBe('Shape');
    // a caller without the panel's permission is refused (401) before the body is judged
    expect((await api.post(PANEL, { title: 3 }, { auth: member })).status).toBe(401);
  });

  it('adds conditions and actions: the POST shows summary messages, a GET renders them', async () => {
    const id = await createRule('Elements');
    const cond = await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.FileExtension', file_extension: 'JPG' });
    expect(cond.status).toBe(201);
    expect(cond.headers.get('location')).toBe(`${api.base}${PANEL}/${id}`);
    expect(summaries(cond.body.conditions)).toEqual(['File extension is ${ext}']);
    expect((await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.Role', role_names: ['Anonymous', 'Authenticated'] })).status).toBe(201);
    const logger = await api.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Logger', targetLogger: 'Plone', loggingLevel: 20 });
    expect(logger.status).toBe(201);
    expect(summaries(logger.body.actions)).toEqual(['Log message ${message}']);
    expect(logger.body.addable_actions[0]['@schema'].properties.message.default).toBe('text_contentrules_logger_message');
    expect((await api.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Delete' })).status).toBe(201);

    const rule = await readRule(id);
    expect(summaries(rule.conditions)).toEqual(['File extension is JPG', 'Roles are: Anonymous, Authenticated']);
    expect(rule.conditions[0]).toEqual({
      idx: 0,
      title: 'File Extension',
      description: 'Apply only to a particular file extension',
      summary: 'File extension is JPG',
      editview: `${api.base}/++rule++${id}/++condition++0/edit`,
      first: true,
      last: false,
    });
    expect(summaries(rule.actions)).toEqual(['Log message text_contentrules_logger_message', 'Delete object']);
    expect(rule.actions[1].editview).toBeNull();
    expect(rule.addable_actions[0]['@schema'].properties.message.default).toBe('Caught &e at &c by &u');

    const action = await api.get(`${PANEL}/${id}/action/0`);
    expect(action.status).toBe(200);
    expect(action.body).toMatchObject({ '@id': `${api.base}${PANEL}/${id}/action/0`, targetLogger: 'Plone', loggingLevel: 20, message: 'text_contentrules_logger_message' });
    expect(action.body['@schema'].required).toEqual(['targetLogger', 'loggingLevel', 'message']);
  });

  it('refuses an unknown element type or missing required values (400), adding nothing', async () => {
    const id = await createRule('Refusals');
    expect((await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.Nope' })).status).toBe(400);
    const missing = await api.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Mail', subject: 'Hi' });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body.message).map((e: { field: string }) => e.field)).toEqual(['recipients', 'message']);
    const rule = await readRule(id);
    expect(rule.conditions).toEqual([]);
    expect(rule.actions).toEqual([]);
    expect((await api.get(`${PANEL}/${id}/condition/0`)).status).toBe(404);
  });

  it('edits a condition, moves conditions up and down, deletes elements', async () => {
    const id = await createRule('Reorder');
    await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.FileExtension', file_extension: 'JPG' });
    await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.TalesExpression', tales_expression: 'python:True' });
    await api.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Versioning', comment: 'v' });

    expect((await api.patch(`${PANEL}/${id}/condition/0`, { file_extension: 'PNG' })).status).toBe(204);
    expect((await api.get(`${PANEL}/${id}/condition/0`)).body.file_extension).toBe('PNG');

    expect((await api.patch(`${PANEL}/${id}/condition/0`, { 'form.button.Move': '_move_down' })).status).toBe(204);
    expect(summaries((await readRule(id)).conditions)).toEqual(['TALES expression is: python:True', 'File extension is PNG']);
    expect((await api.patch(`${PANEL}/${id}/condition/1`, { 'form.button.Move': '_move_up' })).status).toBe(204);
    expect(summaries((await readRule(id)).conditions)).toEqual(['File extension is PNG', 'TALES expression is: python:True']);

    expect((await api.del(`${PANEL}/${id}/condition/0`)).status).toBe(204);
    expect((await api.del(`${PANEL}/${id}/action/0`)).status).toBe(204);
    const rule = await readRule(id);
    expect(summaries(rule.conditions)).toEqual(['TALES expression is: python:True']);
    expect(rule.conditions[0]).toMatchObject({ idx: 0, first: true, last: true });
    expect(rule.actions).toEqual([]);
    expect((await api.del(`${PANEL}/${id}/action/0`)).status).toBe(404);
  });

  it('edits a rule (204) and deletes it (204, then 404), with its assignments', async () => {
    const id = await createRule('Editable');
    expect((await api.patch(`${PANEL}/${id}`, { title: 'Edited', enabled: false, event: 'Object modified' })).status).toBe(204);
    expect(await readRule(id)).toMatchObject({ title: 'Edited', enabled: false, event: 'Object modified', description: 'Editable description' });
    expect((await panelRule(id)).row_class).toBe('trigger-iobjectmodifiedevent state-disabled assignment-unassigned');
    expect((await api.patch(`${PANEL}/${id}`, { enabled: 'yes' })).status).toBe(400);
    expect((await readRule(id)).enabled).toBe(false);

    const folder = await api.sandbox();
    expect((await api.post(`${folder}/@content-rules/${id}`)).status).toBe(200);
    expect((await panelRule(id)).assigned).toBe(true);
    expect((await api.del(`${PANEL}/${id}`)).status).toBe(204);
    expect((await api.get(`${PANEL}/${id}`)).status).toBe(404);
    expect(await panelRule(id)).toBeUndefined();
    expect((await rulesAt(folder)).assigned_rules).toEqual([]);
  });

  it('refuses anonymous callers and members (401), changing nothing', async () => {
    const id = await createRule('Guarded');
    await api.post(`${PANEL}/${id}/condition`, { type: 'plone.conditions.FileExtension', file_extension: 'JPG' });
    for (const auth of ['anonymous', member] as const) {
      expect((await api.get(PANEL, { auth })).status).toBe(401);
      expect((await api.get(`${PANEL}/${id}`, { auth })).status).toBe(401);
      expect((await api.post(PANEL, { title: 'Intruder', event: 'Object modified' }, { auth })).status).toBe(401);
      expect((await api.patch(`${PANEL}/${id}`, { title: 'Hijacked' }, { auth })).status).toBe(401);
      expect((await api.post(`${PANEL}/${id}/action`, { type: 'plone.actions.Delete' }, { auth })).status).toBe(401);
      expect((await api.patch(`${PANEL}/${id}/condition/0`, { file_extension: 'EXE' }, { auth })).status).toBe(401);
      expect((await api.del(`${PANEL}/${id}/condition/0`, undefined, { auth })).status).toBe(401);
      expect((await api.del(`${PANEL}/${id}`, undefined, { auth })).status).toBe(401);
    }
    const rule = await readRule(id);
    expect(rule).toMatchObject({ title: 'Guarded', actions: [] });
    expect(summaries(rule.conditions)).toEqual(['File extension is JPG']);
    expect((await api.get(PANEL)).body.items[0].some((r: { title: string }) => r.title === 'Intruder')).toBe(false);
  });
});

describe('@content-rules: assignment to folders', () => {
  let first: string;
  let second: string;
  let folder: string;

  beforeAll(async () => {
    first = await createRule('First assignable');
    second = await createRule('Second assignable');
    folder = await api.sandbox();
  });

  it('lists nothing assigned on a new folder and every rule as assignable', async () => {
    const r = await api.get(`${folder}/@content-rules`);
    expect(r.status).toBe(200);
    expect(r.body['content-rules'].assigned_rules).toEqual([]);
    expect(r.body['content-rules'].acquired_rules).toEqual([]);
    expect(r.body['content-rules'].assignable_rules).toContainEqual({ id: first, title: 'First assignable', description: 'First assignable description' });
  });

  it('assigns rules (200 message) and lists them as assigned, not assignable', async () => {
    const r = await api.post(`${folder}/@content-rules/${first}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: `Successfully assigned the rule ${first}` });
    expect((await api.post(`${folder}/@content-rules/${second}`)).status).toBe(200);
    const rules = await rulesAt(folder);
    expect(rules.assigned_rules.map((a: { id: string }) => a.id)).toEqual([first, second]);
    expect(rules.assigned_rules[0]).toEqual({
      id: first,
      title: 'First assignable',
      description: 'First assignable description',
      trigger: 'Object added to this container',
      enabled: true,
      bubbles: true,
      global_enabled: true,
      url: `${api.base}/++rule++${first}/@@manage-elements`,
    });
    expect(rules.assignable_rules.map((a: { id: string }) => a.id)).not.toContain(first);
    expect((await readRule(first)).assignments).toEqual([{ '@id': `${api.base}${folder}`, title: expect.any(String) }]);
    // The panel's listing counts the rule as assigned somewhere (recorded exchange controlpanels_get_contentrules).
    expect(await panelRule(first)).toMatchObject({ assigned: true, row_class: 'trigger-iobjectaddedevent state-enabled assignment-assigned' });
  });

  it('refuses an unknown rule (400) and a non-folderish context (400)', async () => {
    expect((await api.post(`${folder}/@content-rules/no-such-rule`)).status).toBe(400);
    const doc = await api.post(folder, { '@type': 'Document', id: 'page', title: 'Page' });
    expect(doc.status).toBe(201);
    expect((await api.post(`${folder}/page/@content-rules/${first}`)).status).toBe(400);
    expect((await rulesAt(folder)).assigned_rules.map((a: { id: string }) => a.id)).toEqual([first, second]);
  });

  it('disables and enables assigned rules', async () => {
    const off = await api.patch(`${folder}/@content-rules`, { 'form.button.Disable': true, rule_ids: [first] });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: `Successfully disabled rules ['${first}']` });
    expect((await rulesAt(folder)).assigned_rules[0].enabled).toBe(false);
    const on = await api.patch(`${folder}/@content-rules`, { 'form.button.Enable': true, rule_ids: [first] });
    expect(on.body).toEqual({ message: `Successfully enabled rules ['${first}']` });
    expect((await rulesAt(folder)).assigned_rules[0].enabled).toBe(true);
  });

  it('applies rules to subfolders or not (bubbles), seen as acquired below', async () => {
    const sub = await api.post(folder, { '@type': 'Folder', id: 'sub', title: 'Sub' });
    expect(sub.status).toBe(201);
    expect((await rulesAt(`${folder}/sub`)).acquired_rules.map((a: { id: string }) => a.id)).toEqual([first, second]);

    const no = await api.patch(`${folder}/@content-rules`, { 'form.button.NoBubble': true, rule_ids: [second] });
    expect(no.body).toEqual({ message: `Successfully disabled subfolder application of ['${second}']` });
    expect((await rulesAt(folder)).assigned_rules[1].bubbles).toBe(false);
    expect((await rulesAt(`${folder}/sub`)).acquired_rules.map((a: { id: string }) => a.id)).toEqual([first]);

    const yes = await api.patch(`${folder}/@content-rules`, { 'form.button.Bubble': true, rule_ids: [second] });
    expect(yes.body).toEqual({ message: `Successfully applied ['${second}'] to subfolders` });
    expect((await rulesAt(folder)).assigned_rules[1].bubbles).toBe(true);
  });

  it('moves an assignment up and down', async () => {
    const up = await api.patch(`${folder}/@content-rules`, { operation: 'move_up', rule_id: second });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'Successfully applied the move_up' });
    expect((await rulesAt(folder)).assigned_rules.map((a: { id: string }) => a.id)).toEqual([second, first]);
    const down = await api.patch(`${folder}/@content-rules`, { operation: 'move_down', rule_id: second });
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ message: 'Successfully applied the move_down' });
    expect((await rulesAt(folder)).assigned_rules.map((a: { id: string }) => a.id)).toEqual([first, second]);
  });

  it('refuses anonymous callers and members, changing nothing', async () => {
    for (const auth of ['anonymous', member] as const) {
      expect((await api.get(`${folder}/@content-rules`, { auth })).status).toBe(401);
      expect((await api.patch(`${folder}/@content-rules`, { 'form.button.Disable': true, rule_ids: [first] }, { auth })).status).toBe(401);
      expect((await api.del(`${folder}/@content-rules`, { rule_ids: [first] }, { auth })).status).toBe(401);
      expect((await api.post(`${folder}/sub/@content-rules/${first}`, undefined, { auth })).status).toBe(401);
    }
    const rules = await rulesAt(folder);
    expect(rules.assigned_rules.map((a: { id: string; enabled: boolean }) => [a.id, a.enabled])).toEqual([[first, true], [second, true]]);
    expect((await rulesAt(`${folder}/sub`)).assigned_rules).toEqual([]);
  });

  it('unassigns rules (204); rule_ids are required (400)', async () => {
    const bad = await api.del(`${folder}/@content-rules`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Missing parameter rule_ids');
    expect((await api.del(`${folder}/@content-rules`, { rule_ids: [first] })).status).toBe(204);
    const rules = await rulesAt(folder);
    expect(rules.assigned_rules.map((a: { id: string }) => a.id)).toEqual([second]);
    expect(rules.assignable_rules.map((a: { id: string }) => a.id)).toContain(first);
    expect((await readRule(first)).assignments).toEqual([]);
    expect(await panelRule(first)).toMatchObject({ assigned: false, row_class: 'trigger-iobjectaddedevent state-enabled assignment-unassigned' });
  });
});
