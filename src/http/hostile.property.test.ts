// fast-check: random requests whose names and keys come from a hostile alphabet (JavaScript
// object members, control characters, 300-character strings, deep JSON) never answer 5xx, every
// error has a JSON body, and a refused request leaves the very same root state object.
// FUZZ_RUNS (150) and FUZZ_SEED (random) run it longer or again: `FUZZ_RUNS=5000 npx vitest run
// src/http/hostile.property.test.ts`.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { basic } from '../testing/call.ts';

const MEMBERS = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', 'prototype', '__defineGetter__', 'isPrototypeOf', 'then', 'length'];

const hostileName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...MEMBERS) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a\nb', '\r\n', '\u007f', '%00', '..', '.', '@@view', '++api++', 'a/b', ' ') },
  { weight: 1, arbitrary: fc.constantFrom('n'.repeat(300), '_'.repeat(300), 'é'.repeat(300)) },
  { weight: 2, arbitrary: fc.constantFrom('Document', 'Folder', 'admin', 'Administrators', 'Manager', 'title', 'front-page', 'plone.site_title') },
);

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const hostileValue: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileName,
    fc.constantFrom(null, true, 0, -1, 1e308, ''),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(hostileName, tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** Keys real endpoints read, so that hostile values reach their code. */
const knownKey = fc.constantFrom(
  '@type', 'id', 'title', 'username', 'email', 'password', 'fullname', 'groupname', 'roles', 'groups', 'users', 'entries',
  'query', 'i', 'o', 'v', 'blocks', 'timeout', 'source', 'target', 'relation', 'items', 'ordering', 'factory', 'UID', 'comment',
);

const body = fc.oneof(
  fc.dictionary(fc.oneof(knownKey, hostileName), hostileValue, { maxKeys: 5 }).map((o) => JSON.stringify(o)),
  fc.record({ entries: fc.array(fc.record({ id: hostileName, type: fc.constantFrom('user', 'group'), roles: fc.dictionary(hostileName, fc.boolean(), { maxKeys: 2 }) }), { maxLength: 2 }) }).map((o) => JSON.stringify(o)),
  fc.constantFrom(deepArray(5000), `{"blocks": ${'{"a":'.repeat(3000)}{}${'}'.repeat(3000)}}`, '{"a":', '[]', 'null', '"x"'),
);

const PATHS = [
  '/@users/{n}', '/@groups/{n}', '/@types/{n}', '/@types/Document/{n}', '/@controlpanels/{n}', '/@controlpanels/dexterity-types/{n}',
  '/@vocabularies/{n}', '/@registry/{n}', '/@addons/{n}', '/@portrait/{n}', '/{n}', '/{n}/@sharing', '/@sharing', '/@search?{n}={n}',
  '/@search?SearchableText={n}', '/@querystring-search', '/@content-rules/{n}', '/@relations?source={n}', '/@lock', '/@workflow/{n}',
  '/@users', '/@groups', '/', '/@aliases', '/@history', '/@principals?search={n}', '/@users/{n}/reset-password', '/@login', '/@sources/{n}',
];

const anyRequest = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
  path: fc.constantFrom(...PATHS),
  name: hostileName,
  body: fc.option(body, { nil: undefined }),
  manager: fc.boolean(),
});

