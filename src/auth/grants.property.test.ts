// For random nestings of groups (some holding Manager), a Site Administrator is refused exactly
// the changes that would hand out Manager — directly or through any enclosing group — and a
// Manager none. The expected answer is computed here by walking the membership edges.
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import type { SiteState } from '../state/model.ts';
import { principalChangeRefusal } from './grants.ts';
import type { Principal } from './principal.ts';

const GROUPS = ['g0', 'g1', 'g2', 'g3', 'g4'];
const siteAdmin: Principal = { id: 'sa', fullname: '', roles: ['Site Administrator'], groups: [] };
const manager: Principal = { id: 'boss', fullname: '', roles: ['Manager'], groups: [] };

/** Does membership of `group` bring Manager? (`edges`: [child, parent] = child is a member of parent) */
function bringsManager(group: string, managers: Set<string>, edges: [string, string][]): boolean {
  const seen = new Set<string>();
  const todo = [group];
  while (todo.length) {
    const g = todo.pop()!;
    if (seen.has(g)) continue;
    seen.add(g);
    if (managers.has(g)) return true;
    for (const [child, parent] of edges) if (child === g) todo.push(parent);
  }
  return false;
}

describe('principalChangeRefusal', () => {
  it('refuses a non-Manager exactly what would give Manager, through any nesting', async () => {
    const server = await createServer({});
    const base = server.store.current;
    const arbitrary = fc.record({
      managers: fc.subarray(GROUPS),
      edges: fc.array(fc.tuple(fc.constantFrom(...GROUPS), fc.constantFrom(...GROUPS)), { maxLength: 8 }),
      target: fc.constantFrom(...GROUPS),
      roles: fc.subarray(['Editor', 'Manager', 'Reviewer']),
    });
    fc.assert(
      fc.property(arbitrary, ({ managers, edges, target, roles }) => {
        const acyclic = edges.filter(([c, p]) => c < p); // parents sort after children: no cycles
        const state = produce(base, (d) => {
          for (const id of GROUPS) d.groups[id] = { id, title: id, description: '', email: '', roles: managers.includes(id) ? ['Manager'] : [], members: [] };
          for (const [child, parent] of acyclic) if (!d.groups[parent].members.includes(child)) d.groups[parent].members.push(child);
        }) as SiteState;
        const tainted = bringsManager(target, new Set(managers), acyclic);
        const givesManager = roles.includes('Manager');
        const join = principalChangeRefusal(state, siteAdmin, { kind: 'create-user' }, { groups: [target] });
        expect(join?.status).toBe(tainted ? 403 : undefined);
        const change = principalChangeRefusal(state, siteAdmin, { kind: 'change-group', group: target, verb: 'modify' }, { roles });
        expect(change?.status).toBe(tainted || givesManager ? 400 : undefined);
        const user = principalChangeRefusal(state, siteAdmin, { kind: 'create-user' }, { roles });
        expect(user?.status).toBe(givesManager ? 403 : undefined);
        for (const action of [{ kind: 'create-user' } as const, { kind: 'change-group', group: target, verb: 'modify' } as const]) {
          expect(principalChangeRefusal(state, manager, action, { roles, groups: [target] })).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });
});
