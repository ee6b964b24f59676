// Fuzz: arbitrary methods, paths and JSON bodies (known keys with values of any shape) against a
// small site. No request may answer 500, the site stays sound, and a rejection changes nothing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from '../../server.ts';
import { checkSite } from '../../state/invariants.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');

const server = (async () => {
  const s = await createServer({ deterministic: true });
  const headers = { Authorization: ADMIN, Accept: 'application/json', 'Content-Type': 'application/json' };
  const make = async (path: string, body: object) => {
    const res = await s.app.request(BASE + path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`setup ${path}: ${res.status} ${await res.text()}`);
  };
  await make('', { '@type': 'Folder', id: 'f', title: 'F' });
  await make('/f', { '@type': 'Document', id: 'd', title: 'D' });
  await make('/f', { '@type': 'Event', id: 'e', title: 'E' });
  await make('/f', { '@type': 'Folder', id: 'g', title: 'G' });
  await make('', { '@type': 'Link', id: 'l', title: 'L', remoteUrl: 'https://example.org' });
  await make('', { '@type': 'News Item', id: 'n', title: 'N' });
  return { ...s, initial: s.store.current };
})();

const KEYS = [
  '@type', 'id', 'title', 'description', 'text', 'subjects', 'language', 'effective', 'expires', 'start', 'end',
  'whole_day', 'open_end', 'remoteUrl', 'layout', 'ordering', 'sort', 'UID', 'relatedItems', 'exclude_from_nav',
  'creators', 'rights', 'image', 'file',
];

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('Document', 'Folder', 'Event', 'Bogus', 'top', 'bottom', 'd', 'e', 'g', '2026-13-45', '2026-02-01T10:00:00', '../d', '/f/d'),
  fc.record({ obj_id: fc.constantFrom('d', 'e', 'g', 'zz', 1), delta: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('top', 'x', null)), subset_ids: fc.option(fc.array(fc.constantFrom('d', 'e', 'g', 'q', 3)), { nil: undefined }) }, { requiredKeys: ['obj_id'] }),
  fc.record({ on: fc.oneof(fc.constantFrom('sortable_title', 'id', 'modified', 'nonexistent', ''), fc.jsonValue({ maxDepth: 1 })), order: fc.constantFrom('ascending', 'descending', 3) }, { requiredKeys: [] }),
  fc.record({ data: fc.jsonValue({ maxDepth: 1 }), 'content-type': fc.constantFrom('text/html', 'text/plain', 'text/x-html-safe', 5), filename: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }),
);

const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
  path: fc.constantFrom('', '/f', '/f/d', '/f/e', '/f/g', '/l', '/n', '/nope', '/f/d/deeper', '/@search', '/f/@nope'),
  body: fc.option(body, { nil: undefined }),
  anonymous: fc.boolean(),
});

describe('content endpoints under fuzzed requests (property)', () => {
  it('never answer 500, keep the site sound, and leave it untouched when they refuse', async () => {
    const { app, store, initial } = await server;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
        store.replace(initial);
        for (const r of requests) {
          const before = store.current;
          const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
          if (!r.anonymous) headers.Authorization = ADMIN;
          const res = await app.request(BASE + r.path, { method: r.method, headers, body: r.body === undefined || r.method === 'GET' ? undefined : JSON.stringify(r.body) });
          const text = await res.text();
          const step = `${r.anonymous ? 'anonymous ' : ''}${r.method} ${r.path} ${JSON.stringify(r.body)} -> ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, step).toBeLessThan(500);
          expect(checkSite(store.current), step).toEqual([]);
          if (res.status >= 400) expect(store.current === before, `rejected but state changed: ${step}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
