// Cost of authentication and the permission check: GET requests/s as Anonymous, with a Bearer
// token and with HTTP Basic (verified credentials are cached), and POST @login requests/s
// (one scrypt hash each). In-process through app.request, so the network is not measured.
//   npx tsx bench/auth.ts [seconds-per-case]
import { hashPassword } from '../src/auth/passwords.ts';
import { createServer } from '../src/server.ts';

const BASE = 'http://localhost:8080/Plone';
const seconds = Number(process.argv[2] ?? 3);
const CONCURRENCY = 16;

async function rate(send: () => Response | Promise<Response>, secs: number): Promise<{ rate: number; failed: number }> {
  let count = 0;
  let failed = 0;
  const until = performance.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await send();
        await res.arrayBuffer();
        if (res.status >= 300) failed++; // (the wrong-password case answers 401 on purpose)
        count++;
      }
    }),
  );
  return { rate: count / secs, failed };
}

/** Cases measured in interleaved rounds (noise from other processes hits all alike); best round. */
async function measure(cases: [string, () => Response | Promise<Response>][], rounds = 3): Promise<void> {
  for (const [, send] of cases) for (let i = 0; i < 50; i++) await (await send()).arrayBuffer(); // warm up
  const best = new Map<string, { rate: number; failed: number }>();
  for (let r = 0; r < rounds; r++) {
    for (const [name, send] of cases) {
      const got = await rate(send, seconds / rounds);
      if (!best.has(name) || got.rate > best.get(name)!.rate) best.set(name, got);
    }
  }
  for (const [name] of cases) {
    const { rate: r, failed } = best.get(name)!;
    console.log(`${name.padEnd(40)} ${r.toFixed(0).padStart(7)} req/s${failed ? `  (${failed} non-2xx)` : ''}`);
  }
}

const server = await createServer({ throttle: { perLogin: 1e9, perClient: 1e9 } });
const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  server.app.request(BASE + path, {
    method,
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
const admin = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') };
await call('POST', '/@users', admin, { username: 'bench', password: 'bench-password' });
await call('POST', '', admin, { '@type': 'Folder', id: 'f', title: 'F' });
await call('POST', '/f/@workflow/publish', admin);
await call('POST', '/f', admin, { '@type': 'Document', id: 'd', title: 'D' });
await call('POST', '/f/d/@workflow/publish', admin);
const token = ((await (await call('POST', '/@login', {}, { login: 'bench', password: 'bench-password' })).json()) as { token: string }).token;
const basic = { Authorization: 'Basic ' + Buffer.from('bench:bench-password').toString('base64') };
const bearer = { Authorization: `Bearer ${token}` };

console.log(`GET /f/d (published page), ${CONCURRENCY} concurrent, ${seconds}s per case, best of 3 interleaved rounds`);
let n = 0;
await measure([
  ['GET anonymous', () => call('GET', '/f/d')],
  ['GET Bearer', () => call('GET', '/f/d', bearer)],
  ['GET Basic (cached verification)', () => call('GET', '/f/d', basic)],
  ['GET @users/bench Bearer', () => call('GET', '/@users/bench', bearer)],
  ['POST @login, repeated (cached)', () => call('POST', '/@login', {}, { login: 'bench', password: 'bench-password' })],
]);
await measure([['POST @login, new password each (scrypt)', () => call('POST', '/@login', {}, { login: 'bench', password: `wrong-${n++}` })]], 1);
const t0 = performance.now();
for (let i = 0; i < 20; i++) await hashPassword(`p${i}`);
console.log(`one scrypt hash (N=2^14, r=8, p=1): ${((performance.now() - t0) / 20).toFixed(1)} ms`);
