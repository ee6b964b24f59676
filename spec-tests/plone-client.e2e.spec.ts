// End to end with the real @plone/client npm package (its own HTTP requests through axios, to
// `<apiPath>/++api++/...`) against the acceptance preset: login, create, update, search, lock —
// once with a token (Bearer, as the client does by default) and once with the `__ac` session
// cookie that @login sets (a browser keeps it; here a minimal cookie jar on axios' defaults,
// which the client's axios instances inherit, plays the browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axios, { type AxiosResponseHeaders } from 'axios';
import PloneClient from '@plone/client';
import { listen, type Listening } from './client.ts';
import { checkAnswer } from './responses.ts';

// Against a server of one's own (SPEC_BASE_URL) these run when it was started with
// --preset acceptance and SPEC_PRESET=acceptance says so.
const runs = !process.env.SPEC_BASE_URL || process.env.SPEC_PRESET === 'acceptance';

let site: Listening;

/**
 * Every answer the client receives is checked against its route's response schema, as the
 * spec-tests' own requests are (axios calls a response transform with its request config as `this`).
 */
function checked(this: { url?: string; baseURL?: string; method?: string }, data: unknown, headers: AxiosResponseHeaders, status?: number): unknown {
  if (typeof data !== 'string' || status === undefined) return data;
  const url = /^https?:/.test(this.url ?? '') ? this.url! : `${(this.baseURL ?? '').replace(/\/+$/, '')}/${(this.url ?? '').replace(/^\/+/, '')}`;
  let body: unknown;
  try {
    body = data ? JSON.parse(data) : undefined;
  } catch {
    body = undefined;
  }
  const plain = new Headers(Object.entries(headers?.toJSON?.() ?? {}).map(([name, value]) => [name, String(value)]));
  checkAnswer(site.base, this.method ?? 'get', url, { status, headers: plain, body, text: data });
  return data;
}

const defaultTransform = axios.defaults.transformResponse;
beforeAll(async () => {
  site = await listen({ preset: 'acceptance' });
  axios.defaults.transformResponse = [checked as never, ...[defaultTransform ?? []].flat()];
});
afterAll(async () => {
  axios.defaults.transformResponse = defaultTransform;
  await site?.close();
});

type Client = InstanceType<typeof PloneClient>;

async function scenario(client: Client, id: string): Promise<void> {
  const created = await client.createContentMutation().mutationFn({ path: '/', data: { '@type': 'Document', id, title: `Harbour ${id}` } });
  expect(created['@id']).toBe(`${site.base}/${id}`);
  expect(created.title).toBe(`Harbour ${id}`);

  await client.updateContentMutation().mutationFn({ path: `/${id}`, data: { title: `Lighthouse ${id}`, description: 'Open on Sundays' } });
  const content = await client.getContent({ path: `/${id}` });
  expect(content.title).toBe(`Lighthouse ${id}`);
  expect(content.description).toBe('Open on Sundays');

  const found = await client.getSearchQuery({ query: { SearchableText: 'lighthouse', portal_type: ['Document'] } }).queryFn();
  expect(found.items.map((i: { '@id': string }) => i['@id'])).toContain(`${site.base}/${id}`);

  const lock = await client.createLockMutation().mutationFn({ path: id, data: { stealable: true, timeout: 600 } });
  expect(lock.locked).toBe(true);
  expect(typeof lock.token).toBe('string');
  const locked = await client.getContent({ path: `/${id}` });
  expect(locked.lock.locked).toBe(true);
  expect(locked.lock.stealable).toBe(true);
  const unlocked = await client.deleteLockMutation().mutationFn({ path: id, data: { force: true } });
  expect(unlocked.locked).toBe(false);
}

describe.skipIf(!runs)('@plone/client against the acceptance preset', () => {
  it('with a token', async () => {
    const client = PloneClient.initialize({ apiPath: site.base });
    const token = await client.login({ username: site.admin.user, password: site.admin.password });
    expect(token.split('.')).toHaveLength(3);
    expect(client.getConfig().token).toBe(token);
    await scenario(client, 'with-token');
  });

  it('with the __ac session cookie', async () => {
    // The cookie jar: remember Set-Cookie: __ac=…, send it back on every later request.
    let cookie: string | undefined;
    const keep = (data: unknown, headers: AxiosResponseHeaders) => {
      const set = headers?.['set-cookie'] as string[] | string | undefined;
      const ac = [set ?? []].flat().find((c) => c.startsWith('__ac='));
      if (ac) cookie = ac.split(';')[0];
      return data;
    };
    const defaults = axios.defaults;
    const before = { transform: defaults.transformResponse, cookie: defaults.headers.common.Cookie };
    defaults.transformResponse = [keep as never, ...[before.transform ?? []].flat()];
    try {
      const login = PloneClient.initialize({ apiPath: site.base });
      await login.login({ username: site.admin.user, password: site.admin.password });
      expect(cookie).toMatch(/^__ac=/);
      defaults.headers.common.Cookie = cookie;
      const client = PloneClient.initialize({ apiPath: site.base }); // no token: the cookie alone
      expect(client.getConfig().token).toBeUndefined();
      await scenario(client, 'with-cookie');
      const content = await client.getContent({ path: '/with-cookie' });
      expect(content.creators).toEqual([site.admin.user]);
      // without the cookie the same client is Anonymous: a private page is not there for it
      delete defaults.headers.common.Cookie;
      await expect(client.getContent({ path: '/with-cookie' })).rejects.toMatchObject({ response: { status: 401 } });
    } finally {
      defaults.transformResponse = before.transform;
      if (before.cookie === undefined) delete defaults.headers.common.Cookie;
      else defaults.headers.common.Cookie = before.cookie;
    }
  });
});
