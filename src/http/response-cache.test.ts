// The response-cache middleware around dispatch: what it gives again, and what it never does.
import { describe, expect, it } from 'vitest';
import { createSite } from '../state/site.ts';
import { Store } from '../state/store.ts';
import type { Principal } from '../auth/principal.ts';
import { joinPieces, LONG_STRING } from '../lib/json-pieces.ts';
import { cacheKey as keyOf, fingerprint, ResponseCache, withResponseCache as wrap, type Answer, type CacheOptions, type KeyedRequest } from './response-cache.ts';
import type { ApiResponse } from './types.ts';
import { keyedHash } from '../lib/keyed-hash.ts';

const site = () =>
  new Store(createSite({ settings: { siteId: 'Plone', volto: false, defaultLanguage: 'en', availableLanguages: ['en'], timezone: 'UTC' }, title: 'T', rootUid: 'r'.repeat(32), now: '2026-01-01T00:00:00+00:00', creator: 'admin' }));
const get = (extra: Partial<KeyedRequest> = {}): KeyedRequest => ({ method: 'GET', href: 'http://x/Plone/doc', headers: new Headers(), now: '2026-01-01T00:00:00+00:00', ...extra });
const user = (id: string | null): Principal => ({ id, fullname: '', roles: id ? ['Member'] : [], groups: [] });

/** The wrapped dispatch, its answers as the server sends them (a hit as it is, else dispatch's response). */
function withResponseCache(options: CacheOptions<KeyedRequest>, dispatch: (input: KeyedRequest, state: Store['current']) => Promise<Answer>) {
  const handle = wrap(options, dispatch);
  return async (r: KeyedRequest): Promise<ApiResponse> => {
    return await handle(r);
  };
}

function counted(store: Store, answer: Partial<Answer> = {}) {
  let calls = 0;
  const dispatch = async (_input: KeyedRequest, state: typeof store.current): Promise<Answer> => {
    calls++;
    return { response: { status: 200, body: { n: calls } }, state, cacheable: true, principal: user(null), ...answer };
  };
  return { dispatch, calls: () => calls };
}

