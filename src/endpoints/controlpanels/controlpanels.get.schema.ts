// What GET @controlpanels answers (supplement 13): the panels, a registry panel's data and schema,
// the content-types panel (its types, one type's settings) and the content-rules panel.
import { z, type RouteSchema } from '../../http/schema.ts';
import { formSchema, url } from '../../serialize/shapes.ts';
import { ruleDetail, ruleElement, rulesPanel } from '../content-rules/panel.schema.ts';

const listed = z.strictObject({ '@id': url, group: z.string(), searchable_text: z.array(z.string()), title: z.string() });

/** A registry-backed panel, or one content type's settings: values by field name, and the form. */
const panelForm = z.strictObject({
  '@id': url,
  group: z.string(),
  title: z.string(),
  description: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
  schema: formSchema,
  items: z.array(z.never()).optional(),
});

/** The content-types panel: every type with how many objects it has. */
const typesPanel = z.strictObject({
  '@id': url,
  data: z.strictObject({}),
  group: z.string(),
  title: z.string(),
  items: z.array(z.strictObject({ '@id': url, '@type': z.string(), count: z.number().int().nonnegative(), description: z.string(), id: z.string(), meta_type: z.string(), title: z.string() })),
});

/** A type made in the content-types panel, or a rule made in the content-rules panel. */
export const madeInPanel = z.union([panelForm, ruleDetail]);

export const listPanelsSchema: RouteSchema = { responses: { 200: z.union([z.array(listed), panelForm, typesPanel, rulesPanel, ruleDetail, ruleElement]) } };
