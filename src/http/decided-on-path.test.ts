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

/** Send `paths` at once; their writes go to the store in one turn, in the order given (one group). */
async function together(s: ReturnType<typeof setUp>, paths: string[]): Promise<unknown[]> {
  const write = s.store.write.bind(s.store);
  const held: { n: number; go: () => void }[] = [];
  s.store.write = <T>(w: GroupWrite<T>) =>
    new Promise<Written<T> | undefined>((resolve, reject) => {
      held.push({ n: Number(/n=(\d+)/.exec(w.meta.request ?? '')![1]), go: () => void write(w).then(resolve, reject) });
      if (held.length < paths.length) return;
      s.store.write = write;
      for (const { go } of held.sort((a, b) => a.n - b.n)) go();
    });
  const answers = await Promise.all(paths.map(async (p, n) => (await s.app.request(`http://localhost/Plone${p}?n=${n}`, { method: 'POST' })).json()));
  s.store.write = write;
  return answers;
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
