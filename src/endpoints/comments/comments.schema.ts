// What @comments accepts and answers (seed "Comments", supplement 19).
import { batchQuery, formBodySchema, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { batching, noBody, timestamp, url } from '../../serialize/shapes.ts';

const comment = z.strictObject({
  '@id': url,
  '@type': z.literal('Discussion Item'),
  '@parent': url.nullable(),
  comment_id: z.string(),
  in_reply_to: z.string().nullable(),
  text: z.strictObject({ data: z.string(), 'mime-type': z.string() }),
  user_notification: z.boolean().nullable(),
  author_username: z.string().nullable(),
  author_name: z.string().nullable(),
  author_image: url.nullable(),
  creation_date: timestamp,
  modification_date: timestamp,
  is_editable: z.boolean(),
  is_deletable: z.boolean(),
  can_reply: z.boolean(),
});

export const readCommentsSchema: RouteSchema = {
  query: z.looseObject(batchQuery),
  responses: {
    200: z.union([
      comment,
      z.strictObject({
        '@id': url,
        items: z.array(comment),
        items_total: z.number().int().nonnegative(),
        batching: batching.optional(),
        permissions: z.strictObject({ can_reply: z.boolean(), view_comments: z.boolean() }),
      }),
    ]),
  },
};

const members = {
  in_reply_to: z.union([z.string(), z.number()]).nullable().optional(),
  author_name: z.string().nullable().optional(),
  author_email: z.string().nullable().optional(),
  user_notification: z.boolean().nullable().optional(),
};

/** The members' types, judged by dispatch; the text may still be missing here. */
const form = objectBodySchema({ text: z.string().optional(), ...members }).optional();

/** The form's refusal of a missing or blank text. */
const NO_TEXT = "{'errors': [RequiredMissing('text')]}";

/**
 * The comment form as the handler needs it: a text that is not blank. Judged once the comment
 * replied to or edited is found and the caller may edit it (404 and 401 first, as Plone does).
 */
const withText = {
  body: formBodySchema({ text: z.string({ error: NO_TEXT }).regex(/\S/, { error: NO_TEXT }).meta({ description: 'The text of the comment.' }), ...members }),
  invalid: { type: 'BadRequest', shape: 'exception' },
} as const;

export const postCommentSchema: RouteSchema = { body: form, later: withText, responses: { 204: noBody } };
export const editCommentSchema: RouteSchema = { body: form, later: withText, responses: { 204: noBody } };
export const deleteCommentSchema: RouteSchema = { responses: { 204: noBody } };
