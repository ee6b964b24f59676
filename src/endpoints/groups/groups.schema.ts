// What @groups accepts and answers (seed "Groups", supplement 12). Refusals keep Plone's
// BadRequest in the exception shape, with the messages the handlers gave before.
import { isAssignableRole } from '../../auth/roles.ts';
import { shown } from '../../lib/errors.ts';
import { objectBodySchema, queryInt, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { batching, noBody, url } from '../../serialize/shapes.ts';

const says = (message: string) => ({ error: message });
const text = (key: string) => z.string(says(`Property '${key}' must be a string.`)).nullable().optional();
const ROLES = "Property 'roles' must be a list of role names.";
/** Global roles (`Authenticated` is implied, and accepted); who may give which: auth/grants.ts. */
const roles = z
  .array(z.string(says(ROLES)).refine((r) => r === 'Authenticated' || isAssignableRole(r), { error: (iss) => `Unknown role: ${shown(iss.input)}` }), says(ROLES))
  .nullable()
  .optional();
const ids = (key: string) => z.array(z.string(says(`Property '${key}' must be a list of ids.`)), says(`Property '${key}' must be a list of ids.`)).nullable().optional();
const USERS = "Property 'users' must be an object of user ids to booleans.";
const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const groupSummary = z.strictObject({
  '@id': url,
  description: z.string(),
  email: z.string(),
  groupname: z.string(),
  id: z.string(),
  roles: z.array(z.string()),
  title: z.string(),
});
const group = groupSummary.extend({
  members: z.strictObject({ '@id': url, items: z.array(z.string()), items_total: z.number().int().nonnegative(), batching: batching.optional() }),
});

export const readGroupsSchema: RouteSchema = {
  query: z.looseObject({
    limit: queryInt('Most groups listed (default 25).').optional(),
    query: queryList.optional().meta({ description: 'Only the groups whose id starts with this text (any parameter asks for a search: then it is needed).' }),
  }),
  responses: { 200: z.union([group, z.array(group), z.array(groupSummary)]) },
};

export const newGroupBody = objectBodySchema({
  groupname: z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? "Property 'groupname' is required" : 'The group name you entered is not valid.') }),
  title: text('title'),
  description: text('description'),
  email: text('email'),
  roles,
  groups: ids('groups'),
  users: ids('users'),
});
export type NewGroup = z.output<typeof newGroupBody>;

export const createGroupSchema: RouteSchema = { body: newGroupBody, invalid: EXCEPTION, responses: { 201: group } };

export const groupChangesBody = objectBodySchema({
  title: text('title'),
  description: text('description'),
  email: text('email'),
  roles,
  groups: ids('groups'),
  users: z.record(z.string(), z.boolean(says(USERS)), says(USERS)).optional(),
});
export type GroupChanges = z.output<typeof groupChangesBody>;

export const updateGroupSchema: RouteSchema = { body: groupChangesBody, invalid: EXCEPTION, responses: { 204: noBody } };

export const deleteGroupSchema: RouteSchema = { responses: { 204: noBody } };
