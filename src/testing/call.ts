// In-process HTTP calls for unit and property tests: JSON in, {status, body} out, with Basic
// credentials of a given account (or none).
const BASE = 'http://localhost:8080/Plone';

export interface Called {
  status: number;
  body: any;
  headers: Headers;
}

export interface Requester {
  request(url: string, init: RequestInit): Response | Promise<Response>;
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
    const res = await app.request(BASE + path, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...auth, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
}
