// Alias collapsing: after any sequence of renames, moves, deletions, creations and alias posts
// (per object and site-wide), no alias points at another alias or at itself, no alias hides an
// object, and every alias either resolves (listed, and GET of its path redirects to its object)
// or is broken (its object is gone: not listed). The tree stays sound throughout.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caller } from '../../testing/call.ts';
import { createServer } from '../../server.ts';
import { checkSite } from '../../state/invariants.ts';
import type { SiteState } from '../../state/model.ts';
import { allNodes } from '../../state/nodes.ts';
import { traverse } from '../../state/select.ts';
import { aliasTarget, allAliases, getAlias, nodePath, redirectPath } from './store.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = { user: 'admin', password: 'admin' };
const IDS = ['a', 'b', 'c', 'f'];
const ALIAS_PATHS = ['/a', '/b', '/x', '/f/a', '/f/x', '/a/b', '/g/a'];

type Step =
  | { kind: 'rename'; n: number; id: string }
  | { kind: 'move'; n: number; dest: number }
  | { kind: 'alias'; n: number; path: string }
  | { kind: 'siteAlias'; path: string; to: number | string }
  | { kind: 'delete'; n: number }
  | { kind: 'create'; dest: number; id: string; folder: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('rename' as const), n: fc.nat(40), id: fc.constantFrom(...IDS) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), n: fc.nat(40), dest: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('alias' as const), n: fc.nat(40), path: fc.constantFrom(...ALIAS_PATHS) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('siteAlias' as const), path: fc.constantFrom(...ALIAS_PATHS), to: fc.oneof(fc.nat(40), fc.constantFrom(...ALIAS_PATHS)) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), n: fc.nat(40) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('create' as const), dest: fc.nat(40), id: fc.constantFrom(...IDS), folder: fc.boolean() }) },
);

const paths = (state: SiteState, folders = false) =>
  [...allNodes(state)]
    .filter((n) => n.parent !== null && (!folders || n.type === 'Folder'))
    .map((n) => nodePath(state, n))
    .sort();

function invariants(state: SiteState): void {
  expect(checkSite(state)).toEqual([]);
  for (const [path, entry] of allAliases(state)) {
    expect(traverse(state, path.split('/').filter(Boolean)), `alias ${path} hides an object`).toBeUndefined();
    if (!aliasTarget(state, entry)) continue; // broken: its object was deleted
    const to = redirectPath(state, entry);
    expect(to, `alias ${path} points at itself`).not.toBe(path);
    expect(getAlias(state, to), `alias ${path} points at the alias ${to}`).toBeUndefined();
  }
}

describe('alias collapsing', () => {
  it('holds after any sequence of renames, moves and alias posts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const server = await createServer({});
        const call = caller(server.app, ADMIN);
        for (const [path, type] of [['', 'Folder:f'], ['', 'Folder:g'], ['/f', 'Document:a'], ['/f', 'Folder:b'], ['/g', 'Document:c']]) {
          const [t, id] = type.split(':');
          expect((await call('POST', path, { '@type': t, id, title: id })).status).toBe(201);
        }
        for (const step of steps) {
          const state = server.store.current;
          const all = paths(state);
          const folders = ['', ...paths(state, true)];
          const at = (n: number) => all[n % all.length];
          if (!all.length && step.kind !== 'create' && step.kind !== 'siteAlias') continue;
          let res: { status: number };
          switch (step.kind) {
            case 'rename':
              res = await call('PATCH', at(step.n), { id: step.id });
              break;
            case 'move':
              res = await call('POST', `${folders[step.dest % folders.length]}/@move`, { source: at(step.n) });
              break;
            case 'alias':
              res = await call('POST', `${at(step.n)}/@aliases`, { items: [{ path: step.path }] });
              break;
            case 'siteAlias': {
              const to = typeof step.to === 'string' ? step.to : (all.length ? at(step.to) : '/f');
              res = await call('POST', '/@aliases', { items: [{ path: step.path, 'redirect-to': to }] });
              break;
            }
            case 'delete':
              res = await call('DELETE', at(step.n));
              break;
            case 'create':
              res = await call('POST', folders[step.dest % folders.length], { '@type': step.folder ? 'Folder' : 'Document', id: step.id, title: step.id });
              break;
          }
          expect(res.status).toBeLessThan(500);
          invariants(server.store.current);
        }
        // Every listed alias redirects to its object; broken ones are not listed.
        const state = server.store.current;
        const listed = (await call('GET', '/@aliases?b_size=1000')).body.items as { path: string; 'redirect-to': string }[];
        const live = [...allAliases(state)].filter(([, e]) => aliasTarget(state, e)).map(([p]) => p).sort();
        expect(listed.map((i) => i.path)).toEqual(live);
        for (const item of listed) {
          expect(traverse(state, item['redirect-to'].split('/').filter(Boolean))).toBeDefined();
          const r = await call('GET', item.path);
          expect(r.status).toBe(302);
          expect(r.headers.get('location')).toBe(BASE + item['redirect-to']);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
