// dispatch: the prepare payload handed to the handler, side effects after the commit, and one
// state per request (resolved again when another request committed during an await).
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { routeTable } from '../endpoints/index.ts';
import { createSite } from '../state/site.ts';
import { Store } from '../state/store.ts';
import { route, json, type FamilyManifest, type Route } from './types.ts';
import type { Draft } from 'immer';
import type { SiteState } from '../state/model.ts';
import { addChild, removeSubtree } from '../state/tree.ts';
import { traverse } from '../state/select.ts';
import { Pending } from '../lib/pending.ts';
import { hashPassword } from '../auth/passwords.ts';

const ROOT = 'r'.repeat(32);

function site() {
  return new Store(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'T', rootUid: ROOT, now: '2026-01-01T00:00:00+00:00', creator: 'admin' }));
}

function app(store: Store, family: FamilyManifest) {
  return createApp({ store, table: routeTable([family]), root: { id: 'admin', passwordHash: 'x' }, sitePath: '/Plone' }).app;
}

/**
 * POST @t: its handler first waits for work done apart, during which `meanwhile` is committed;
 * then `decide` decides the write (again on the newest state).
 */
function waitingRoute(store: Store, permission: string | null, meanwhile: (draft: Draft<SiteState>) => void, decide: Route['handle']): FamilyManifest {
  let waited = false;
  const handle: Route['handle'] = (state, req, services, prepared) => {
    if (!waited) {
      waited = true;
      throw new Pending(Promise.resolve().then(() => store.commit(meanwhile)));
    }
    return decide(state, req, services, prepared);
  };
  return { name: 't', routes: [{ method: 'POST', endpoint: '@t', on: 'site', permission, public: permission === null, handle }] };
}

describe('dispatch', () => {
  it("hands prepare's payload to the handler, leaves the body alone, and runs `after` once the commit is made", async () => {
    const store = site();
    const seen: unknown[] = [];
    const family: FamilyManifest = {
      name: 't',
      routes: [
        route<{ hashed: string }>({
          method: 'POST',
          endpoint: '@t',
          on: 'site',
          permission: null,
          public: true,
          prepare: async (_s, req) => ({ hashed: `#${(req.body as { secret: string }).secret}` }),
          handle: (_s, req, _services, prepared) => ({
            write: (draft) => void (draft.settings.timezone = prepared.hashed),
            respond: () => json({ body: req.body }),
            after: (next) => seen.push(next.settings.timezone, store.current === next),
          }),
        }),
      ],
    };
    const res = await app(store, family).request('http://localhost/Plone/@t', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"secret":"s"}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { secret: 's' } });
    expect(store.current.settings.timezone).toBe('#s');
    expect(seen).toEqual(['#s', true]);
  });

  it('resolves the request again when another commit removed its context during prepare', async () => {
    const store = site();
    store.commit((draft) => addChild(draft, ROOT, { ...structuredClone(traverse(store.current, [])!), uid: 'd'.repeat(32), id: 'doc', parent: ROOT, type: 'Document' } as never));
    expect(traverse(store.current, ['doc'])?.uid).toBe('d'.repeat(32));
    let handled = 0;
    const family: FamilyManifest = {
      name: 't',
      routes: [
        {
          method: 'POST',
          endpoint: '@t',
          on: 'content',
          permission: null,
          public: true,
          prepare: async () => void store.commit((draft) => removeSubtree(draft, 'd'.repeat(32))),
          handle: () => ((handled++), json({})),
        },
      ],
    };
    const res = await app(store, family).request('http://localhost/Plone/doc/@t', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(handled).toBe(0);
  });

  it('decides a write again on the newest state when its handler waited and another commit came in', async () => {
    const store = site();
    store.commit((draft) => void (draft.settings.timezone = 'A'));
    const seen: string[] = [];
    // work done apart, during which another request commits
    const family = waitingRoute(store, null, (draft) => void (draft.settings.timezone = 'B'), (state) => {
      seen.push(state.settings.timezone);
      const decided = `${state.settings.timezone}+`;
      return { write: (draft) => void (draft.settings.timezone = decided), respond: (next) => json({ timezone: next.settings.timezone }) };
    });
    const res = await app(store, family).request('http://localhost/Plone/@t', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ timezone: 'B+' });
    expect(store.current.settings.timezone).toBe('B+'); // not 'A+': the commit of 'B' is not lost
    expect(seen).toEqual(['A', 'B']);
  });

  it("decides a write again with the caller's roles and groups of the newest state", async () => {
    const store = site();
    const passwordHash = await hashPassword('secret');
    store.commit((draft) => {
      draft.users.ed = { id: 'ed', username: 'ed', fullname: 'Ed', email: 'ed@example.org', description: '', home_page: '', location: '', passwordHash, roles: [] };
      draft.groups.editors = { id: 'editors', title: 'Editors', description: '', email: '', roles: ['Editor'], members: ['ed'] };
    });
    const decided: string[][] = [];
    // while the handler waits, another request takes ed out of the group that gave the right
    const family = waitingRoute(store, 'Modify portal content', (draft) => void (draft.groups.editors.members = []), (_state, req) => {
      decided.push(req.principal.groups);
      return { write: (draft) => void (draft.settings.timezone = 'changed'), respond: () => json({}) };
    });
    const auth = `Basic ${Buffer.from('ed:secret').toString('base64')}`;
    const res = await app(store, family).request('http://localhost/Plone/@t', { method: 'POST', headers: { Authorization: auth } });
    expect(res.status).toBe(401);
    expect(store.current.settings.timezone).toBe('UTC'); // nothing written with the rights ed no longer has
    // decided once as a member of the group, then refused on the newest state before deciding again
    expect(decided).toHaveLength(1);
    expect(decided[0]).toContain('editors');
  });
});
