// The only place that turns errors into status codes and bodies (supplement 2).
import { ApiError } from '../lib/errors.ts';
import type { ApiResponse } from './types.ts';

export interface ErrorContext {
  /** Full public request URL, for 404 messages. */
  requestUrl: string;
  /** URL of the nearest object the caller may view. */
  contextUrl: string;
}

export function errorResponse(err: unknown, ctx: ErrorContext): ApiResponse {
  const res = errorBody(err, ctx);
  if (err instanceof ApiError && err.headers) res.headers = { ...res.headers, ...err.headers };
  return res;
}

function errorBody(err: unknown, ctx: ErrorContext): ApiResponse {
  if (!(err instanceof ApiError)) {
    return {
      status: 500,
      body: { type: 'InternalServerError', message: 'The server could not complete the request.', context: ctx.contextUrl },
    };
  }
  const message = err.status === 404 && !err.message ? `Resource not found: ${ctx.requestUrl}` : err.message;
  switch (err.shape) {
    case 'null':
      return { status: err.status, body: null };
    case 'empty':
      return { status: err.status };
    case 'service':
      return { status: err.status, body: { error: { type: err.type, message, ...err.extra } } };
    default:
      return { status: err.status, body: { type: err.type, message, context: ctx.contextUrl, ...err.extra } };
  }
}
