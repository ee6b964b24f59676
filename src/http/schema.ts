// What a route accepts and answers, declared as data with one schema library (zod 4): the query
// parameters it reads, its JSON body and its response bodies per status. Dispatch validates the
// query and the body with these before `prepare` and the handler run (after the permission
// checks, so a caller without permission still gets 401 first); the OpenAPI document turns the
// same schemas into JSON Schema; the spec-tests check every response they receive against them.
//
// Validation only judges: the handler still receives the body as it was sent (zod builds a copy
// of a parsed object, and a copy could lose or rename members, e.g. `__proto__`).
import { z } from 'zod';
import { ApiError, shown, type ErrorShape } from '../lib/errors.ts';
import type { Query } from '../domain/query.ts';
import type { SiteState } from '../state/model.ts';

export { z };

/** The error a failed check answers: 400 with this type, in this body shape. */
export interface SchemaError {
  type: string;
  shape: ErrorShape;
}

export interface RouteSchema {
  /** Query parameters (each a string, or a list of strings when repeated); unknown keys pass. */
  query?: z.ZodObject;
  /** The JSON body (undefined when the request has none: declare `.optional()` to allow that). */
  body?: z.ZodType;
  /** Error of a body that is not of the body schema's own type (default: DeserializationError, `{error}` shape). */
  malformed?: SchemaError;
  /**
   * Error of a member of the body (default: BadRequest, `{error}` shape), or of a query parameter
   * (default: BadRequest raised, `{type, message}`, as Zope answers a parameter it cannot convert).
   */
  invalid?: SchemaError;
  /** Builds the refusal of a body member instead (a family's own error format); `field`: the member's name. */
  refuse?: (message: string, field: string) => ApiError;
  /** Builds the refusal of every bad member of the body at once (a format that lists them: field errors). */
  refuseAll?: (problems: { field: string; message: string }[]) => ApiError;
  /**
   * Further schemas chosen by the URL parameters after the endpoint (a custom control panel's
   * bodies, added when the route table is combined): the first that applies is checked after
   * this one, and the OpenAPI document shows each.
   */
  variants?: SchemaVariant[];
  /** Also takes a multipart/form-data body (handed to the handler unchecked, as `req.rawBody`). */
  form?: boolean;
  /** Response body per status (a body-less answer: `z.undefined()`). */
  responses?: Partial<Record<number, z.ZodType>>;
  /** Answers that are the bytes of a file, not JSON: the media types per status (`image/*`). */
  files?: Partial<Record<number, string[]>>;
  /**
   * The body as the handler finally needs it (members required, not empty), where Plone checks
   * something else first (the caller's rights on one comment, the type the URL names): the
   * handler judges it with `judgeBody` once those checks passed; dispatch judges only `body`.
   * The OpenAPI document shows this body.
   */
  later?: BodySchema;
}

/** A body schema and the errors of its refusals. */
export type BodySchema = Pick<RouteSchema, 'body' | 'malformed' | 'invalid' | 'refuse' | 'refuseAll'> & { body: z.ZodType };

export interface SchemaVariant {
  /** What the variant is for, as the OpenAPI document names it (`dexterity-types`, `content-rules/{rule}`). */
  name: string;
  applies: (params: readonly string[]) => boolean;
  /** How many URL parameters after the endpoint it applies to (the OpenAPI path it is shown under). */
  params: number;
  /** The general shape (what the OpenAPI document shows); checked unless `forState` is given. */
  schema: RouteSchema;
  /** The schema that is checked, built from the state (members that depend on the site: a type's behaviors). */
  forState?: (state: SiteState) => RouteSchema;
  /** Checked only when the caller has this permission on the context (else the handler refuses it). */
  permission?: string;
}

const MALFORMED: SchemaError = { type: 'DeserializationError', shape: 'service' };
const INVALID: SchemaError = { type: 'BadRequest', shape: 'service' };
const INVALID_PARAMETER: SchemaError = { type: 'BadRequest', shape: 'exception' };

function pathText(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** Of a value that fits no branch of a union: the problem of the branch it came closest to. */
function closest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return issue;
  let best: z.core.$ZodIssue | undefined;
  for (const branch of issue.errors) {
    const first = branch[0] && closest(branch[0]);
    if (first && (!best || first.path.length > best.path.length)) best = first;
  }
  return best && best.path.length ? { ...best, path: [...issue.path, ...best.path] } : issue;
}

