// Examples of answers for the OpenAPI document, recorded by calling a demo site in-process: the
// site-root form of every GET route that needs no path parameter, plus a few objects of the demo
// fixture. `npm run openapi:examples` writes them to examples.json (committed, so serving the
// document calls nothing); URLs are recorded against EXAMPLE_SITE and moved to the served site's
// URL when the document is made. A test checks every example against its route's response schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operationKey } from './keys.ts';

export const EXAMPLE_SITE = 'http://localhost:8080/Plone';

/** operation key ("GET @breadcrumbs") -> path below the site root -> status and body. */
export type Examples = Record<string, { path: string; status: number; body: unknown }>;

/** Requests beyond the site-root GETs: an object of the demo fixture, and searches. */
const EXTRA: [string, string][] = [
  ['GET content', '/news'],
  ['GET @search', '/@search?SearchableText=news&b_size=2'],
  ['GET @vocabularies', '/@vocabularies/cms.app.vocabularies.ReviewStates'],
  ['GET @types', '/@types/Document'],
  ['GET @controlpanels', '/@controlpanels/editing'],
  ['GET @principals', '/@principals?search=ed'],
  ['GET @groups', '/@groups/Reviewers'],
  ['GET @users', '/@users/editor'],
  ['GET @registry', '/@registry?b_size=2'],
];

const FILE = fileURLToPath(new URL('./examples.json', import.meta.url));

/** The recorded examples (empty when none were recorded). */
export function loadExamples(): Examples {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as Examples;
  } catch {
    return {};
  }
}

/** An example's body for the site at `siteUrl` (recorded URLs moved over). */
export function exampleFor(examples: Examples, key: string, siteUrl: string): unknown {
  const e = examples[key];
  if (!e) return undefined;
  return JSON.parse(JSON.stringify(e.body).split(EXAMPLE_SITE).join(siteUrl));
}

/** Calls a fresh demo site for each example request. */
export async function recordExamples(): Promise<Examples> {
  const { createServer } = await import('../server.ts');
  const server = await createServer({ fixture: 'demo' });
  const auth = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json' };
  const { routeTable } = await import('../endpoints/index.ts');
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
