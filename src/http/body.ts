// The request body as a JSON object, and the one malformed-body error: what a family does with a
// body that is missing, null, an array or a scalar where it expects an object. Route schemas
// replace these checks route by route; this stays as the fallback for bodies they do not cover.
import { ApiError } from '../lib/errors.ts';

/**
 * How the family's service reports a malformed body (the interface keeps Plone's per-service
 * wording): `deserialization` is the DeserializationError of the content, user and group
 * services ({error: {type, message}}); `bad-request` the BadRequest exception of the registry
 * and type-schema services ({type, message}); `bad-request-service` BadRequest in the service
 * shape (content rules, upgrade).
 */
export type MalformedStyle = 'deserialization' | 'bad-request' | 'bad-request-service';

export function malformedBody(message = 'Malformed body', style: MalformedStyle = 'deserialization'): ApiError {
  if (style === 'deserialization') return new ApiError(400, 'DeserializationError', message, 'service');
  return new ApiError(400, 'BadRequest', message, style === 'bad-request' ? 'exception' : 'service');
}

/** A body that is not JSON at all. */
export const undecodableBody = () => malformedBody("'No JSON object could be decoded'");

export interface ObjectBodyOptions {
  style?: MalformedStyle;
  /** A request without a body counts as `{}` (default: it is malformed too). */
  absentIsEmpty?: boolean;
  /** The message for a request without a body (default: the malformed-body message). */
  absentMessage?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `value` as a JSON object, or the family's malformed-body error. */
export function asObjectBody(value: unknown, options: ObjectBodyOptions = {}): Record<string, unknown> {
  if (value === undefined && options.absentIsEmpty) return {};
  if (isObject(value)) return value;
  throw malformedBody(value === undefined && options.absentMessage ? options.absentMessage : 'Malformed body', options.style);
}

/** The request's JSON body as an object, or the family's malformed-body error. */
export const objectBody = (req: { body?: unknown }, options?: ObjectBodyOptions) => asObjectBody(req.body, options);

/** The members of a body that is a JSON object; none for any other body (form-like optional bodies). */
export const bodyFields = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
