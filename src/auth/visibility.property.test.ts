// For random role assignments (global roles, group roles, local roles, blocked inheritance) on
// random content trees, each caller sees exactly the objects its roles allow: in GET, in folder
// `items`, in @navigation and @breadcrumbs. The expected visibility comes from a model written
// here from the supplement's tables (sections 6 and 27), not from src/auth/check.ts.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { childUid } from '../state/children.ts';
import { testSite, type Who } from '../compose/test-site.ts';

const PW = 'property-password';
const USERS = ['u1', 'u2'] as const;
const PRINCIPALS = ['u1', 'u2', 'g1', 'AuthenticatedUsers'] as const;
const LOCAL = ['Reader', 'Editor', 'Contributor', 'Reviewer', 'Owner'] as const;
const GLOBAL = ['Member', 'Reader', 'Editor', 'Reviewer', 'Contributor', 'Site Administrator'] as const;
const STATES = ['private', 'pending', 'published'] as const;

/** Roles holding View in each state of simple_publication_workflow (supplement 27.2). */
const VIEW: Record<string, string[]> = {
  private: ['Manager', 'Site Administrator', 'Owner', 'Editor', 'Reader', 'Contributor'],
  pending: ['Manager', 'Site Administrator', 'Owner', 'Editor', 'Reader', 'Contributor', 'Reviewer'],
  published: ['Anonymous'],
};

interface NodeSpec {
  parent: number; // index into earlier folders (-1 = site root)
  folder: boolean;
  state: (typeof STATES)[number];
  local: Partial<Record<(typeof PRINCIPALS)[number], string[]>>;
  block: boolean;
}
interface Scenario {
  nodes: NodeSpec[];
  userRoles: Record<(typeof USERS)[number], string[]>;
  groupRoles: string[];
  inGroup: (typeof USERS)[number][];
}

