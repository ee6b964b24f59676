// Every route of the table, asked with names that are JavaScript object members in its path, its
// query (keys and the values of the common parameters) and its body, on content of a type that
// has such a name: no answer is a 5xx, every error has a JSON body. (The property test beside it
// draws random request sequences; this one walks the whole route table, so that a new endpoint
// that reads a plain object with a caller's string is caught the day it is added.)
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../endpoints/index.ts';
import { createServer } from '../server.ts';
import { basic } from '../testing/call.ts';

const NAMES = ['__proto__', 'constructor', 'valueOf', 'toString', 'then'];
const SITE = 'http://localhost:8080/Plone';

describe('every route with hostile names', () => {
  let server: Awaited<ReturnType<typeof createServer>>;
  const headers = (admin: boolean) => ({ Accept: 'application/json', 'Content-Type': 'application/json', ...(admin ? { Authorization: basic('admin', 'admin') } : {}) });
  const send = (method: string, path: string, body?: unknown, admin = true) =>
    server.app.request(`${SITE}${path}`, { method, headers: headers(admin), body: body === undefined ? undefined : JSON.stringify(body) });

  /** The object `c-<n>` of type `n`, made again when a request of the walk removed it. */
  const content = async (n: string) => {
    if ((await send('GET', `/c-${encodeURIComponent(n)}`)).status === 200) return;
    const made = await send('POST', '', { '@type': n, id: `c-${n}`, title: n });
    expect(made.status, await made.text()).toBe(201);
  };

  beforeAll(async () => {
    server = await createServer({ deterministic: true });
    // types, content, users and groups with such names, so that look-ups by them happen
    for (const n of NAMES) {
      expect((await send('POST', '/@controlpanels/dexterity-types', { title: `T ${n}`, id: n })).status).toBe(201);
      await content(n);
      expect((await send('POST', '/@users', { username: `u-${n}`, password: 'long-enough-1', email: 'u@example.com', fullname: n })).status).toBe(201);
      expect((await send('POST', '/@groups', { groupname: `g-${n}`, title: n })).status).toBe(201);
    }
  });

  it('never answers 5xx, and answers every error with a JSON body', async () => {
    const endpoints = [...new Set(routeTable().routes.map((r) => r.endpoint))];
    expect(endpoints.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let asked = 0;
    let reached = 0; // answers that are neither 404 nor a redirect: the request got to a handler
    for (const endpoint of endpoints) {
      const base = endpoint ?? ''; // '@name' or the object itself
      for (const n of NAMES) {
        await content(n);
        const q = encodeURIComponent(n);
        const paths = [`/${base}/${q}`.replace('//', '/'), `/${base}?${q}=${q}&expand=${q}&metadata_fields=${q}&sort_on=${q}&categories=${q}`, `/c-${q}${base && `/${base}`}`];
        const body = { [n]: n, '@type': n, title: n, items: [n], roles: { [n]: true }, users: { [n]: true } };
        for (const path of paths) {
          for (const [method, admin] of [['GET', false], ['GET', true], ['POST', true], ['PATCH', true], ['PUT', true], ['DELETE', true]] as const) {
            const res = await send(method, path, method === 'GET' ? undefined : body, admin);
            const text = await res.text();
            asked++;
            if (res.status !== 404 && (res.status < 300 || res.status >= 400)) reached++;
            let json = true;
            try {
              if (res.status >= 400) JSON.parse(text);
            } catch {
              json = false;
            }
            if (res.status >= 500 || !json) failures.push(`${method} ${path} -> ${res.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(4000);
    expect(reached).toBeGreaterThan(asked / 2);
    expect(failures).toEqual([]);
  }, 300_000);
});
