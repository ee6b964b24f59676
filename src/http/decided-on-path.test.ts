// A write of a group commit whose route is decided on the path to its context
// (Route.decidedOnPath) is not decided again when the group's earlier writes left that path and
// the state's records beside the UID index as they were, and is when they changed any of them:
// either way it answers what it answers alone on the state the earlier writes made.
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { routeTable } from '../endpoints/index.ts';
import { createSite } from '../state/site.ts';
import { Store, type GroupWrite, type Written } from '../state/store.ts';
import { json, type FamilyManifest, type Route } from './types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { addChild } from '../state/tree.ts';
import { mustGetNode } from '../state/nodes.ts';
import { rootOf, traverse } from '../state/select.ts';
import { createServer } from '../server.ts';

const ROOT = 'r'.repeat(32);

/** A folder `id` in `parent`, made from the site root of `state` (a published state). */
function folder(state: SiteState, uid: string, id: string, parent = ROOT): ContentNode {
  const { children: _, ...root } = structuredClone(rootOf(state));
  return { ...root, uid, id, parent, type: 'Folder', fields: { title: id.toUpperCase() } };
}

/** A site with folders f1 and f2, and the routes: @mark (decided on its path), @title and @tz. */
function setUp() {
  const store = new Store(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'T', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin' }));
  const start = store.current;
  store.commit((draft) => {
    addChild(draft, ROOT, folder(start, 'f'.repeat(31) + '1', 'f1'));
    addChild(draft, ROOT, folder(start, 'f'.repeat(31) + '2', 'f2'));
  });
  const decisions: string[] = [];
  let made = 0;
  /** What the decision saw: the context's id and title, the site's time zone. */
  const mark: Route = {
    method: 'POST', endpoint: '@mark', on: 'content', permission: null, public: true, decidedOnPath: true,
    handle: (state, req) => {
      const seen = `${req.context.id}:${String(req.context.fields.title)}:${state.settings.timezone}`;
      decisions.push(seen);
      const uid = `m${made++}`.padEnd(32, '0');
      const child = folder(start, uid, uid, req.context.uid);
      return { write: (draft) => addChild(draft, req.context.uid, child), respond: () => json({ seen }) };
    },
  };
  const title: Route = {
    method: 'POST', endpoint: '@title', on: 'content', permission: null, public: true,
    handle: (_state, req) => ({ write: (draft) => void (mustGetNode(draft, req.context.uid).fields.title = 'New'), respond: () => json({}) }),
  };
  const tz: Route = {
    method: 'POST', endpoint: '@tz', on: 'content', permission: null, public: true,
    handle: () => ({ write: (draft) => void (draft.settings.timezone = 'Europe/Berlin'), respond: () => json({}) }),
  };
  const family: FamilyManifest = { name: 't', routes: [mark, title, tz] };
  const { app } = createApp({ store, table: routeTable([family]), root: { id: 'admin', passwordHash: 'x' }, sitePath: '/Plone' });
  return { store, app, decisions };
}

/** A request of a group: its path under the site, and its method, body and credentials. */
interface Sent {
  path: string;
  method?: string;
  body?: unknown;
  user?: string;
}

/** Send `requests` at once; their writes go to the store in one turn, in the order given (one group). */
async function sendTogether(store: Store, app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, requests: Sent[]): Promise<{ status: number; body: unknown }[]> {
  const write = store.write.bind(store);
  const held: { n: number; go: () => void }[] = [];
  store.write = <T>(w: GroupWrite<T>) =>
    new Promise<Written<T> | undefined>((resolve, reject) => {
      held.push({ n: Number(/n=(\d+)/.exec(w.meta.request ?? '')![1]), go: () => void write(w).then(resolve, reject) });
      if (held.length < requests.length) return;
      store.write = write;
      for (const { go } of held.sort((a, b) => a.n - b.n)) go();
    });
  const answers = await Promise.all(requests.map((r, n) => send(app, { ...r, path: `${r.path}?n=${n}` })));
  store.write = write;
  return answers;
}

async function send(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, r: Sent): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (r.user) headers.Authorization = `Basic ${btoa(`${r.user}:${r.user === 'admin' ? 'admin' : 'secret-password'}`)}`;
  const res = await app.request(`http://localhost/Plone${r.path}`, { method: r.method ?? 'POST', headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Send `paths` (routes of setUp, no body) at once, as one group; their answers' bodies. */
async function together(s: ReturnType<typeof setUp>, paths: string[]): Promise<unknown[]> {
  return (await sendTogether(s.store, s.app, paths.map((path) => ({ path })))).map((a) => a.body);
}

describe('a write decided on the path to its context', () => {
  it('is not decided again after writes of its group elsewhere', async () => {
    const s = setUp();
    expect(await together(s, ['/f1/@mark', '/f2/@mark', '/f1/@mark'])).toEqual([{ seen: 'f1:F1:UTC' }, { seen: 'f2:F2:UTC' }, { seen: 'f1:F1:UTC' }]);
    // the third went into the folder the first changed: decided again
    expect(s.decisions).toEqual(['f1:F1:UTC', 'f2:F2:UTC', 'f1:F1:UTC', 'f1:F1:UTC']);
    expect(traverse(s.store.current, ['f1'])!.children!.n).toBe(2);
    expect(traverse(s.store.current, ['f2'])!.children!.n).toBe(1);
  });

  it('is decided again after a write of its group changed an object on its path', async () => {
    const s = setUp();
    expect(await together(s, ['/f2/@title', '/f2/@mark'])).toEqual([{}, { seen: 'f2:New:UTC' }]);
    expect(s.decisions).toEqual(['f2:F2:UTC', 'f2:New:UTC']);
    const t = setUp();
    expect(await together(t, ['/@title', '/f2/@mark'])).toEqual([{}, { seen: 'f2:F2:UTC' }]); // the root: decided again, the same
    expect(t.decisions).toEqual(['f2:F2:UTC', 'f2:F2:UTC']);
  });

  it('is decided again after a write of its group changed a record beside the UID index', async () => {
    const s = setUp();
    expect(await together(s, ['/f1/@tz', '/f2/@mark'])).toEqual([{}, { seen: 'f2:F2:Europe/Berlin' }]);
    expect(s.decisions).toEqual(['f2:F2:UTC', 'f2:F2:Europe/Berlin']);
  });
});

describe('a create in a group commit (the content routes)', () => {
  /** A site with folders f1 and f2 and a user `ed`, Contributor on the site root. */
  async function site() {
    const server = await createServer({ deterministic: true });
    const setup: Sent[] = [
      { path: '', body: { '@type': 'Folder', id: 'f1', title: 'F1' }, user: 'admin' },
      { path: '', body: { '@type': 'Folder', id: 'f2', title: 'F2' }, user: 'admin' },
      { path: '/@users', body: { username: 'ed', email: 'ed@example.org', password: 'secret-password' }, user: 'admin' },
      { path: '/@sharing', body: { entries: [{ id: 'ed', type: 'user', roles: { Contributor: true } }] }, user: 'admin' },
    ];
    for (const r of setup) expect((await send(server.app, r)).status).toBeLessThan(300);
    return server;
  }

  /** The answers of `requests` sent as one group, and of the same sent one after the other to a site alike. */
  async function groupAndOneByOne(requests: Sent[]) {
    const grouped = await site();
    const alone = await site();
    const together = await sendTogether(grouped.store, grouped.app, requests);
    const oneByOne: { status: number; body: unknown }[] = [];
    for (const [n, r] of requests.entries()) oneByOne.push(await send(alone.app, { ...r, path: `${r.path}?n=${n}` }));
    return { together, oneByOne, grouped, alone };
  }

  it('is refused after a write of its group took the right to add away on its path (the sharing of the root)', async () => {
    const { together, oneByOne } = await groupAndOneByOne([
      { path: '/@sharing', body: { entries: [{ id: 'ed', type: 'user', roles: { Contributor: false } }] }, user: 'admin' },
      { path: '/f2', body: { '@type': 'Document', title: 'By Ed' }, user: 'ed' },
    ]);
    expect(oneByOne.map((a) => a.status)).toEqual([204, 401]);
    expect(together).toEqual(oneByOne);
  });

  it('answers as one after the other after writes of its group into another folder', async () => {
    const { together, oneByOne, grouped, alone } = await groupAndOneByOne([
      { path: '/f1', body: { '@type': 'Document', title: 'Page' }, user: 'admin' },
      { path: '/f2', body: { '@type': 'Document', title: 'Page' }, user: 'ed' },
      { path: '/f1', body: { '@type': 'Document', title: 'Page' }, user: 'ed' },
    ]);
    expect(together.map((a) => [a.status, (a.body as { '@id': string })['@id']])).toEqual([
      [201, 'http://localhost/Plone/f1/page'],
      [201, 'http://localhost/Plone/f2/page'],
      [201, 'http://localhost/Plone/f1/page-1'],
    ]);
    expect(together).toEqual(oneByOne);
    expect(grouped.store.current.nodeCount).toBe(alone.store.current.nodeCount);
  });
});
