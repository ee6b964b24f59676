// Content-rule definitions in the site state: reads, serializers and draft reducers.
import type { Draft } from 'immer';
import { notFound, validationError } from '../../lib/errors.ts';
import type { ContentRule, ContentRulesState, RuleElement, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { urlOf } from '../../domain/urls.ts';
import { pathOf, traverse } from '../../state/select.ts';
import { ACTIONS, CONDITIONS, EVENTS, elementSchema, elementSummary, fieldDefault, findElement, type ElementDef } from './elements.ts';
import { own, emptyRecord } from '../../lib/records.ts';
import { bodyFields } from '../../http/body.ts';

export type ElementKind = ElementDef['kind'];
const EMPTY: ContentRulesState = { rules: [], assignments: emptyRecord(), counter: 0 };

export const rulesOf = (state: SiteState): ContentRulesState => state.contentRules ?? EMPTY;
export const findRule = (state: SiteState, id: string): ContentRule | undefined => rulesOf(state).rules.find((r) => r.id === id);

export function mustFindRule(state: SiteState, id: string): ContentRule {
  const rule = findRule(state, id);
  if (!rule) throw notFound();
  return rule;
}

function draftRules(draft: Draft<SiteState>): Draft<ContentRulesState> {
  draft.contentRules ??= { rules: [], assignments: emptyRecord(), counter: 0 };
  return draft.contentRules;
}

export function draftRule(draft: Draft<SiteState>, id: string): Draft<ContentRule> {
  const rule = draftRules(draft).rules.find((r) => r.id === id);
  if (!rule) throw notFound();
  return rule;
}

export const isAssigned = (state: SiteState, id: string) => Object.values(rulesOf(state).assignments).some((list) => list.some((a) => a.id === id));

const ifaceOf = (event: string) => EVENTS.find((e) => e.title === event)?.iface ?? 'IObjectEvent';

export const panelUrl = (siteUrl: string) => `${siteUrl}/@controlpanels/content-rules`;

export function ruleSummary(state: SiteState, siteUrl: string, r: ContentRule): Record<string, unknown> {
  const assigned = isAssigned(state, r.id);
  return {
    '@id': `${panelUrl(siteUrl)}/${r.id}`,
    id: r.id,
    title: r.title,
    description: r.description,
    enabled: r.enabled,
    assigned,
    trigger: r.event,
    row_class: `trigger-${ifaceOf(r.event).toLowerCase()} state-${r.enabled ? 'enabled' : 'disabled'} assignment-${assigned ? 'assigned' : 'unassigned'}`,
  };
}

function elementItems(state: SiteState, siteUrl: string, r: ContentRule, kind: ElementKind, translated: boolean): Record<string, unknown>[] {
  const list = kind === 'condition' ? r.conditions : r.actions;
  const titles = (ids: string[]) => ids.filter((t) => Object.hasOwn(state.types, t)).map((t) => own(state.types, t)!.title);
  return list.map((el, idx) => {
    const d = findElement(kind, el.type)!;
    return {
      idx,
      title: d.title,
      description: d.description,
      summary: elementSummary(d, el.values, titles, translated),
      editview: d.editable ? `${siteUrl}/++rule++${r.id}/++${kind}++${idx}/edit` : null,
      first: idx === 0,
      last: idx === list.length - 1,
    };
  });
}

const addable = (defs: ElementDef[], siteUrl: string, translated: boolean) =>
  defs.map((d) => ({ '@schema': elementSchema(d, siteUrl, translated), addview: d.id, description: d.description, title: d.title }));

/** The rule with its elements; `translated: false` for the answer to an adding POST (see elements.ts). */
export function ruleDetail(state: SiteState, siteUrl: string, r: ContentRule, translated = true): Record<string, unknown> {
  const assignments = Object.entries(rulesOf(state).assignments)
    .filter(([, list]) => list.some((a) => a.id === r.id))
    .flatMap(([uid]) => {
      const node = getNode(state, uid);
      return node ? [{ '@id': urlOf(state, node, siteUrl), title: String(node.fields.title ?? node.id) }] : [];
    });
  return {
    '@id': `${panelUrl(siteUrl)}/${r.id}`,
    id: r.id,
    title: r.title,
    description: r.description,
    event: r.event,
    enabled: r.enabled,
    stop: r.stop,
    cascading: r.cascading,
    group: 'Content',
    assignments,
    conditions: elementItems(state, siteUrl, r, 'condition', translated),
    actions: elementItems(state, siteUrl, r, 'action', translated),
    addable_conditions: addable(CONDITIONS, siteUrl, translated),
    addable_actions: addable(ACTIONS, siteUrl, translated),
  };
}

// ----------------------------------------------------------------- input

const RULE_FIELDS = ['title', 'description', 'event', 'enabled', 'stop', 'cascading'] as const;

/** Rule fields of a POST/PATCH body. */
export function ruleInput(body: unknown): Partial<Omit<ContentRule, 'id' | 'conditions' | 'actions'>> {
  // the members' types, the event and (for a new rule) title and event were checked by the
  // panel's body schemas (panel.schema.ts): the members are taken as they are
  const b = bodyFields(body);
  const out: Record<string, unknown> = {};
  for (const f of RULE_FIELDS) if (b[f] !== undefined) out[f] = b[f];
  return out;
}


/** `target_folder` given as UID, site path or URL -> path relative to the site root. */
function folderPath(state: SiteState, siteUrl: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  let v = value.startsWith(siteUrl) ? value.slice(siteUrl.length) || '/' : value;
  const byUid = getNode(state, v);
  if (byUid) return '/' + pathOf(state, byUid).join('/');
  if (!v.startsWith('/')) return undefined;
  v = v.replace(/\/+$/, '');
  return traverse(state, v.split('/').filter(Boolean)) ? v || '/' : undefined;
}

/** Element values from a body: schema fields only, defaults filled in, required ones checked. */
export function elementValues(state: SiteState, siteUrl: string, d: ElementDef, body: Record<string, unknown>, base: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = { ...base };
  for (const name of Object.keys(d.properties)) {
    if (body[name] !== undefined) values[name] = body[name];
    else if (values[name] === undefined && fieldDefault(d, name) !== undefined) values[name] = fieldDefault(d, name);
  }
  const errors: { field: string; message: string }[] = [];
  if (Object.hasOwn(d.properties, 'target_folder') && values.target_folder !== undefined) {
    const path = folderPath(state, siteUrl, values.target_folder);
    if (path === undefined) errors.push({ field: 'target_folder', message: 'Constraint not satisfied' });
    else values.target_folder = path;
  }
  for (const name of d.required) if (values[name] === undefined || values[name] === '' || values[name] === null) errors.push({ field: name, message: 'Required input is missing.' });
  if (errors.length) throw validationError(errors);
  return values;
}

// --------------------------------------------------------------- reducers

export function addRule(draft: Draft<SiteState>, fields: ReturnType<typeof ruleInput>): string {
  const rules = draftRules(draft);
  // plone.app.contentrules' name chooser: the first free `rule-<n>` counting from 1, so the id of
  // a deleted rule is given again
  const taken = new Set(rules.rules.map((r) => r.id));
  let n = 1;
  while (taken.has(`rule-${n}`)) n++;
  rules.counter = Math.max(rules.counter, n);
  const id = `rule-${n}`;
  rules.rules.push({
    id,
    title: fields.title ?? '',
    description: fields.description ?? '',
    event: fields.event ?? '',
    enabled: fields.enabled ?? true,
    stop: fields.stop ?? false,
    cascading: fields.cascading ?? false,
    conditions: [],
    actions: [],
  });
  return id;
}

export function removeRule(draft: Draft<SiteState>, id: string): void {
  const rules = draftRules(draft);
  draftRule(draft, id);
  rules.rules = rules.rules.filter((r) => r.id !== id);
  for (const [uid, list] of Object.entries(rules.assignments)) {
    const kept = list.filter((a) => a.id !== id);
    if (kept.length) rules.assignments[uid] = kept;
    else delete rules.assignments[uid];
  }
}

export const elementsOf = (rule: Draft<ContentRule> | ContentRule, kind: ElementKind): RuleElement[] => (kind === 'condition' ? rule.conditions : rule.actions);

/** Moves item `idx` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveItem<T>(list: T[], idx: number, delta: -1 | 1): void {
  const to = idx + delta;
  if (idx < 0 || idx >= list.length || to < 0 || to >= list.length) return;
  [list[idx], list[to]] = [list[to], list[idx]];
}