/**
 * Every problem of a value; a union's taken from the branch the value claims to be (no literal of
 * that branch refused: `factory: "fieldset"` is the fieldset's), else the one it came closest to.
 */
function branchIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
  const claims = (branch: z.core.$ZodIssue[]) => (branch.some((i) => i.code === 'invalid_value') ? 0 : 1);
  const depth = (branch: z.core.$ZodIssue[]) => (branch[0] ? closest(branch[0]).path.length : 0);
  let best = issue.errors[0];
  for (const branch of issue.errors) {
    if (claims(branch) > claims(best) || (claims(branch) === claims(best) && depth(branch) > depth(best))) best = branch;
  }
  return best.flatMap(branchIssues).map((i) => ({ ...i, path: [...issue.path, ...i.path] }));
}

/**
 * Zod's own messages ("Invalid input: ...", "Invalid email address", "Invalid URL", "Too big: ..."),
 * and a schema's fragments (lower case: "expected an absolute URL"); a schema's own sentence
 * (capitalised, as "Invalid timeout: 5" or "Property 'x' is required") is kept as it is.
 */
const ZOD_MESSAGE = /^(Invalid (input|option|string|number|key|element|value|union|date)\b|Invalid ([A-Za-z0-9]+( address)?$|[A-Z]{2,}\b)|Too (big|small)|Unrecognized|[a-z])/;

/** The message of a problem; zod's own messages get the member they are about put in front. */
export function issueMessage(problem: z.core.$ZodIssue, where: string): string {
  const issue = closest(problem);
  if (!issue.path.length || !ZOD_MESSAGE.test(issue.message)) return issue.message;
  return `${where} '${pathText(issue.path)}': ${issue.message}`;
}

/** The query as the schema sees it: one string per key, or the list when the key repeats. */
export function queryRecord(query: Query): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, values] of query.values) out[key] = values.length === 1 ? values[0] : values;
  return out;
}


/**
 * Throws the 400 of a query or body that fails the route's schema. `json`: the body was JSON (or
 * absent); a form body is checked as no body unless the route takes forms.
 */
export function validateRequest(
  schema: RouteSchema,
  query: Query,
  body: unknown,
  json = true,
  params: readonly string[] = [],
  allowed: (permission: string) => boolean = () => true,
  state?: SiteState,
): void {
  checkRequest(schema, query, body, json);
  const variant = schema.variants?.find((v) => v.applies(params));
  if (!variant || (variant.permission && !allowed(variant.permission))) return;
  checkRequest(variant.forState && state ? variant.forState(state) : variant.schema, query, body, json);
}

/** A query schema seen as its members, when it is no more than them (see queryFits). */
interface QueryPlan {
  members: Map<string, z.ZodType>;
  /** Every member may be absent, other keys pass, and the object adds no checks of its own. */
  byMember: boolean;
}

/** Query plans per schema object (schemas are built once, at start; an explicit cache). */
const plans = new WeakMap<z.ZodObject, QueryPlan>();

function planOf(schema: z.ZodObject): QueryPlan {
  let plan = plans.get(schema);
  if (!plan) {
    const members = new Map<string, z.ZodType>(Object.entries(schema.shape));
    const catchall = schema._zod.def.catchall;
    const byMember =
      [...members.values()].every((m) => m._zod.optin === 'optional') && !schema._zod.def.checks?.length && (catchall === undefined || catchall._zod.def.type === 'unknown');
    plans.set(schema, (plan = { members, byMember }));
  }
  return plan;
}

/**
 * Whether the query fits a schema that is no more than its members, judged member by member for
 * the keys the query has (most requests have none the schema knows): no object is built and
 * absent members are not visited. Undefined: the schema must be parsed whole (which also words
 * the error of a query that does not fit).
 */
function queryFits(schema: z.ZodObject, query: Query): boolean | undefined {
  const plan = planOf(schema);
  if (!plan.byMember) return undefined;
  for (const [key, values] of query.values) {
    const member = plan.members.get(key);
    if (member && !member.safeParse(values.length === 1 ? values[0] : values).success) return false;
  }
  return true;
}

/** Throws the 400 of a body that fails the `later` schema of a route (see RouteSchema.later). */
export function judgeBody(schema: RouteSchema, body: unknown): void {
  if (schema.later) checkBody(schema.later, body, true);
}

