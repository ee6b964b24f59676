// No request by a caller without the Manager role ever changes another user's record: random
// requests of every user/group/sharing/login kind, from Anonymous, a Member, a Site
// Administrator and a Reviewer, leave the other users' records (the very same objects) alone.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteState } from '../state/model.ts';
import { SECURITY_KEYS } from './settings.ts';
import { testSite, type Who } from '../compose/test-site.ts';

const PW = 'property-password';
const GIF = 'R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=';
const CALLERS = ['anonymous', 'mal', 'siteadmin', 'rev'] as const;
const TARGETS = ['vic', 'admin', 'mal', 'boss'] as const;

const bodies: unknown[] = [
  { fullname: 'Pwned' },
  { email: 'pwned@example.com' },
  { password: 'pwned-password' },
  { username: 'renamed' },
  { roles: { Manager: true } },
  { roles: { Member: false } },
  { portrait: { 'content-type': 'image/gif', data: GIF, encoding: 'base64', filename: 'x.gif' } },
  { portrait: null },
  { old_password: PW, new_password: 'pwned-password' },
  { old_password: 'wrong-password', new_password: 'pwned-password' },
  { reset_token: 'guess', new_password: 'pwned-password' },
  {},
  { username: 'vic', password: PW },
  { username: 'boss', password: PW, roles: ['Manager'] },
  { users: { vic: true, mal: true } },
  { groupname: 'evil', roles: ['Manager'], users: ['mal'] },
  { entries: [{ id: 'mal', type: 'user', roles: { Editor: true } }], inherit: false },
  { login: 'vic', password: 'guess-guess' },
];

const request = fc.record({
  caller: fc.constantFrom(...CALLERS),
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
  path: fc.oneof(
    fc.constantFrom(...TARGETS).map((t) => `/@users/${t}`),
    fc.constantFrom(...TARGETS).map((t) => `/@users/${t}/reset-password`),
    fc.constantFrom('/@users', '/@groups', '/@groups/Administrators', '/@groups/Site Administrators', '/@sharing', '/@login', '/@login-renew', '/@logout'),
  ),
  body: fc.constantFrom(...bodies),
  selfReg: fc.boolean(),
});

let site: Awaited<ReturnType<typeof testSite>>;
let base: SiteState;

beforeAll(async () => {
  // No throttling here: counted failures would silently turn callers into Anonymous across runs.
  site = await testSite({ throttle: { perLogin: 1e9, perClient: 1e9 } });
  const users: [string, string[]][] = [['vic', ['Member']], ['mal', ['Member']], ['siteadmin', ['Site Administrator']], ['rev', ['Reviewer']], ['boss', ['Manager']]];
  for (const [username, roles] of users) {
    expect((await site.call('POST', '/@users', { username, password: PW, roles, email: `${username}@example.com` })).status).toBe(201);
  }
  base = site.server.store.current;
});

const auth = (caller: (typeof CALLERS)[number]): Who => (caller === 'anonymous' ? 'anonymous' : { user: caller, password: PW });

describe('user records', () => {
  it('are changed by nobody but their owner and Managers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 8 }), async (requests) => {
        site.server.store.replace(base);
        for (const r of requests) {
          site.server.store.commit((d) => {
            d.registry[SECURITY_KEYS.selfRegistration] = r.selfReg;
          });
          const before = site.server.store.current;
          const res = await site.call(r.method, r.path, r.method === 'GET' || r.method === 'DELETE' ? undefined : r.body, auth(r.caller));
          expect(res.status, `${r.caller} ${r.method} ${r.path}`).toBeLessThan(500);
          const after = site.server.store.current;
          for (const id of Object.keys(before.users)) {
            if (id === r.caller) continue;
            expect(after.users[id], `${r.caller} ${r.method} ${r.path} ${JSON.stringify(r.body)} changed ${id}`).toBe(before.users[id]);
          }
          expect(after.users.admin).toBe(before.users.admin);
        }
      }),
      { numRuns: 60 },
    );
  });
});
