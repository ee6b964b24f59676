// What @content-rules (rules assigned to a folder) accepts (seed "Content rules"): PATCH moves a
// rule or switches flags of the rules named; DELETE unassigns the rules named.
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const ruleIds = z.array(z.string(), { error: 'Missing parameter rule_ids' });
const SERVICE = { type: 'BadRequest', shape: 'service' } as const;

export const changeAssignmentsSchema: RouteSchema = {
  body: objectBodySchema({ operation: z.string().optional(), rule_id: z.string({ error: 'Missing parameter rule_id' }).optional(), rule_ids: ruleIds.optional() }),
  malformed: SERVICE,
  invalid: SERVICE,
  responses: { 200: z.strictObject({ message: z.string() }) },
};

export const unassignSchema: RouteSchema = { body: objectBodySchema({ rule_ids: ruleIds }), malformed: SERVICE, invalid: SERVICE, responses: { 204: noBody } };

export const assignSchema: RouteSchema = { responses: { 200: z.strictObject({ message: z.string() }) } };

const rules = z.array(z.looseObject({ id: z.string(), title: z.string() }));

export const listAssignmentsSchema: RouteSchema = {
  responses: { 200: z.strictObject({ 'content-rules': z.looseObject({ acquired_rules: rules, assigned_rules: rules, assignable_rules: rules }) }) },
};
