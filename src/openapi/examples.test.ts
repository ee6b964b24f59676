import { describe, expect, it } from 'vitest';
import { routeTable } from '../endpoints/index.ts';
import { issueMessage } from '../http/schema.ts';
import { openApiDocument } from './document.ts';
import { EXAMPLE_SITE, exampleFor, loadExamples } from './examples.ts';
import { operationKey } from './keys.ts';

const examples = loadExamples();
const table = routeTable();

describe('recorded examples (npm run openapi:examples)', () => {
  it('cover the site-root GET routes of the demo site', () => {
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(30);
    for (const key of ['GET content', 'GET @search', 'GET @navigation', 'GET @types', 'GET @users']) expect(examples, key).toHaveProperty([key]);
  });

  it('each match the response schema of their route (re-record them when a schema changes)', () => {
    for (const [key, example] of Object.entries(examples)) {
      const route = table.routes.find((r) => operationKey(r.method, r.endpoint) === key);
      expect(route, key).toBeDefined();
      const schema = route!.schema?.responses?.[example.status];
      expect(schema, `${key}: no response schema for ${example.status}`).toBeDefined();
      const result = schema!.safeParse(example.body);
      expect(result.success ? '' : issueMessage(result.error.issues[0], 'member'), `${key} ${example.path}`).toBe('');
    }
  });

  it('appear in the document with the served site URL', () => {
    const siteUrl = 'https://cms.example.org/site';
    const doc = openApiDocument(table, { siteUrl, title: 'Site', version: '1' }) as any;
    const example = doc.paths['/@breadcrumbs'].get.responses['200'].content['application/json'].example;
    expect(example).toEqual(exampleFor(examples, 'GET @breadcrumbs', siteUrl));
    expect(JSON.stringify(example)).toContain(siteUrl);
    expect(JSON.stringify(example)).not.toContain(EXAMPLE_SITE);
    expect(doc.paths['/{path}/@breadcrumbs'].get.responses['200'].content['application/json'].example).toBeUndefined();
  });
});