/** Requests shaped like real calls, with a hostile name or value where a caller chooses one. */
const realCall = fc
  .tuple(hostileName, hostileValue, fc.constantFrom(true, true, true, false))
  .chain(([n, v, manager]) =>
    fc.constantFrom(
      { method: 'POST', path: '/@users', body: { username: n, email: 'h@example.com', password: 'long-enough-1', fullname: v } },
      { method: 'PATCH', path: '/@users/{n}', body: { fullname: v, roles: { [n]: true } } },
      { method: 'DELETE', path: '/@users/{n}' },
      { method: 'GET', path: '/@users/{n}' },
      { method: 'POST', path: '/@groups', body: { groupname: n, title: v, users: [n] } },
      { method: 'PATCH', path: '/@groups/{n}', body: { users: { [n]: true }, title: v } },
      { method: 'DELETE', path: '/@groups/{n}' },
      { method: 'POST', path: '/@controlpanels/dexterity-types', body: { title: `T ${n}`, id: n } },
      { method: 'PATCH', path: '/@controlpanels/dexterity-types/{n}', body: { [n]: v } },
      { method: 'POST', path: '/@sharing', body: { entries: [{ id: n, type: 'user', roles: { Reader: true, [n]: true } }] } },
      { method: 'GET', path: '/@sharing?search={n}' },
      { method: 'POST', path: '/', body: { '@type': 'Document', id: n, title: v, blocks: { [n]: { '@type': n } }, blocks_layout: { items: [n] } } },
      { method: 'PATCH', path: '/{n}', body: { title: v, [n]: v } },
      { method: 'POST', path: '/@lock', body: { timeout: v, stealable: v } },
      { method: 'POST', path: '/@querystring-search', body: { query: [{ i: n, o: n, v }], sort_on: n } },
      { method: 'PATCH', path: '/@registry', body: { [n]: v } },
      { method: 'POST', path: '/@aliases', body: { items: [{ path: `/${n}` }] } },
      { method: 'POST', path: '/@relations', body: { items: [{ source: n, target: n, relation: n }] } },
      { method: 'POST', path: '/@login', body: { login: n, password: v } },
      { method: 'POST', path: '/@types/Document', body: { factory: n, title: n } },
      { method: 'PATCH', path: '/@types/Document/{n}', body: { title: v } },
      { method: 'POST', path: '/@copy', body: { source: [n, v] } },
      { method: 'POST', path: '/@move', body: { source: v } },
      { method: 'POST', path: '/{n}/@workflow/publish', body: { comment: v, effective: v, expires: v, include_children: v } },
      { method: 'POST', path: '/@workflow/{n}', body: { comment: v } },
      { method: 'POST', path: '/{n}/@comments', body: { text: v } },
      { method: 'POST', path: '/@translations', body: { id: v, language: n } },
      { method: 'GET', path: '/@translations?language={n}' },
      { method: 'POST', path: '/@tus-upload', body: undefined },
      { method: 'PATCH', path: '/', body: { ordering: { obj_id: n, delta: v, subset_ids: v } } },
      { method: 'GET', path: '/@search?sort_on={n}&sort_order={n}&b_start={n}&b_size={n}' },
      { method: 'GET', path: '/@search?path.depth={n}&path.query={n}' },
      { method: 'GET', path: '/{n}/@@images/{n}/{n}' },
      { method: 'GET', path: '/{n}/@@download/{n}' },
      { method: 'POST', path: '/@upgrade', body: { dry_run: v } },
      { method: 'POST', path: '/@email-notification', body: { name: v, from: v, subject: v, message: v } },
      { method: 'POST', path: '/@email-send', body: { to: v, from: v, subject: v, message: v } },
      { method: 'PATCH', path: '/@controlpanels/{n}', body: { [n]: v } },
      { method: 'POST', path: '/@content-rules/{n}', body: { [n]: v } },
      { method: 'PUT', path: '/{n}/@lock', body: { token: v } },
      { method: 'GET', path: '/@querystring-search?query={n}' },
      { method: 'POST', path: '/{n}/@transactions', body: { transaction_ids: v } },
      { method: 'GET', path: '/@vocabularies/{n}?title={n}&token={n}&b_size={n}' },
      { method: 'POST', path: '/@users/{n}/reset-password', body: { old_password: v, new_password: v, reset_token: v } },
      { method: 'POST', path: '/@login-renew', body: undefined },
      { method: 'GET', path: '/@navigation?expand.navigation.depth={n}' },
      { method: 'GET', path: '/?expand={n}&fullobjects={n}&metadata_fields={n}' },
      { method: 'POST', path: '/@aliases', body: { items: v } },
      { method: 'POST', path: '/', body: { '@type': n, [n]: v } },
      { method: 'POST', path: '/', body: { '@type': 'File', id: n, file: { data: v, encoding: n, filename: v, 'content-type': n } } },
      { method: 'POST', path: '/', body: { '@type': 'Image', image: { data: 'aGk=', encoding: 'base64', filename: n, 'content-type': v } } },
    ).map((t) => ({ method: t.method, path: t.path, name: n, body: 'body' in t ? JSON.stringify(t.body) : undefined, manager })),
  );

const request = fc.oneof({ weight: 3, arbitrary: realCall }, { weight: 1, arbitrary: anyRequest });

describe('hostile requests', () => {
  let server: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    server = await createServer({ deterministic: true });
  });

  it('never answer 5xx, always give errors a JSON body, and change nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
        for (const r of requests) {
          const path = r.path.replaceAll('{n}', encodeURIComponent(r.name));
          const before = server.store.current;
          const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
          if (r.manager) headers.Authorization = basic('admin', 'admin');
          const res = await server.app.request(`http://localhost:8080/Plone${path}`, { method: r.method, headers, body: r.method === 'GET' ? undefined : r.body });
          const text = await res.text();
          const label = `${r.method} ${path} ${r.body?.slice(0, 80) ?? ''} -> ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status >= 400) {
            expect(() => JSON.parse(text), label).not.toThrow();
            expect(server.store.current, label).toBe(before);
          }
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150), seed: Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  });
});