describe('withResponseCache', () => {
  it('keeps a cacheable GET asked twice on the same state (with its JSON text), answers it from then on, and forgets it after a commit', async () => {
    const store = site();
    const d = counted(store);
    const handle = withResponseCache({ cache: new ResponseCache(), store }, d.dispatch);
    const once = await handle(get());
    expect(once.jsonText).toBeUndefined(); // asked once: nothing kept
    const kept = await handle(get());
    expect(kept.jsonText).toBe(JSON.stringify({ n: 2 }));
    expect(await handle(get())).toBe(kept);
    expect(d.calls()).toBe(2);
    store.commit((draft) => void (draft.settings.timezone = 'Europe/Berlin'));
    expect(await handle(get())).not.toBe(kept);
    expect(d.calls()).toBe(3);
  });

  it('keeps an answer holding a long string as pieces, the long string unescaped (sent in slices)', async () => {
    const store = site();
    const text = '<p>"x"</p>'.repeat(LONG_STRING / 8);
    const handle = withResponseCache({ cache: new ResponseCache(), store }, async (_input, state) => ({ response: { status: 200, body: { text: { data: text } } }, state, cacheable: true, principal: user(null) }));
    await handle(get());
    const kept = await handle(get());
    expect(kept.jsonText).toBeUndefined();
    expect(kept.jsonParts).toEqual(['{"text":{"data":', { value: text }, '}}']);
    expect(joinPieces(kept.jsonParts!)).toBe(JSON.stringify({ text: { data: text } }));
  });

  it('keeps nothing for requests asked once, however many, and still keeps one asked twice', async () => {
    const store = site();
    const d = counted(store);
    const cache = new ResponseCache();
    const handle = withResponseCache({ cache, store }, d.dispatch);
    for (let i = 0; i < 10_000; i++) expect((await handle(get({ href: `http://x/Plone/doc?n=${i}` }))).jsonText).toBeUndefined();
    expect((cache as unknown as { byState: WeakMap<object, Map<string, unknown>> }).byState.get(store.current)).toBeUndefined();
    await handle(get({ href: 'http://x/Plone/doc?twice' }));
    const kept = await handle(get({ href: 'http://x/Plone/doc?twice' }));
    expect(kept.jsonText).toBe(JSON.stringify({ n: 10_002 }));
    expect(await handle(get({ href: 'http://x/Plone/doc?twice' }))).toBe(kept);
    expect(d.calls()).toBe(10_002);
  });

  it('never remembers what dispatch did not find cacheable, nor writes, nor without a cache', async () => {
    const store = site();
    const d = counted(store, { cacheable: false });
    const handle = withResponseCache({ cache: new ResponseCache(), store }, d.dispatch);
    for (let i = 0; i < 3; i++) await handle(get());
    const e = counted(store);
    const post = withResponseCache({ cache: new ResponseCache(), store }, e.dispatch);
    for (let i = 0; i < 3; i++) await post(get({ method: 'POST' }));
    const f = counted(store);
    const none = withResponseCache({ store }, f.dispatch);
    for (let i = 0; i < 3; i++) await none(get());
    expect([d.calls(), e.calls(), f.calls()]).toEqual([3, 3, 3]);
  });

  it('remembers answers to credentials only when they were accepted', async () => {
    const store = site();
    const refused = counted(store, { principal: user(null) });
    const handle = withResponseCache({ cache: new ResponseCache(), store }, refused.dispatch);
    await handle(get({ credentials: 'Basic wrong' }));
    await handle(get({ credentials: 'Basic wrong' }));
    expect(refused.calls()).toBe(2);
    const accepted = counted(store, { principal: user('jane') });
    const handle2 = withResponseCache({ cache: new ResponseCache(), store }, accepted.dispatch);
    for (let i = 0; i < 3; i++) await handle2(get({ credentials: 'Basic right' }));
    await handle2(get({ credentials: 'Basic other' }));
    expect(accepted.calls()).toBe(3);
  });

  it('gives nothing cached to a request the bypass names, and drops an answer computed while the site changed', async () => {
    const store = site();
    const d = counted(store);
    const handle = withResponseCache({ cache: new ResponseCache(), store, bypass: (r) => r.credentials === 'held' }, d.dispatch);
    for (let i = 0; i < 3; i++) await handle(get({ credentials: 'held' }));
    expect(d.calls()).toBe(3);
    let n = 0;
    const racing = withResponseCache({ cache: new ResponseCache(), store }, async (_i, state) => {
      n++;
      store.commit((draft) => void (draft.settings.timezone = `Zone/${n}`));
      return { response: { status: 200 }, state, cacheable: true };
    });
    for (let i = 0; i < 3; i++) await racing(get());
    expect(n).toBe(3);
  });

  it('admits on the second ask of a state: a write between two asks makes the next one a first ask again, and answers after it are the new state\'s', async () => {
    const store = site();
    const d = counted(store);
    const cache = new ResponseCache();
    const handle = withResponseCache({ cache, store }, d.dispatch);
    const entries = () => (cache as unknown as { byState: WeakMap<object, Map<string, unknown>> }).byState.get(store.current)?.size ?? 0;
    expect((await handle(get())).body).toEqual({ n: 1 });
    expect(entries()).toBe(0); // a one-off is not stored
    store.commit((draft) => void (draft.settings.timezone = 'Europe/Berlin'));
    expect((await handle(get())).body).toEqual({ n: 2 }); // asked once on this state
    expect(entries()).toBe(0);
    const kept = await handle(get()); // the second ask: kept
    expect(kept.body).toEqual({ n: 3 });
    expect(entries()).toBe(1);
    expect(await handle(get())).toBe(kept); // served from the cache
    store.commit((draft) => void (draft.settings.timezone = 'Europe/Paris'));
    const after = await handle(get());
    expect(after.body).toEqual({ n: 4 }); // the write is seen
    expect(entries()).toBe(0);
    expect(d.calls()).toBe(4);
  });

  it('gives a request only its own key\'s answer when another request shares its fingerprint', async () => {
    // Credentials that differ only before their last 64 characters have one fingerprint: two callers.
    const tail = 'x'.repeat(80);
    const [a, b] = [get({ credentials: `A${tail}` }), get({ credentials: `B${tail}` })];
    expect(fingerprint(a)).toBe(fingerprint(b));
    const store = site();
    let calls = 0;
    const handle = withResponseCache({ cache: new ResponseCache(), store }, async (input, state) => {
      calls++;
      return { response: { status: 200, body: { for: input.credentials![0] } }, state, cacheable: true, principal: user(input.credentials![0]) };
    });
    expect((await handle(a)).body).toEqual({ for: 'A' });
    expect((await handle(b)).body).toEqual({ for: 'B' }); // found in the slot: looked up, missed, kept
    expect((await handle(a)).body).toEqual({ for: 'A' });
    expect((await handle(b)).body).toEqual({ for: 'B' }); // b's kept answer
    expect((await handle(a)).body).toEqual({ for: 'A' }); // a's kept answer
    expect(calls).toBe(3);
  });

  it('fingerprints what decides the key', () => {
    const base = fingerprint(get());
    expect(fingerprint(get())).toBe(base);
    expect(base & 1).toBe(1); // never an empty slot
    for (const other of [
      get({ now: '2026-01-01T00:00:01+00:00' }),
      get({ href: 'http://x/Plone/doc?a=1' }),
      get({ headers: new Headers({ Accept: 'text/html' }) }),
      get({ headers: new Headers({ 'Accept-Language': 'de' }) }),
      get({ credentials: 'Basic a' }),
      get({ principal: user('jane') }),
    ])
      expect(fingerprint(other)).not.toBe(base);
    expect(fingerprint(get({ credentials: 'Basic a' }))).not.toBe(fingerprint(get({ credentials: 'Basic b' })));
  });

  it('keys by caller, second, negotiated headers and URL', () => {
    const digest = keyedHash();
    const cacheKey = (r: KeyedRequest) => keyOf(r, digest);
    const base = cacheKey(get());
    expect(cacheKey(get())).toBe(base);
    expect(cacheKey(get({ now: '2026-01-01T00:00:01+00:00' }))).not.toBe(base);
    expect(cacheKey(get({ href: 'http://x/Plone/doc?a=1' }))).not.toBe(base);
    expect(cacheKey(get({ headers: new Headers({ 'Accept-Language': 'de' }) }))).not.toBe(base);
    expect(cacheKey(get({ credentials: 'Basic a' }))).not.toBe(cacheKey(get({ credentials: 'Basic b' })));
    expect(cacheKey(get({ principal: user('jane') }))).not.toBe(base);
    expect(cacheKey(get({ credentials: 'Basic a' }))).not.toContain('Basic a');
    // keyed: another hasher (another server) gives other keys for the same credentials
    expect(keyOf(get({ credentials: 'Basic a' }), keyedHash())).not.toBe(cacheKey(get({ credentials: 'Basic a' })));
  });
});
