// The one in-process JSON caller: a request through an app's `request()` (no network), the body
// sent as JSON text, the answer's text parsed when it is JSON. Tests, the fixture loader and
// test sites build their callers on it.

export interface Requester {
  request(url: string, init: RequestInit): Response | Promise<Response>;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when there was none or it was not JSON. */
  body: any;
}

/**
 * `method url` through `app` with `Accept: application/json` (and `Content-Type:
 * application/json` when there is a body), `headers` added; redirects are not followed.
 */
export async function callJson(app: Requester, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const res = await app.request(url, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}