const roleSet = <T extends string>(roles: readonly T[]) => fc.subarray([...roles], { maxLength: 2 });
const scenario: fc.Arbitrary<Scenario> = fc.record({
  nodes: fc.array(
    fc.record({
      parent: fc.integer({ min: -1, max: 6 }),
      folder: fc.boolean(),
      state: fc.constantFrom(...STATES),
      local: fc.dictionary(fc.constantFrom(...PRINCIPALS), roleSet(LOCAL), { maxKeys: 2 }),
      block: fc.boolean(),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  userRoles: fc.record({ u1: roleSet(GLOBAL), u2: roleSet(GLOBAL) }),
  groupRoles: roleSet(GLOBAL),
  inGroup: fc.subarray([...USERS]),
});

// ---------------------------------------------------------------- the model
interface ModelNode {
  id: string;
  path: string;
  parent: ModelNode | null;
  spec: NodeSpec;
  children: ModelNode[];
}

function buildModel(s: Scenario): ModelNode[] {
  const nodes: ModelNode[] = [];
  const folders: ModelNode[] = [];
  s.nodes.forEach((spec, i) => {
    const parent = spec.parent >= 0 && folders.length ? folders[spec.parent % folders.length] : null;
    const id = `n${i}`;
    const node: ModelNode = { id, path: `${parent ? parent.path : ''}/${id}`, parent, spec, children: [] };
    parent?.children.push(node);
    nodes.push(node);
    if (spec.folder) folders.push(node);
  });
  return nodes;
}

function modelRoles(s: Scenario, who: 'anonymous' | 'u1' | 'u2', node: ModelNode): Set<string> {
  const roles = new Set<string>(['Anonymous']);
  if (who === 'anonymous') return roles;
  roles.add('Authenticated');
  const member = s.inGroup.includes(who);
  s.userRoles[who].forEach((r) => roles.add(r));
  if (member) s.groupRoles.forEach((r) => roles.add(r));
  const ids = [who, 'AuthenticatedUsers', ...(member ? ['g1'] : [])];
  for (let n: ModelNode | null = node; n; n = n.parent) {
    for (const id of ids) (n.spec.local[id as (typeof PRINCIPALS)[number]] ?? []).forEach((r) => roles.add(r));
    if (n.spec.block) break;
  }
  return roles;
}

const modelCanView = (s: Scenario, who: 'anonymous' | 'u1' | 'u2', node: ModelNode) =>
  VIEW[node.spec.state].some((r) => modelRoles(s, who, node).has(r));

// ---------------------------------------------------------------- the site
let site: Awaited<ReturnType<typeof testSite>>;
let base: SiteState;

beforeAll(async () => {
  site = await testSite();
  for (const u of USERS) expect((await site.call('POST', '/@users', { username: u, password: PW })).status).toBe(201);
  expect((await site.call('POST', '/@groups', { groupname: 'g1' })).status).toBe(201);
  base = site.server.store.current;
});

async function install(s: Scenario, model: ModelNode[]): Promise<void> {
  site.server.store.replace(base);
  for (const n of model) {
    const r = await site.call('POST', n.parent ? n.parent.path : '', { '@type': n.spec.folder ? 'Folder' : 'Document', id: n.id, title: n.id });
    expect(r.status, r.text).toBe(201);
  }
  site.server.store.commit((d) => {
    for (const u of USERS) d.users[u].roles = s.userRoles[u];
    d.groups.g1.roles = s.groupRoles;
    d.groups.g1.members = [...s.inGroup];
    for (const n of model) {
      let node = getNode(d as SiteState, d.rootUid)!;
      for (const seg of n.path.split('/').filter(Boolean)) node = getNode(d as SiteState, childUid(node, seg)!)!;
      node.reviewState = n.spec.state;
      node.localRoles = Object.fromEntries(Object.entries(n.spec.local).filter(([, r]) => r.length));
      node.blockLocalRoles = n.spec.block;
    }
  });
}

const idsOf = (items: { '@id': string }[]) => items.map((i) => i['@id'].split('/').pop());

function navIds(items: { '@id': string; items?: unknown[] }[]): string[] {
  return items.flatMap((i) => [i['@id'].split('/').pop()!, ...navIds((i.items ?? []) as { '@id': string }[])]);
}

describe('visibility follows the roles', () => {
  it('in GET, folder items, navigation and breadcrumbs', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const model = buildModel(s);
        await install(s, model);
        const callers: ['anonymous' | 'u1' | 'u2', Who][] = [
          ['anonymous', 'anonymous'],
          ['u1', { user: 'u1', password: PW }],
          ['u2', { user: 'u2', password: PW }],
        ];
        for (const [who, auth] of callers) {
          const visible = new Set(model.filter((n) => modelCanView(s, who, n)).map((n) => n.id));
          for (const n of model) {
            const r = await site.call('GET', n.path, undefined, auth);
            expect(r.status, `${who} GET ${n.path}`).toBe(visible.has(n.id) ? 200 : 401);
            if (r.status === 200 && n.spec.folder) {
              expect(idsOf(r.body.items), `${who} items of ${n.path}`).toEqual(n.children.filter((c) => visible.has(c.id)).map((c) => c.id));
            }
            if (r.status === 200) {
              const crumbs = await site.call('GET', `${n.path}/@breadcrumbs`, undefined, auth);
              const shown = idsOf(crumbs.body.items);
              for (const id of shown) expect(visible.has(id!), `${who} breadcrumb ${id} of ${n.path}`).toBe(true);
            }
          }
          const root = await site.call('GET', '', undefined, auth);
          expect(idsOf(root.body.items)).toEqual(model.filter((n) => !n.parent && visible.has(n.id)).map((n) => n.id));
          const nav = await site.call('GET', '/@navigation?expand.navigation.depth=10', undefined, auth);
          expect(nav.status).toBe(200);
          for (const id of navIds(nav.body.items).filter((x) => /^n\d+$/.test(x))) {
            expect(visible.has(id), `${who} navigation shows ${id}`).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
