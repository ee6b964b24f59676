// Every answer the spec-tests receive is checked against the response schema its route declares
// (src/http/schema.ts): the route is found by method and URL as dispatch finds it; a success
// answer must match the schema of its status, an error answer one of the interface's error
// bodies. A mismatch throws, so the test that made the request fails: the schemas (and the
// OpenAPI document made of them) stay true to what the server answers.
//
// A route that declares no response schemas yet is noted: with SPEC_SCHEMA_REPORT=<file>, one
// line "METHOD endpoint status" per route and status is appended to that file.
import { appendFileSync } from 'node:fs';
import type { Route } from '../src/http/types.ts';
import { routeTable } from '../src/endpoints/index.ts';
import { parseUrl } from '../src/http/parse-url.ts';
import { errorBody } from '../src/serialize/shapes.ts';
import { issueMessage } from '../src/http/schema.ts';

const table = routeTable();
const byKey = new Map<string, Route>();
for (const r of table.routes) {
  const key = `${r.method} ${r.endpoint}`;
  if (!byKey.has(key)) byKey.set(key, r);
}

const noted = new Set<string>();

function note(line: string): void {
  if (noted.has(line)) return;
  noted.add(line);
  const file = process.env.SPEC_SCHEMA_REPORT;
  if (file) appendFileSync(file, line + '\n');
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** The route that answers this request, when dispatch would pick one (not the binary views). */
export function routeOf(base: string, method: string, url: string): Route | undefined {
  const sitePath = new URL(base).pathname.split('/').filter(Boolean);
  let parsed;
  try {
    parsed = parseUrl(new URL(url), sitePath);
  } catch {
    return undefined;
  }
  if (parsed.view || parsed.redirect) return undefined;
  // What the server answers before the content tree: `++dev++`, `++explorer++` and the OpenAPI
  // document (at the server root, and as `openapi.json` under `++api++`).
  const segments = new URL(url).pathname.split('/');
  if (segments.some((s) => /^\+\+(?!api\+\+).*\+\+$/.test(s))) return undefined;
  if (!new URL(url).pathname.startsWith(new URL(base).pathname)) return undefined;
  if (segments.includes('++api++') && segments[segments.length - 1] === 'openapi.json') return undefined;
  return byKey.get(`${method.toUpperCase()} ${parsed.endpoint}`);
}

/** Throws when the answer does not match what its route declares. */
export function checkAnswer(base: string, method: string, url: string, answer: Answer): void {
  if (new URL(url).origin !== new URL(base).origin) return;
  const route = routeOf(base, method, url);
  if (!route) return;
  const type = answer.headers.get('content-type') ?? '';
  if (answer.text && !/json/i.test(type)) return;
  const what = `${method.toUpperCase()} ${route.endpoint ?? 'content'}`;
  const body = answer.text ? answer.body : undefined;
  if (answer.status >= 400) {
    if (body === undefined || body === null) return;
    const result = errorBody.safeParse(body);
    if (!result.success) throw new Error(`${what} answered ${answer.status} with a body that is not an error body: ${issueMessage(result.error.issues[0], 'member')}\n${answer.text.slice(0, 500)}`);
    return;
  }
  if (answer.status >= 300) return; // redirects (moved content, ++api++ twice) come before any route
  const responses = route.schema?.responses;
  if (!responses) return note(`${what} ${answer.status}`);
  const schema = responses[answer.status];
  if (!schema) throw new Error(`${what} answered ${answer.status}, a status its route declares no schema for (it declares ${Object.keys(responses).join(', ')})`);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${what} answered ${answer.status} with a body its response schema refuses: ${issueMessage(result.error.issues[0], 'member')}\n${answer.text.slice(0, 500)}`);
  }
}
