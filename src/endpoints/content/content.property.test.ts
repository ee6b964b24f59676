// Random sequences of content writes through the HTTP app: after every step the site is sound,
// a rejected request changes nothing (the very same state object), nothing answers 500, and a
// simple model (path -> type, ordered child ids) updated only on 2xx answers matches the tree.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from '../../server.ts';
import { checkSite } from '../../state/invariants.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { normalizeId, uniqueId } from './names.ts';
import { mustGetNode } from '../../state/nodes.ts';
import { childList, insertChild } from '../../state/children.ts';
import { rootOf } from '../../state/select.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const ROOT_TYPE = 'Plone Site';

// ---------------------------------------------------------------- actions

/** Which existing path to act on: resolved at run time against the model (n modulo the count). */
type Pick = { among: 'folders' | 'any' | 'missing'; n: number };
/** An id to send: from a small pool (so duplicates happen), a sibling's id, or an invalid one. */
type IdChoice = { kind: 'none' } | { kind: 'pool'; id: string } | { kind: 'sibling'; n: number } | { kind: 'raw'; value: unknown };

type Action =
  | { kind: 'create'; parent: Pick; type: unknown; id: IdChoice; title: unknown; extra: Record<string, unknown> }
  | { kind: 'patch'; target: Pick; title?: unknown; description?: unknown; id?: IdChoice; layout?: unknown }
  | { kind: 'reorder'; target: Pick; obj: { n: number } | { ghost: true }; delta: unknown; subset: 'none' | 'valid' | 'reversed' | 'unknown' | 'numbers' }
  | { kind: 'delete'; target: Pick | { root: true } }
  | { kind: 'raw'; method: 'POST' | 'PATCH'; target: Pick; text: string }
  | { kind: 'anonymous'; method: 'POST' | 'PATCH' | 'DELETE'; target: Pick };

const ID_POOL = ['a', 'b', 'doc', 'news.2026', 'Folder-1', 'x~y'];
const INVALID_IDS: unknown[] = ['@edit', '_private', 'a/b', 'view', 'aq_parent', '..', 'é', 42, true, ['a']];
const CONTENT_TYPES = ['Folder', 'Document', 'News Item', 'Link', 'Event'];

const pick = (among: Pick['among'][] = ['folders', 'any']) =>
  fc.record({ among: fc.constantFrom(...among), n: fc.nat(50) }) as fc.Arbitrary<Pick>;

const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fc.constantFrom(...ID_POOL).map((id) => ({ kind: 'pool' as const, id })) },
  { weight: 2, arbitrary: fc.nat(20).map((n) => ({ kind: 'sibling' as const, n })) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_IDS).map((value) => ({ kind: 'raw' as const, value })) },
);

const goodTitle = fc.string({ minLength: 1, maxLength: 12 });
const title: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: goodTitle },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', null, 7, ['t'], { t: 1 }, 'two\nlines') },
);

const createAction = fc.record({
  kind: fc.constant('create' as const),
  parent: pick(['folders', 'folders', 'folders', 'any', 'missing']),
  type: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: fc.constantFrom('Bogus', ROOT_TYPE, 3, null, undefined) }),
  id: idChoice,
  title,
  extra: fc.constantFrom({}, {}, {}, { remoteUrl: 'https://example.org' }, { description: 'fine' }, { description: 5 }, { start: 'not a date' }),
});

const patchAction = fc.record(
  {
    kind: fc.constant('patch' as const),
    target: pick(['any', 'any', 'missing']),
    title,
    description: fc.constantFrom('new summary', 12, null),
    id: idChoice,
    layout: fc.constantFrom('listing_view', 'document_view', '', 9),
  },
  { requiredKeys: ['kind', 'target'] },
);

