// What @users accepts and answers (seed "Users", supplement 11). POST takes a new user, a CSV
// import (multipart form) or, on `/{userid}/reset-password`, a password reset; refusals of a
// new user's members keep the family's field-error format.
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';
import { noBody, url } from '../../serialize/shapes.ts';
import { fieldErrors } from './policy.ts';

const PROFILE = ['fullname', 'email', 'description', 'home_page', 'location'] as const;
const profile = (says: (key: string) => string) =>
  Object.fromEntries(PROFILE.map((key) => [key, z.string({ error: says(key) }).nullable().optional()])) as Record<(typeof PROFILE)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>;

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

export const readUsersSchema: RouteSchema = { responses: { 200: z.union([user, z.array(user)]) } };

export const createUserSchema: RouteSchema = {
  body: objectBody({
    username: z.string({ error: "Property 'User Name' is required." }).optional(),
    password: z.string({ error: "Property 'password' must be a string." }).nullable().optional(),
    ...profile((key) => `Property '${key}' must be a string.`),
    roles: z.array(z.string(), { error: "Property 'Roles' must list role names." }).nullable().optional(),
    sendPasswordReset: z.boolean({ error: "Property 'sendPasswordReset' must be true or false." }).optional(),
    reset_token: z.string({ error: "Property 'reset_token' must be a string." }).optional(),
    old_password: z.string({ error: "Property 'old_password' must be a string." }).optional(),
    new_password: z.string({ error: 'new_password is required.' }).optional(),
  }).optional(),
  form: true,
  refuse: (message, field) => fieldErrors([{ field, message }]),
  responses: { 201: z.union([user, z.strictObject({ items: z.array(user), items_total: z.number().int().nonnegative() })]), 200: z.null() },
};

export const updateUserSchema: RouteSchema = {
  body: objectBody({
    ...profile((key) => `Field '${key}' must be a string.`),
    username: z.string({ error: "Field 'username' must be a string." }).optional(),
    roles: z.record(z.string(), z.boolean(), { error: 'Roles must map role names to true or false.' }).optional(),
    password: z.string({ error: "Field 'password' must be a string." }).nullable().optional(),
  }),
  responses: { 204: noBody },
};

const flag = z.union([z.boolean(), z.string(), z.number()]).optional();

export const deleteUserSchema: RouteSchema = {
  body: objectBody({ delete_memberareas: flag, delete_localroles: flag }).optional(),
  responses: { 204: noBody },
};