function checkRequest(schema: RouteSchema, query: Query, body: unknown, json: boolean): void {
  if (schema.query && queryFits(schema.query, query) !== true) {
    const result = schema.query.safeParse(queryRecord(query));
    if (!result.success) throw fail(schema.invalid ?? INVALID_PARAMETER, issueMessage(result.error.issues[0], 'Query parameter'));
  }
  checkBody(schema, body, json);
}

function checkBody(schema: RouteSchema, body: unknown, json: boolean): void {
  if (schema.body && (json || !schema.form)) {
    const result = schema.body.safeParse(body);
    if (result.success) return;
    const issue = result.error.issues[0];
    if (schema.refuseAll) {
      const members = result.error.issues.flatMap(branchIssues);
      if (members.every((i) => i.path.length > 0)) throw schema.refuseAll(members.map((i) => ({ field: pathText(i.path.slice(0, 1)), message: issueMessage(i, 'Body member') })));
    }
    if (issue.path.length > 0) {
      const message = issueMessage(issue, 'Body member');
      throw schema.refuse ? schema.refuse(message, String(closest(issue).path[0])) : fail(schema.invalid ?? INVALID, message);
    }
    const message = !ZOD_MESSAGE.test(issue.message) ? issue.message : body === undefined ? NO_JSON : 'Malformed body';
    throw fail(issue.code === 'invalid_type' ? (schema.malformed ?? MALFORMED) : (schema.invalid ?? INVALID), message);
  }
}

const fail = (e: SchemaError, message: string) => new ApiError(400, e.type, message, e.shape);

// Building blocks shared by the families' schemas.

/**
 * The schema of a JSON object body with these members (other members pass unchecked); not to be
 * confused with `objectBody(req)` of http/body.ts, which reads a body no schema covers.
 */
export const objectBodySchema = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.looseObject(shape, { error: (iss) => (iss.input === undefined ? NO_JSON : 'Malformed body') });

/**
 * An object body where no body counts as an empty one: its required members are then refused in
 * the members' own words (a form Plone reads member by member), not as a missing body.
 */
export const formBodySchema = <S extends z.core.$ZodLooseShape>(shape: S) => objectBodySchema(shape).prefault({} as never);

/** Plone's message for a request without a JSON body where one is needed (supplement 2.4). */
export const NO_JSON = "'No JSON object could be decoded'";

/** A query value that must be one of the interface's booleans (supplement 4). */
export const queryBoolean = z
  .string()
  .regex(/^\s*(1|y|yes|t|true|active|enabled|on|0|n|no|f|false|inactive|disabled|off)\s*$/i, { error: (iss) => `Could not parse value '${String(iss.input)}' as boolean` });

/** A JSON body member that must be one of the interface's booleans: true/false, 0/1 or a text spelling (supplement 4). */
export const booleanMember = z.union([z.boolean(), z.literal(0), z.literal(1), queryBoolean], {
  error: (iss) => `Could not parse value '${shown(iss.input)}' as boolean`,
});

/** A query parameter that may repeat (`a=1&a=2`) or be given once. */
export const queryList = z.union([z.string(), z.array(z.string())]);

/**
 * A query parameter holding an integer (Zope's `int()` of the text: digits, an optional sign,
 * spaces around); empty counts as absent.
 */
export const queryInt = (description: string) =>
  z.string().regex(/^\s*([-+]?\d+)?\s*$/, { error: 'expected an integer' }).meta({ description });

/** A JSON body member holding an integer: a number, or a text `queryInt` accepts. */
export const intMember = (description: string) =>
  z.union([z.number(), z.string().regex(/^\s*([-+]?\d+)?\s*$/, { error: 'expected an integer' })], { error: 'expected an integer' }).nullable().meta({ description });

/** Batching (supplement 3): the query parameters of every batched listing. */
export const batchQuery = {
  b_start: queryInt('Position of the first item of the batch (default 0).').optional(),
  b_size: queryInt('Number of items in the batch (default 25).').optional(),
};

/** What a listing of content items adds to its items (supplement 7.4): whole objects, catalog columns. */
export const itemsQuery = {
  fullobjects: queryList.optional().meta({ description: 'Present: serialize the items in full instead of as summaries.' }),
  metadata_fields: queryList.optional().meta({ description: 'Catalog columns to add to each item (`_all`: all of them); repeat or separate by commas.' }),
};
