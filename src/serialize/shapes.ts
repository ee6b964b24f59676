// Schemas of what the serializers produce (supplement 3, 7), shared by the route tables'
// response schemas: absolute URLs, summaries, batched listings, content objects, error bodies.
// Objects are open (members beyond those named pass) because types, behaviors and
// `metadata_fields` add members; the members named are checked.
import { z } from 'zod';

/** An absolute http(s) URL. */
export const url = z.string().regex(/^https?:\/\/[^/\s]+/, { error: "expected an absolute URL" });

/** A time stamp (ISO 8601). */
export const timestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d/, { error: 'expected an ISO 8601 time' });

/** A link to something by URL: `{"@id": url}`. */
export const idLink = z.looseObject({ '@id': url });

/** The summary of an object (folder items, search results, parent, neighbours), supplement 7.4. */
export const summary = z.looseObject({
  '@id': url,
  '@type': z.string(),
  title: z.string(),
  description: z.string().optional(),
  review_state: z.string().nullable().optional(),
  type_title: z.string().optional(),
});

/** Links of a batched listing (present only when there is more than one batch). */
export const batching = z.strictObject({
  '@id': url,
  first: url,
  last: url,
  prev: url.optional(),
  next: url.optional(),
});

/** A batched listing of `item`s (supplement 3). */
export const batched = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    '@id': url,
    items: z.array(item),
    items_total: z.number().int().nonnegative(),
    batching: batching.optional(),
  });

/** The `lock` member of a content object (supplement 17). */
export const lockInfo = z.union([
  z.strictObject({}),
  z.looseObject({ locked: z.boolean(), stealable: z.boolean(), token: z.string().optional(), creator: z.string().optional(), time: z.number().optional(), timeout: z.number().optional() }),
]);

/** A content object or the site root, as GET answers it (supplement 7.1, 7.5). */
export const contentObject = z.looseObject({
  '@id': url,
  '@type': z.string(),
  '@components': z.record(z.string(), z.unknown()).optional(),
  id: z.string(),
  UID: z.string().optional(),
  title: z.string().optional(),
  type_title: z.string().optional(),
  parent: z.union([z.strictObject({}), summary]).optional(),
  review_state: z.string().nullable().optional(),
  is_folderish: z.boolean().optional(),
  layout: z.string().optional(),
  lock: lockInfo.optional(),
  description: z.string().nullable().optional(),
  created: timestamp.optional(),
  modified: timestamp.optional(),
  effective: timestamp.nullable().optional(),
  expires: timestamp.nullable().optional(),
  subjects: z.array(z.string()).optional(),
  creators: z.array(z.string()).optional(),
  contributors: z.array(z.string()).optional(),
  allow_discussion: z.boolean().optional(),
  exclude_from_nav: z.boolean().optional(),
  version: z.string().optional(),
  working_copy: idLink.nullable().optional(),
  working_copy_of: idLink.nullable().optional(),
  previous_item: z.union([z.strictObject({}), idLink]).optional(),
  next_item: z.union([z.strictObject({}), idLink]).optional(),
  relatedItems: z.array(idLink).optional(),
  items: z.array(summary).optional(),
  items_total: z.number().int().nonnegative().optional(),
  batching: batching.optional(),
});

/** A fieldset of a form's JSON schema (supplement 14.2). */
export const fieldset = z.looseObject({ id: z.string(), title: z.string(), fields: z.array(z.string()) });

/** A form as JSON schema: a type's schema, a control panel's, a rule element's (supplement 14.2, 14.3). */
export const formSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.looseObject({ title: z.string().optional(), type: z.string().optional() })),
  fieldsets: z.array(fieldset),
  required: z.array(z.string()),
});

/** Search results (@search, @querystring-search): a batch of summaries, or of whole objects. */
export const results = batched(z.union([summary, contentObject]));

/** The two error bodies (supplement 2.1): a raised exception, or an error the service composed. */
export const errorBody = z.union([
  z.looseObject({ type: z.string(), message: z.string(), context: url.optional() }),
  z.looseObject({ error: z.looseObject({ type: z.string().optional(), message: z.string() }) }),
]);

/** A body-less answer. */
export const noBody = z.undefined();
