// In-process HTTP calls for unit and property tests: JSON in, {status, body} out, with Basic
// credentials of a given account (or none).
import { callJson, type Requester } from '../http/json-call.ts';

export type { Requester };

const BASE = 'http://localhost:8080/Plone';

export interface Called {
  status: number;
  body: any;
  headers: Headers;
}


export type Credentials = { user: string; password: string } | null;

export const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

/** A caller bound to an app: `call(method, path, body?, credentials?, headers?)`. */
export function caller(app: Requester, defaultCredentials: Credentials = null) {
  return async function call(
    method: string,
    path: string,
    body?: unknown,
    credentials: Credentials = defaultCredentials,
    headers: Record<string, string> = {},
  ): Promise<Called> {
    const auth: Record<string, string> = credentials ? { Authorization: basic(credentials.user, credentials.password) } : {};
    const r = await callJson(app, method, BASE + path, body, { 'Content-Type': 'application/json', ...auth, ...headers });
    return { status: r.status, body: r.body === undefined && r.text ? r.text : r.body, headers: r.headers };
  };
}