const reorderAction = fc.record({
  kind: fc.constant('reorder' as const),
  target: pick(['folders', 'folders', 'folders', 'any']),
  obj: fc.oneof({ weight: 9, arbitrary: fc.record({ n: fc.nat(30) }) }, { weight: 1, arbitrary: fc.constant({ ghost: true as const }) }),
  delta: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: -4, max: 4 }) },
    { weight: 2, arbitrary: fc.constantFrom('top', 'bottom') },
    { weight: 1, arbitrary: fc.constantFrom('2', '-1') },
    { weight: 1, arbitrary: fc.constantFrom('sideways', null, true, { d: 1 }, '') },
  ),
  subset: fc.constantFrom('none', 'none', 'none', 'valid', 'valid', 'reversed', 'unknown', 'numbers'),
}) as fc.Arbitrary<Action>;

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: createAction },
  { weight: 3, arbitrary: patchAction },
  { weight: 3, arbitrary: reorderAction },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.oneof({ weight: 6, arbitrary: pick(['any', 'any', 'missing']) }, { weight: 1, arbitrary: fc.constant({ root: true as const }) }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), method: fc.constantFrom('POST' as const, 'PATCH' as const), target: pick(['folders']), text: fc.constantFrom('{', 'null', '[1,2]', '"text"', '12', '{"@type":') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('anonymous' as const), method: fc.constantFrom('POST' as const, 'PATCH' as const, 'DELETE' as const), target: pick(['any']) }) },
);

// ---------------------------------------------------------------- model

const FOLDERISH = new Set(['Folder', ROOT_TYPE]);

/** Paths ('' is the site root, '/f/doc' below it) to types, and the ordered child ids of each folder. */
class Model {
  readonly types = new Map<string, string>([['', ROOT_TYPE]]);
  readonly order = new Map<string, string[]>([['', []]]);

  /** The model of an existing tree. */
  static of(tree: { types: Map<string, string>; order: Map<string, string[]> }): Model {
    const m = new Model();
    for (const [path, type] of tree.types) m.types.set(path, type);
    for (const [path, ids] of tree.order) m.order.set(path, [...ids]);
    return m;
  }

  paths(among: Pick['among']): string[] {
    const all = [...this.types.keys()];
    return among === 'folders' ? all.filter((p) => FOLDERISH.has(this.types.get(p)!)) : all;
  }
  resolve(p: Pick): string {
    if (p.among === 'missing') return `/missing-${p.n}`;
    const list = this.paths(p.among);
    return list[p.n % list.length];
  }
  childIds(path: string): string[] {
    return this.order.get(path) ?? [];
  }
  add(parent: string, id: string, type: string): void {
    this.types.set(`${parent}/${id}`, type);
    this.order.get(parent)!.push(id);
    if (FOLDERISH.has(type)) this.order.set(`${parent}/${id}`, []);
  }
  remove(path: string): void {
    for (const p of [...this.types.keys()]) {
      if (p === path || p.startsWith(path + '/')) {
        this.types.delete(p);
        this.order.delete(p);
      }
    }
    const { parent, id } = split(path);
    const siblings = this.order.get(parent)!;
    siblings.splice(siblings.indexOf(id), 1);
  }
  rename(path: string, newId: string): void {
    const { parent, id } = split(path);
    const to = `${parent}/${newId}`;
    for (const map of [this.types, this.order] as Map<string, unknown>[]) {
      for (const [p, v] of [...map]) {
        if (p === path || p.startsWith(path + '/')) {
          map.delete(p);
          map.set(to + p.slice(path.length), v);
        }
      }
    }
    const siblings = this.order.get(parent)!;
    siblings[siblings.indexOf(id)] = newId;
  }
}

const split = (path: string) => {
  const at = path.lastIndexOf('/');
  return { parent: path.slice(0, at), id: path.slice(at + 1) };
};

