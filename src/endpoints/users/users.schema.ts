// What @users accepts and answers (seed "Users", supplement 11). POST takes a new user, a CSV
// import (multipart form) or, on `/{userid}/reset-password`, a password reset; refusals of a
// new user's members keep the family's field-error format.
import { ASSIGNABLE_ROLES, isAssignableRole } from '../../auth/roles.ts';
import { objectBodySchema, queryInt, queryList, validateRequest, z, type RouteSchema } from '../../http/schema.ts';
import { parseQuery } from '../../domain/query.ts';
import { noBody, url } from '../../serialize/shapes.ts';
import { fieldErrors } from './policy.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../lib/limits.ts';

const PROFILE = ['fullname', 'email', 'description', 'home_page', 'location'] as const;
/** Most characters of a profile property: listing, searching and sorting users read them all. */
const longest = (key: string) => (key === 'description' ? MAX_DESCRIPTION_LENGTH : MAX_TITLE_LENGTH);
const profile = (says: (key: string) => string, prefix: string) =>
  Object.fromEntries(
    PROFILE.map((key) => [
      key,
      z
        .string({ error: says(key) })
        .refine((v) => v.length <= longest(key), { error: `${prefix} '${key}' is longer than ${longest(key)} characters.` })
        .nullable()
        .optional(),
    ]),
  ) as Record<(typeof PROFILE)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>;

const nullableText = z.string().nullable();
export const user = z.strictObject({
  '@id': url,
  description: nullableText,
  email: nullableText,
  fullname: nullableText,
  home_page: nullableText,
  id: z.string(),
  location: nullableText,
  portrait: url.nullable(),
  roles: z.array(z.string()),
  username: z.string().nullable(),
  groups: z.strictObject({ '@id': url, items: z.array(z.strictObject({ id: z.string(), title: z.string() })), items_total: z.number().int().nonnegative() }),
});

export const readUsersSchema: RouteSchema = {
  query: z.looseObject({
    limit: queryInt('Most users listed (default 25).').optional(),
    search: queryList.optional().meta({ description: 'Only the users whose id, login name, full name or e-mail contains this text.' }),
    query: queryList.optional().meta({ description: 'Only the users whose id or login name contains this text (when search is not given).' }),
    'groups-filter': queryList.optional().meta({ description: 'Only the members of these groups (repeat for several).' }),
  }),
  responses: { 200: z.union([user, z.array(user)]) },
};

const ROLES = `Property 'Roles' must list role names among ${ASSIGNABLE_ROLES.join(', ')}.`;

/** A new user (JSON body, or one row of a CSV import), or on `/{userid}/reset-password` a reset. */
export const newUserBody = objectBodySchema({
  username: z.string({ error: "Property 'User Name' is required." }).optional(),
  password: z.string({ error: "Property 'password' must be a string." }).nullable().optional(),
  ...profile((key) => `Property '${key}' must be a string.`, 'Property'),
  roles: z.array(z.string({ error: ROLES }).refine(isAssignableRole, { error: ROLES }), { error: ROLES }).nullable().optional(),
  sendPasswordReset: z.boolean({ error: "Property 'sendPasswordReset' must be true or false." }).optional(),
  reset_token: z.string({ error: "Property 'reset_token' must be a string." }).optional(),
  old_password: z.string({ error: "Property 'old_password' must be a string." }).optional(),
  new_password: z.string({ error: 'new_password is required.' }).optional(),
});
export type NewUser = z.output<typeof newUserBody>;

export const createUserSchema: RouteSchema = {
  body: newUserBody.optional(),
  form: true,
  refuse: (message, field) => fieldErrors([{ field, message }]),
  responses: { 201: z.union([user, z.strictObject({ items: z.array(user), items_total: z.number().int().nonnegative() })]), 200: z.null() },
};

/** A user's changes; `roles` maps role names to whether the user has them. */
export const userChangesBody = objectBodySchema({
  ...profile((key) => `Field '${key}' must be a string.`, 'Field'),
  username: z.string({ error: "Field 'username' must be a string." }).optional(),
  roles: z.record(z.string(), z.boolean(), { error: 'Roles must map role names to true or false.' }).optional(),
  password: z.string({ error: "Field 'password' must be a string." }).nullable().optional(),
});
export type UserChangesBody = z.output<typeof userChangesBody>;

/** A new user from elsewhere (a row of a CSV import), refused as the same JSON body would be. */
export function asNewUser(fields: Record<string, unknown>): NewUser {
  validateRequest(createUserSchema, parseQuery(''), fields);
  return fields as NewUser;
}

export const updateUserSchema: RouteSchema = { body: userChangesBody, responses: { 204: noBody } };

const flag = z.union([z.boolean(), z.string(), z.number()]).optional();

export const deleteUserSchema: RouteSchema = {
  body: objectBodySchema({ delete_memberareas: flag, delete_localroles: flag }).optional(),
  responses: { 204: noBody },
};
