// What the content-rules control panel answers (supplement 13.5): the rules listed (one list in
// `items`), a rule with its conditions and actions, one condition or action with its form.
import { z } from '../../http/schema.ts';
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