/** The tree as the model sees it. */
function snapshot(state: SiteState): { types: Map<string, string>; order: Map<string, string[]> } {
  const types = new Map<string, string>();
  const order = new Map<string, string[]>();
  const walk = (uid: string, path: string) => {
    const node = mustGetNode(state, uid);
    types.set(path, node.type);
    if (FOLDERISH.has(node.type)) order.set(path, childList(node).map((c) => mustGetNode(state, c).id));
    for (const c of childList(node)) walk(c, `${path}/${mustGetNode(state, c).id}`);
  };
  walk(rootOf(state).uid, '');
  return { types, order };
}

/** Plone's moveObjectsByDelta: move within the subset, then refill the subset's positions. */
function moveByDelta(ids: string[], objId: string, delta: number, subset: string[] = ids): string[] {
  const moved = [...subset];
  const from = moved.indexOf(objId);
  const to = Math.min(Math.max(from + delta, 0), moved.length - 1);
  moved.splice(from, 1);
  moved.splice(to, 0, objId);
  const inSubset = new Set(subset);
  let k = 0;
  return ids.map((id) => (inSubset.has(id) ? moved[k++] : id));
}

// ---------------------------------------------------------------- one step

type Expect = 'ok' | 'fail' | 'either';

interface Planned {
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  anonymous?: boolean;
  expect: Expect;
  /** Apply the effect to the model once the server said 2xx. */
  onOk?: (reply: { status: number; body: any }) => void;
}

const isValidId = (id: unknown) =>
  typeof id === 'string' && /^[A-Za-z0-9.~-]+$/.test(id) && id !== '..' && id !== '.' && id !== 'view' && !id.startsWith('aq_');

function chosenId(choice: IdChoice, siblings: string[]): { send: boolean; value?: unknown } {
  if (choice.kind === 'none') return { send: false };
  if (choice.kind === 'pool') return { send: true, value: choice.id };
  if (choice.kind === 'sibling') return siblings.length ? { send: true, value: siblings[choice.n % siblings.length] } : { send: false };
  return { send: true, value: choice.value };
}

const isGoodTitle = (t: unknown) => typeof t === 'string' && t !== '' && !t.includes('\n');

