// Property: for any sequence of writes with remembered points nested like a stack (RobotRemote's
// setup/teardown), going back to a point gives exactly the remembered state object, a catalog
// equal to one built from scratch for it, and restore patches that lead from the state before to
// the state after (what the journal writes and a restart replays).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPatches } from 'immer';
import { Catalog } from '../catalog/catalog.ts';
import { createServer } from '../server.ts';
import type { Commit } from '../state/store.ts';
import { caller } from '../testing/call.ts';
import { rememberSite, restoreSite, type SitePoint } from './rollback.ts';

type Op =
  | { k: 'add'; at: number; word: number }
  | { k: 'edit'; at: number; word: number }
  | { k: 'delete'; at: number }
  | { k: 'publish'; at: number }
  | { k: 'lock'; at: number }
  | { k: 'user'; n: number }
  | { k: 'group'; n: number }
  | { k: 'registry'; on: boolean }
  | { k: 'type'; on: boolean }
  | { k: 'setup' }
  | { k: 'teardown' };

const WORDS = ['harbour', 'lighthouse', 'ferry', 'market'];
const at = fc.nat(50);
const word = fc.nat(WORDS.length - 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('add' as const), at, word }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('edit' as const), at, word }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), at }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('publish' as const), at }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('lock' as const), at }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('user' as const), n: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('group' as const), n: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('registry' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('type' as const), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ k: 'setup' as const }) },
  { weight: 2, arbitrary: fc.constant({ k: 'teardown' as const }) },
);

const sortedRecords = (c: Catalog) => c.records().sort((a, b) => (a.uid < b.uid ? -1 : 1));

describe('remembering the site and going back (rollback.ts)', () => {
  it('teardown gives the remembered state, its catalog, and patches that replay to it', async () => {
    const server = await createServer({ volto: true, admin: { user: 'admin', password: 'admin' } });
    const call = caller(server.app, { user: 'admin', password: 'admin' });
    const base = server.store.current;
    const restores: Commit[] = [];
    server.store.subscribe((c) => {
      if (c.restore) restores.push(c);
    });
    let undone = 0;
    const teardown = async (point: SitePoint) => {
      const before = server.store.current;
      const seen = restores.length;
      await restoreSite(server.store, server.services, point);
      point.release();
      expect(server.store.current).toBe(point.state);
      if (before !== point.state) {
        undone++;
        const commit = restores[seen];
        expect(commit.before).toBe(before);
        expect(applyPatches(before, commit.patches)).toEqual(point.state);
      }
      expect(sortedRecords(server.services.catalog)).toEqual(sortedRecords(new Catalog(point.state)));
    };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40, size: 'max' }), async (ops) => {
        const paths: string[] = [];
        const stack: SitePoint[] = [];
        const outer = rememberSite(server.store, server.services);
        const pick = (i: number) => (paths.length ? paths[i % paths.length] : '');
        for (const op of ops) {
          switch (op.k) {
            case 'add': {
              const parent = pick(op.at);
              const r = await call('POST', parent, { '@type': 'Document', title: `${WORDS[op.word]} ${paths.length}` });
              if (r.status === 201) paths.push(new URL(r.body['@id']).pathname.replace(/^\/Plone/, ''));
              break;
            }
            case 'edit':
              await call('PATCH', pick(op.at), { title: `${WORDS[op.word]} edited`, description: WORDS[op.word] });
              break;
            case 'delete':
              if (paths.length) await call('DELETE', pick(op.at));
              break;
            case 'publish':
              if (paths.length) await call('POST', `${pick(op.at)}/@workflow/publish`);
              break;
            case 'lock':
              if (paths.length) await call('POST', `${pick(op.at)}/@lock`, {});
              break;
            case 'user':
              await call('POST', '/@users', { username: `user${op.n}`, email: `user${op.n}@example.org`, password: 'password-123' });
              break;
            case 'group':
              await call('POST', '/@groups', { groupname: `group${op.n}`, title: `Group ${op.n}` });
              break;
            case 'registry':
              await call('PATCH', '/@registry', { 'plone.site_title': op.on ? 'Changed' : 'Plone site' });
              break;
            case 'type':
              await call('PATCH', '/@controlpanels/dexterity-types/Document', op.on ? { title: 'Page', filter_content_types: true } : { title: 'Document' });
              break;
            case 'setup':
              stack.push(rememberSite(server.store, server.services));
              break;
            case 'teardown': {
              const point = stack.pop();
              if (point) await teardown(point);
              break;
            }
          }
        }
        while (stack.length) stack.pop()!.release();
        await teardown(outer);
        expect(server.store.current).toBe(base);
      }),
      { numRuns: 25 },
    );
    expect(undone).toBeGreaterThan(25);
  });
});
