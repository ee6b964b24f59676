// Password policy and the errors of the user services (supplement 11).
import { ApiError } from '../../lib/errors.ts';

export const MIN_PASSWORD = 8;

/** The policy's complaint about a password, or undefined when it is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
    return `Your password must contain at least ${MIN_PASSWORD} characters.`;
  }
  return undefined;
}

/** Shape B error `{"error": {"type", "message", ...extra}}`. */
export const serviceError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, type, message, 'service', extra);

/** 401 with the JSON body `null` (seed "Errors": @users read by a caller without the right). */
export const unauthorizedNull = () => new ApiError(401, 'Unauthorized', '', 'null');

export function fieldErrors(errors: { field: string; message: string }[]): ApiError {
  return serviceError(400, 'WrongParameterError', `Error in fields. ${errors.map((e) => e.message).join(' ')}`, { errors });
}

export const registrationError = (message: string) => serviceError(400, 'MissingParameterError', message);

export const TAKEN = 'The login name you selected is already in use or is not valid. Please choose another.';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_.\-+@]*$/;
