// `@controlpanels/content-rules[/...]` (supplement 13.5): rule definitions, their conditions and
// actions. The control-panels family routes `content-rules` paths here: contentRulesPanel(state,
// req, rest) with `rest` = the path segments after `content-rules`.
import { bodyFields } from '../../http/body.ts';
import { hasPermission } from '../../auth/check.ts';
import { json, noContent, type ApiRequest, type ApiResponse, type Outcome } from '../../http/types.ts';
import { badRequest, notFound, unauthorized, shown } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { rootOf } from '../../state/select.ts';
import { elementSchema, findElement } from './elements.ts';
import { elementChange, NEW_ELEMENT } from './elements.schema.ts';
import { judgeBody } from '../../http/schema.ts';
import {
  addRule, draftRule, elementsOf, elementValues, moveItem, mustFindRule, panelUrl, removeRule,
  ruleDetail, ruleInput, rulesOf, ruleSummary, type ElementKind,
} from './rules.ts';

export const CONTENT_RULES_PERMISSION = 'Content rules: Manage rules';

/** The panel's entry in the control-panel list. */
export const contentRulesPanelSummary = (siteUrl: string) => ({ '@id': panelUrl(siteUrl), group: 'Content', title: 'Content Rules' });

function panel(state: SiteState, req: ApiRequest): ApiResponse {
  const siteUrl = req.url.siteUrl;
  return json({ ...contentRulesPanelSummary(siteUrl), items: [rulesOf(state).rules.map((r) => ruleSummary(state, siteUrl, r))] });
}

const detailOf = (next: SiteState, req: ApiRequest, id: string, translated = true) => ruleDetail(next, req.url.siteUrl, mustFindRule(next, id), translated);

/** 201 for a POST that added a rule or an element: the rule, untranslated, and its URL. */
function created(next: SiteState, req: ApiRequest, id: string): ApiResponse {
  const detail = detailOf(next, req, id, false);
  return json(detail, 201, { Location: String(detail['@id']) });
}

function kindOf(segment: string | undefined): ElementKind {
  if (segment === 'condition' || segment === 'action') return segment;
  throw notFound();
}

function indexOf(segment: string | undefined, length: number): number {
  const idx = Number(segment);
  if (!Number.isInteger(idx) || idx < 0 || idx >= length) throw notFound();
  return idx;
}

function element(state: SiteState, req: ApiRequest, id: string, kind: ElementKind, idxText: string): Outcome {
  const rule = mustFindRule(state, id);
  const list = elementsOf(rule, kind);
  const idx = indexOf(idxText, list.length);
  const d = findElement(kind, list[idx].type)!;
  const body = bodyFields(req.body);
  switch (req.method) {
    case 'GET':
      return json({ '@id': `${panelUrl(req.url.siteUrl)}/${id}/${kind}/${idx}`, '@schema': elementSchema(d, req.url.siteUrl), ...list[idx].values });
    case 'PATCH': {
      const move = body['form.button.Move'];
      if (move !== undefined && move !== '_move_up' && move !== '_move_down') throw badRequest(`Unknown move: ${shown(move)}`, 'service');
      if (move === undefined) judgeBody(elementChange(d), req.body);
      const values = move === undefined ? elementValues(state, req.url.siteUrl, d, body, list[idx].values) : undefined;
      return {
        write: (draft) => {
          const items = elementsOf(draftRule(draft, id), kind);
          if (values) items[idx].values = values;
          else moveItem(items, idx, move === '_move_up' ? -1 : 1);
        },
        respond: () => noContent(),
      };
    }
    case 'DELETE':
      return { write: (draft) => void elementsOf(draftRule(draft, id), kind).splice(idx, 1), respond: () => noContent() };
    default:
      throw notFound();
  }
}

function addElement(state: SiteState, req: ApiRequest, id: string, kind: ElementKind): Outcome {
  mustFindRule(state, id);
  judgeBody(NEW_ELEMENT[kind], req.body);
  const body = bodyFields(req.body);
  const d = findElement(kind, body.type);
  if (!d) throw badRequest(`Invalid ${kind} type: ${shown(body.type)}`, 'service');
  const values = elementValues(state, req.url.siteUrl, d, body);
  return {
    write: (draft) => void elementsOf(draftRule(draft, id), kind).push({ type: d.id, values }),
    respond: (next) => created(next, req, id),
  };
}

function rule(state: SiteState, req: ApiRequest, id: string): Outcome {
  mustFindRule(state, id);
  switch (req.method) {
    case 'GET':
      return json(detailOf(state, req, id));
    case 'PATCH': {
      const fields = ruleInput(req.body);
      return { write: (draft) => void Object.assign(draftRule(draft, id), fields), respond: () => noContent() };
    }
    case 'DELETE':
      return { write: (draft) => removeRule(draft, id), respond: () => noContent() };
    default:
      throw notFound();
  }
}

/** Answers any request on `@controlpanels/content-rules/<rest...>`. */
export function contentRulesPanel(state: SiteState, req: ApiRequest, rest: string[]): Outcome {
  if (!hasPermission(state, req.principal, rootOf(state), CONTENT_RULES_PERMISSION)) throw unauthorized();
  const [id, kindText, idx] = rest;
  if (id === undefined) {
    if (req.method === 'GET') return panel(state, req);
    if (req.method !== 'POST') throw notFound();
    const fields = ruleInput(req.body);
    return {
      write: (draft) => addRule(draft, fields),
      respond: (next, newId: string) => created(next, req, newId),
    };
  }
  if (kindText === undefined) return rule(state, req, id);
  const kind = kindOf(kindText);
  if (idx === undefined) {
    if (req.method !== 'POST') throw notFound();
    return addElement(state, req, id, kind);
  }
  if (rest.length > 3) throw notFound();
  return element(state, req, id, kind, idx);
}
