// Examples of answers for the OpenAPI document, recorded by calling a demo site in-process: the
// site-root form of every GET route that needs no path parameter, plus a few objects of the demo
// fixture. `npm run openapi:examples` (src/compose/openapi-examples.ts, which builds the site)
// writes them to examples.json (committed, so serving the document calls nothing); URLs are
// recorded against EXAMPLE_SITE and moved to the served site's URL when the document is made. A
// test checks every example against its route's response schema.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operationKey } from './keys.ts';

export const EXAMPLE_SITE = 'http://localhost:8080/Plone';

/** operation key ("GET @breadcrumbs") -> path below the site root -> status and body. */
export type Examples = Record<string, { path: string; status: number; body: unknown }>;

/** Requests beyond the site-root GETs: an object of the demo fixture, and searches. */
export const EXTRA: [string, string][] = [
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

export const FILE = fileURLToPath(new URL('./examples.json', import.meta.url));

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
