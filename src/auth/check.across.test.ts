// The permission answers remembered across states (check.ts acrossStates): after any sequence of
// commits that give and take local roles, block them, move objects through the workflow, copy
// objects unchanged, add children, change the types or the registry's permission roles, every
// answer asked on the newest state, or on an earlier one, is the one worked out anew.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSite } from '../compose/test-site.ts';
import { traverse } from '../state/select.ts';
import { getNode } from '../state/nodes.ts';
import { addNode } from '../state/nodes-write.ts';
import { moveChild } from '../state/tree.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { accessAnew, hasPermission, rolesAt } from './check.ts';
import type { Principal } from './principal.ts';
import { PERMISSION_ROLES_KEY } from './settings.ts';

const PRINCIPALS: Principal[] = [
  Object.freeze({ id: 'jane', fullname: 'Jane', roles: ['Member'], groups: [] }),
  Object.freeze({ id: 'bob', fullname: 'Bob', roles: ['Member'], groups: ['staff'] }),
  Object.freeze({ id: null, fullname: '', roles: [], groups: [] }),
];
const PATHS = [[], ['f'], ['f', 'g'], ['f', 'd'], ['f', 'g', 'e']];
const PERMISSIONS = ['View', 'Modify portal content', 'Add portal content', 'Review portal content'];
const ROLES = ['Editor', 'Reader', 'Reviewer', 'Contributor', 'Owner'];

type Step =
  | { op: 'grant'; at: number; who: number; role: string }
  | { op: 'revoke'; at: number; who: number }
  | { op: 'block'; at: number; on: boolean }
  | { op: 'review'; at: number; state: string }
  | { op: 'touch'; at: number }
  | { op: 'child'; at: number }
  | { op: 'move'; what: number; to: number }
  | { op: 'retype'; at: number; type: string }
  | { op: 'workflow'; type: string; workflow: string | null }
  | { op: 'registry'; permission: string; roles: string[] | null }
  | { op: 'ask'; back: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), at: fc.nat(4), who: fc.nat(2), role: fc.constantFrom(...ROLES) }),
  fc.record({ op: fc.constant('revoke' as const), at: fc.nat(4), who: fc.nat(2) }),
  fc.record({ op: fc.constant('block' as const), at: fc.nat(4), on: fc.boolean() }),
  fc.record({ op: fc.constant('review' as const), at: fc.nat(4), state: fc.constantFrom('private', 'pending', 'published') }),
  fc.record({ op: fc.constant('touch' as const), at: fc.nat(4) }),
  fc.record({ op: fc.constant('child' as const), at: fc.constantFrom(1, 2) }),
  // d or e into the root, f or g: the parents up from them change
  fc.record({ op: fc.constant('move' as const), what: fc.constantFrom(3, 4), to: fc.constantFrom(0, 1, 2) }),
  fc.record({ op: fc.constant('retype' as const), at: fc.integer({ min: 1, max: 4 }), type: fc.constantFrom('Document', 'Folder', 'News Item') }),
  fc.record({ op: fc.constant('workflow' as const), type: fc.constantFrom('Document', 'Folder'), workflow: fc.constantFrom('simple_publication_workflow', 'one_state_workflow', null) }),
  fc.record({ op: fc.constant('registry' as const), permission: fc.constantFrom(...PERMISSIONS), roles: fc.option(fc.subarray(['Manager', 'Site Administrator', ...ROLES, 'Authenticated', 'Anonymous']), { nil: null }) }),
  fc.record({ op: fc.constant('ask' as const), back: fc.nat(6) }),
);

describe('permission answers remembered across states', () => {
  it('are those worked out anew, on the newest state and on earlier ones', async () => {
    const { server, call } = await testSite();
    for (const [path, body] of [
      ['', { '@type': 'Folder', id: 'f', title: 'F' }],
      ['/f', { '@type': 'Folder', id: 'g', title: 'G' }],
      ['/f', { '@type': 'Document', id: 'd', title: 'D' }],
      ['/f/g', { '@type': 'Document', id: 'e', title: 'E' }],
    ] as const) expect((await call('POST', path, body)).status).toBe(201);
    const start = server.store.current;
    let made = 0;
    let asked = 0;

    const UIDS = PATHS.map((path) => traverse(start, path)!.uid);
    /** the children the steps made (asked about too) */
    let children: string[] = [];
    const check = (state: SiteState) => {
      for (const uid of [...UIDS, ...children]) {
        const node = getNode(state, uid);
        if (!node) continue;
        for (const principal of PRINCIPALS) {
          for (const permission of PERMISSIONS) {
            const anew = accessAnew(state, principal, node, permission);
            expect(hasPermission(state, principal, node, permission)).toBe(anew.allowed);
            expect([...rolesAt(state, principal, node)].sort()).toEqual([...anew.roles].sort());
            asked++;
          }
        }
      }
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        server.store.replace(start);
        children = [];
        const states: SiteState[] = [start];
        check(start);
        for (const s of steps) {
          const uidAt = (at: number) => UIDS[at];
          server.store.commit((d) => {
            const node = (at: number) => getNode(d, uidAt(at)) as ContentNode;
            const who = (i: number) => PRINCIPALS[i].id ?? 'AuthenticatedUsers';
            if (s.op === 'grant') node(s.at).localRoles[who(s.who)] = [s.role];
            else if (s.op === 'revoke') delete node(s.at).localRoles[who(s.who)];
            else if (s.op === 'block') node(s.at).blockLocalRoles = s.on;
            else if (s.op === 'review') node(s.at).reviewState = s.state;
            else if (s.op === 'touch') node(s.at).modified = `2026-01-01T00:00:${String(made++ % 60).padStart(2, '0')}+00:00`;
            else if (s.op === 'child') {
              const parent = getNode(d, uidAt(s.at))!;
              const id = `c${made++}`;
              addNode(d, { ...parent, uid: `child-${id}`, id, parent: parent.uid, children: undefined, localRoles: {}, blockLocalRoles: false, type: 'Document' } as ContentNode);
              children.push(`child-${id}`);
            } else if (s.op === 'move') {
              if (node(s.what).parent !== uidAt(s.to)) moveChild(d, uidAt(s.what), uidAt(s.to), `m${made++}`);
            } else if (s.op === 'retype') node(s.at).type = s.type;
            else if (s.op === 'workflow') d.types[s.type].workflow = s.workflow as never;
            else if (s.op === 'registry') {
              const roles = { ...((d.registry[PERMISSION_ROLES_KEY] as Record<string, string[]> | undefined) ?? {}) };
              if (s.roles) roles[s.permission] = s.roles;
              else delete roles[s.permission];
              d.registry[PERMISSION_ROLES_KEY] = roles;
            }
          });
          states.push(server.store.current);
          // asked on the newest state, or again on an earlier one (its answers remembered since)
          check(s.op === 'ask' ? states[Math.max(0, states.length - 1 - s.back)] : server.store.current);
        }
      }),
      { numRuns: 60 },
    );
    expect(asked).toBeGreaterThan(10_000);
  });
});
