// Typed errors. Reducers and handlers throw these; src/http/errors.ts alone turns them into
// a status and one of the interface's body shapes.

/**
 * Body shapes of the interface (supplement 2.1):
 * - 'exception': top-level {type, message, context}
 * - 'service': {error: {type, message, ...extra}}
 * - 'null': the JSON literal null
 * - 'empty': no body
 */
export type ErrorShape = 'exception' | 'service' | 'null' | 'empty';

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly shape: ErrorShape;
  readonly extra: Record<string, unknown>;
  /** Response headers the error carries (TUS 412: Tus-Version). */
  headers?: Record<string, string>;

  constructor(status: number, type: string, message: string, shape: ErrorShape = 'exception', extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.shape = shape;
    this.extra = extra;
  }
}

/** 404 whose message names the full request URL (filled in by the error mapper when empty). */
export const notFound = (message = '', shape: ErrorShape = 'exception') => new ApiError(404, 'NotFound', message, shape);
export const badRequest = (message: string, shape: ErrorShape = 'exception', type = 'BadRequest') =>
  new ApiError(400, type, message, shape);
export const unauthorized = (message = 'You are not authorized to access this resource.', shape: ErrorShape = 'exception') =>
  new ApiError(401, 'Unauthorized', message, shape);
export const forbidden = (message: string, shape: ErrorShape = 'service') => new ApiError(403, 'Forbidden', message, shape);

/** A validation failure on one or more fields (supplement 2.3); message is JSON text of the list. */
export function validationError(errors: { field?: string; message: string }[]): ApiError {
  const list = errors.map((e) => ({ message: e.message, ...(e.field ? { field: e.field } : {}), error: 'ValidationError' }));
  return new ApiError(400, 'BadRequest', JSON.stringify(list), 'exception');
}

/**
 * A caller's value as text for an error message. Never throws: `String()` of a JSON object whose
 * `toString` member is not a function (`{"toString": "x"}`) would, and answer 500.
 */
export function shown(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 100 ? `${text.slice(0, 100)}…` : text;
  } catch {
    return Array.isArray(value) ? 'array' : 'object';
  }
}