function plan(model: Model, a: Action): Planned {
  switch (a.kind) {
    case 'create': {
      const parent = model.resolve(a.parent);
      const parentType = model.types.get(parent);
      const siblings = model.childIds(parent);
      const id = chosenId(a.id, siblings);
      const body: Record<string, unknown> = { ...a.extra };
      if (a.type !== undefined) body['@type'] = a.type;
      if (a.title !== undefined) body.title = a.title;
      if (id.send) body.id = id.value;
      const type = typeof a.type === 'string' && CONTENT_TYPES.includes(a.type) ? a.type : undefined;
      const bad =
        !parentType || !FOLDERISH.has(parentType) || !type ||
        (id.send && (!isValidId(id.value) || siblings.includes(id.value as string))) ||
        (a.title !== undefined && !isGoodTitle(a.title)) ||
        a.extra.description === 5 || (type === 'Event' && a.extra.start !== undefined);
      const good = !bad && isGoodTitle(a.title) && (type !== 'Link' || a.extra.remoteUrl !== undefined);
      return {
        method: 'POST', path: parent, body, expect: bad ? 'fail' : good ? 'ok' : 'either',
        onOk: (reply) => {
          expect(reply.status).toBe(201);
          if (id.send) expect(reply.body.id).toBe(id.value);
          expect(reply.body['@type']).toBe(type);
          expect(reply.body['@id']).toBe(`${BASE}${parent}/${reply.body.id}`);
          model.add(parent, reply.body.id, type!);
        },
      };
    }
    case 'patch': {
      const path = model.resolve(a.target);
      const exists = model.types.has(path);
      const { parent, id: ownId } = split(path);
      const isRoot = path === '';
      const body: Record<string, unknown> = {};
      if (a.title !== undefined) body.title = a.title;
      if (a.description !== undefined) body.description = a.description;
      if (a.layout !== undefined) body.layout = a.layout;
      const id = a.id && !isRoot ? chosenId(a.id, model.childIds(parent)) : { send: false };
      if (id.send) body.id = id.value;
      // a rename goes through the name chooser: normalised, then made unique among the siblings
      const renaming = id.send && id.value !== ownId;
      const normalised = renaming && typeof id.value === 'string' ? normalizeId(id.value) : '';
      const siblings = {} as ContentNode;
      for (const c of model.childIds(parent)) insertChild(siblings, c, c);
      const newId = !renaming || !normalised ? ownId : normalised === ownId ? ownId : uniqueId(siblings, normalised, true, 'never: the model has fewer than 100 siblings');
      const bad =
        !exists ||
        (a.title !== undefined && !isGoodTitle(a.title)) ||
        (a.description !== undefined && typeof a.description !== 'string' && a.description !== null) ||
        (a.layout !== undefined && (typeof a.layout !== 'string' || a.layout === '')) ||
        (renaming && !normalised);
      return {
        method: 'PATCH', path, body, expect: bad ? 'fail' : 'ok',
        onOk: (reply) => {
          expect(reply.status).toBe(204);
          if (newId !== ownId) model.rename(path, newId);
        },
      };
    }
    case 'reorder': {
      const path = model.resolve(a.target);
      const type = model.types.get(path);
      const ids = model.childIds(path);
      const objId = 'ghost' in a.obj || !ids.length ? 'no-such-child' : ids[a.obj.n % ids.length];
      const ordering: Record<string, unknown> = { obj_id: objId, delta: a.delta };
      let subset: string[] | undefined;
      if (a.subset === 'valid') subset = ids.filter((x, i) => x === objId || i % 2 === 0);
      if (a.subset === 'reversed') subset = [...ids].reverse();
      if (a.subset === 'unknown') subset = [objId, 'not-there'];
      if (subset) ordering.subset_ids = subset;
      if (a.subset === 'numbers') ordering.subset_ids = [1, 2];
      const delta =
        a.delta === 'top' ? -ids.length : a.delta === 'bottom' ? ids.length :
        typeof a.delta === 'number' ? a.delta : typeof a.delta === 'string' && /^-?\d+$/.test(a.delta) ? Number(a.delta) : undefined;
      const badSubset = a.subset === 'unknown' || a.subset === 'numbers' || (a.subset === 'reversed' && ids.length > 1);
      const bad = !type || !FOLDERISH.has(type) || !ids.includes(objId) || delta === undefined || badSubset;
      return {
        method: 'PATCH', path, body: { ordering }, expect: bad ? 'fail' : 'ok',
        onOk: (reply) => {
          expect(reply.status).toBe(204);
          model.order.set(path, moveByDelta(ids, objId, delta!, subset));
        },
      };
    }
    case 'delete': {
      const path = 'root' in a.target ? '' : model.resolve(a.target);
      const bad = path === '' || !model.types.has(path);
      return { method: 'DELETE', path, expect: bad ? 'fail' : 'ok', onOk: (reply) => (expect(reply.status).toBe(204), model.remove(path)) };
    }
    case 'raw':
      return { method: a.method, path: model.resolve(a.target), raw: a.text, expect: 'fail' };
    case 'anonymous': {
      const path = model.resolve(a.target);
      const body = a.method === 'POST' ? { '@type': 'Document', title: 'Anon' } : a.method === 'PATCH' ? { title: 'Anon' } : undefined;
      return { method: a.method, path, body, anonymous: true, expect: 'fail' };
    }
  }
}

