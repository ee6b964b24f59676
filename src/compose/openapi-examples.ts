// Records the OpenAPI document's example answers (src/openapi/examples.ts) by calling a fresh demo
// site in-process: building a site is the composition root's job, so the recorder lives here.
import { writeFileSync } from 'node:fs';
import { createServer } from '../server.ts';
import { routeTable } from '../endpoints/index.ts';
import { EXAMPLE_SITE, EXTRA, FILE, type Examples } from '../openapi/examples.ts';
import { operationKey } from '../openapi/keys.ts';

/** Calls a fresh demo site for each example request. */
export async function recordExamples(): Promise<Examples> {
  const server = await createServer({ fixture: 'demo', deterministic: true });
  const auth = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json' };
  const requests: [string, string][] = [];
  for (const route of routeTable().routes) {
    if (route.method !== 'GET' || route.endpoint === null) continue;
    requests.push([operationKey('GET', route.endpoint), `/${route.endpoint}`]);
  }
  const out: Examples = {};
  for (const [key, path] of [...requests, ...EXTRA]) {
    const res = await server.app.request(EXAMPLE_SITE + path, { headers: auth });
    if (res.status >= 300 || !(res.headers.get('content-type') ?? '').includes('json')) continue;
    out[key] = { path, status: res.status, body: await res.json() };
  }
  return out;
}

/** Records the examples and writes them to examples.json; returns how many. */
export async function writeExamples(): Promise<number> {
  const examples = await recordExamples();
  writeFileSync(FILE, JSON.stringify(examples, null, 1) + '\n');
  return Object.keys(examples).length;
}
