// TUS protocol headers (supplement 31.20): version check, lengths and offsets, metadata.
import { ApiError } from '../../lib/errors.ts';
import type { ApiRequest } from '../../http/types.ts';
import { emptyRecord } from '../../lib/records.ts';

export const TUS_VERSION = '1.0.0';

/** Shape B error of the TUS services ({"error": {type, message}}). */
export const tusError = (status: number, type: string, message: string) => new ApiError(status, type, message, 'service', { message });

export const tusBadRequest = (message: string) => tusError(400, 'Bad Request', message);

/** 412 with Tus-Version unless the client speaks TUS 1.0.0. */
export function checkVersion(req: ApiRequest): void {
  if (req.header('tus-resumable') === TUS_VERSION) return;
  const err = tusError(412, 'Precondition Failed', 'Unsupported version');
  err.headers = { 'Tus-Version': TUS_VERSION };
  throw err;
}

/** A non-negative integer header, or a 400 with `message`. */
export function intHeader(req: ApiRequest, name: string, message: string): number {
  const raw = req.header(name)?.trim() ?? '';
  if (!/^\d+$/.test(raw)) throw tusBadRequest(message);
  return Number(raw);
}

/** `key base64value,key base64value` -> {key: value}; malformed items are skipped. */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out = emptyRecord<string>();
  for (const item of (header ?? '').split(',')) {
    const parts = item.trim().split(/\s+/);
    if (parts.length !== 2 || !parts[0]) continue;
    out[parts[0].toLowerCase()] = Buffer.from(parts[1], 'base64').toString('utf8');
  }
  return out;
}

/** RFC 1123 date of an epoch time, as in Upload-Expires. */
export const httpDate = (ms: number) => new Date(ms).toUTCString();