async function send(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, p: Planned) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (!p.anonymous) headers.Authorization = ADMIN;
  const body = p.raw ?? (p.body === undefined ? undefined : JSON.stringify(p.body));
  const res = await app.request(BASE + p.path, { method: p.method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const describeStep = (p: Planned) => `${p.anonymous ? 'anonymous ' : ''}${p.method} ${p.path || '/'} ${p.raw ?? JSON.stringify(p.body ?? '')}`;

// One server for all runs (password hashing costs ~50 ms); each run starts from the fresh state.
const server = createServer({ deterministic: true });
const fresh = (await server).store.current;

/** Runs a sequence; `withModel` adds the model's predictions and the tree comparison. */
async function run(actions: Action[], withModel: boolean, start: SiteState = fresh): Promise<void> {
  const { app, store } = await server;
  store.replace(start);
  const model = start === fresh ? new Model() : Model.of(snapshot(start));
  for (const action of actions) {
    const p = plan(model, action);
    const before = store.current;
    const reply = await send(app, p);
    const step = `${describeStep(p)} -> ${reply.status} ${JSON.stringify(reply.body)}`;
    expect(reply.status, step).not.toBe(500);
    expect(reply.status, step).toBeLessThan(500);
    expect(checkSite(store.current), step).toEqual([]);
    if (reply.status >= 400) expect(store.current === before, `rejected but state changed: ${step}`).toBe(true);
    if (!withModel) continue;
    if (p.expect === 'ok') expect(reply.status, step).toBeLessThan(300);
    if (p.expect === 'fail') expect(reply.status, step).toBeGreaterThanOrEqual(400);
    if (reply.status < 300) p.onOk?.(reply);
    const tree = snapshot(store.current);
    expect(Object.fromEntries(tree.types), step).toEqual(Object.fromEntries(model.types));
    expect(Object.fromEntries(tree.order), step).toEqual(Object.fromEntries(model.order));
  }
}

const sequences = fc.array(actionArb, { minLength: 5, maxLength: 40 });

describe('content writes through HTTP (property)', () => {
  it('keep the site sound, never answer 500, and change nothing when rejected', async () => {
    await fc.assert(fc.asyncProperty(sequences, (actions) => run(actions, false)), { numRuns: 150 });
  });

  it('agree with a model of paths, types and child order updated on 2xx answers only', async () => {
    await fc.assert(fc.asyncProperty(sequences, (actions) => run(actions, true)), { numRuns: 150 });
  });
});

describe('content writes next to a folder of 600 children (property)', () => {
  it('agree with the model when most actions land in the big folder', async () => {
    const { app, store } = await server;
    store.replace(fresh);
    expect((await send(app, { method: 'POST', path: '', body: { '@type': 'Folder', id: 'big', title: 'Big' }, expect: 'ok' })).status).toBe(201);
    for (let i = 0; i < 600; i++) {
      expect((await send(app, { method: 'POST', path: '/big', body: { '@type': i % 10 ? 'Document' : 'Folder', id: `c${i}`, title: `C ${i}` }, expect: 'ok' })).status).toBe(201);
    }
    const big = store.current;
    await fc.assert(fc.asyncProperty(sequences, (actions) => run(actions, true, big)), { numRuns: 15 });
  });
});

describe('ordering with a subset that skips siblings', () => {
  // Plone (plone.folder moveObjectsByDelta) moves obj_id within subset_ids, then writes the
  // reordered subset back into the slots the subset occupied: [a, x, b] with subset [a, b] and
  // b moved up by one gives [b, x, a] (moving b to a's slot, [b, a, x], would be wrong).
  it('refills the subset slots as moveObjectsByDelta does', async () => {
    const { app, store } = await server;
    store.replace(fresh);
    for (const id of ['a', 'x', 'b']) {
      expect((await send(app, { method: 'POST', path: '', body: { '@type': 'Document', id, title: id }, expect: 'ok' })).status).toBe(201);
    }
    const reply = await send(app, { method: 'PATCH', path: '', body: { ordering: { obj_id: 'b', delta: -1, subset_ids: ['a', 'b'] } }, expect: 'ok' });
    expect(reply.status).toBe(204);
    expect(snapshot(store.current).order.get('')).toEqual(['b', 'x', 'a']);
    expect(moveByDelta(['a', 'x', 'b'], 'b', -1, ['a', 'b'])).toEqual(['b', 'x', 'a']);
  });
});
