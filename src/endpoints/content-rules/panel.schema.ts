// What the content-rules control panel answers (supplement 13.5): the rules listed (one list in
// `items`), a rule with its conditions and actions, one condition or action with its form.
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import type { PanelBody } from '../../http/types.ts';
import { validationError } from '../../lib/errors.ts';
import { EVENTS } from './elements.ts';
import { CHANGE_ELEMENT, NEW_ELEMENT } from './elements.schema.ts';
import { formSchema, url } from '../../serialize/shapes.ts';

const listedRule = z.strictObject({
  '@id': url,
  id: z.string(),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  assigned: z.boolean(),
  trigger: z.string(),
  row_class: z.string(),
});

export const rulesPanel = z.strictObject({ '@id': url, group: z.string(), title: z.string(), items: z.array(z.array(listedRule)) });

const element = z.strictObject({
  idx: z.number().int().nonnegative(),
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  editview: url.nullable(),
  first: z.boolean(),
  last: z.boolean(),
});

const addable = z.strictObject({ '@schema': formSchema, addview: z.string(), description: z.string(), title: z.string() });

export const ruleDetail = z.strictObject({
  '@id': url,
  id: z.string(),
  title: z.string(),
  description: z.string(),
  event: z.string(),
  enabled: z.boolean(),
  stop: z.boolean(),
  cascading: z.boolean(),
  group: z.string(),
  assignments: z.array(z.strictObject({ '@id': url, title: z.string() })),
  conditions: z.array(element),
  actions: z.array(element),
  addable_conditions: z.array(addable),
  addable_actions: z.array(addable),
});

/** One condition or action: its form and, beside it, its current values. */
export const ruleElement = z.looseObject({ '@id': url, '@schema': formSchema });

// What a rule's POST (a new rule) and PATCH (a change) take: every bad member reported at once,
// in the panel form's words.
const WRONG = 'Object is of wrong type.';
const MISSING = 'Required input is missing.';
const flag = (description: string) => z.boolean({ error: WRONG }).optional().meta({ description });
const eventTitle = z.string({ error: WRONG }).refine((v) => EVENTS.some((e) => e.title === v), { error: 'Constraint not satisfied' });
const ruleMembers = {
  title: z.string({ error: WRONG }).optional().meta({ description: 'The rule’s title.' }),
  description: z.string({ error: WRONG }).optional().meta({ description: 'What the rule is for.' }),
  event: eventTitle.optional().meta({ description: `The triggering event, by title (${EVENTS.map((e) => `\`${e.title}\``).join(', ')}).` }),
  enabled: flag('Whether the rule runs (default true).'),
  stop: flag('Stop executing rules after this one (default false).'),
  cascading: flag('Rules may trigger other rules (default false).'),
};
const required = (schema: z.ZodString | typeof eventTitle) =>
  z.string({ error: (iss) => (iss.input === undefined ? MISSING : WRONG) }).min(1, { error: MISSING }).pipe(schema);
const exception = { type: 'BadRequest', shape: 'exception' } as const;
const form = (body: z.ZodType): RouteSchema => ({ body, malformed: exception, invalid: exception, refuseAll: validationError });

export const newRule = objectBodySchema({ ...ruleMembers, title: required(z.string()).meta({ description: 'The rule’s title.' }), event: required(eventTitle).meta(ruleMembers.event.meta() ?? {}) }).meta({ title: 'A new rule' });
export const ruleChange = objectBodySchema(ruleMembers).meta({ title: 'Changes of a rule' });

/** The rule bodies of the panel (the permission: a caller without it gets the panel's 401). */
export const ruleBodies = (permission: string): PanelBody[] => [
  { method: 'POST', depth: 0, name: '', schema: form(newRule), permission },
  { method: 'PATCH', depth: 1, name: '{rule}', schema: form(ruleChange), permission },
  // conditions and actions: judged by the handler once the rule (and the element) is found
  { method: 'POST', depth: 2, name: '{rule}/condition', schema: NEW_ELEMENT.condition, permission },
  { method: 'POST', depth: 2, name: '{rule}/action', schema: NEW_ELEMENT.action, permission },
  { method: 'PATCH', depth: 3, name: '{rule}/{kind}/{idx}', schema: CHANGE_ELEMENT, permission },
];
