// Crash test: the real server in --durable mode as a child process, concurrent creates and
// patches, kill -9 at random moments, restart; every acknowledged write must be there and the
// tree consistent (restore() with check 'full' runs checkSite and refuses an inconsistent site).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restore } from './restore.ts';
import { capturingLogger, tmpDataDir } from '../compose/persistence-testing.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ROUNDS = 5;
const WORKERS = 16;
const AUTH = 'Basic ' + Buffer.from('admin:admin').toString('base64');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/cms-oracle.ts', '--durable', '--data-dir', dataDir, '--fixture', 'minimal', '--port', String(port), '--log-level', 'warn', '--snapshot-interval', '1'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', () => {
      if (out.includes(' ready in ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, output: () => out };
}

interface Expectation {
  path: string;
  /** The create was acknowledged (201): it must exist. */
  created: boolean;
  /** A create whose answer never came: it may or may not exist. */
  createInFlight: boolean;
  /** Last acknowledged description, and one sent but not answered. */
  description: string;
  inFlight: string | null;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: AUTH, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('crash test', () => {
  it(`kill -9 at random moments loses no acknowledged write (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    const dataDir = tmpDataDir('crash');
    const expected = new Map<string, Expectation>();
    let acknowledged = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const port = await freePort();
      const { child, output } = await start(dataDir, port);
      const base = `http://127.0.0.1:${port}/Plone`;
      try {
        // 1. Every acknowledged write of the earlier rounds is there.
        for (const [id, e] of expected) {
          const got = await call(base, 'GET', e.path);
          if (e.created) expect(got.status, `${e.path} (acknowledged) after round ${round}\n${output()}`).toBe(200);
          if (got.status === 404 && e.createInFlight) {
            expected.delete(id);
            continue;
          }
          expect(got.status).toBe(200);
          const allowed = [e.description, ...(e.inFlight === null ? [] : [e.inFlight])];
          expect(allowed, `${e.path} description after round ${round}`).toContain(got.body.description);
          Object.assign(e, { created: true, createInFlight: false, description: got.body.description, inFlight: null });
        }
        if (round === ROUNDS) break;
        if (round === 0) expect((await call(base, 'POST', '', { '@type': 'Folder', id: 'shared', title: 'Shared' })).status).toBe(201);

        // 2. Concurrent creates and patches until the kill.
        let killed = false;
        const worker = async (w: number) => {
          const mine: Expectation[] = [];
          for (let n = 0; !killed; n++) {
            const patchable = mine.filter((e) => e.created);
            if (!patchable.length || Math.random() < 0.35) {
              const id = `r${round}-w${w}-${n}`;
              const parent = Math.random() < 0.5 ? '' : '/shared';
              const e: Expectation = { path: `${parent}/${id}`, created: false, createInFlight: true, description: '', inFlight: null };
              expected.set(id, e);
              mine.push(e);
              const res = await call(base, 'POST', parent, { '@type': 'Document', id, title: `Doc ${id}` }).catch(() => undefined);
              if (!res) return;
              expect(res.status).toBe(201);
              Object.assign(e, { created: true, createInFlight: false });
            } else {
              const e = patchable[Math.floor(Math.random() * patchable.length)];
              const value = `v${n}-${Math.random().toString(36).slice(2, 8)}`;
              e.inFlight = value;
              const res = await call(base, 'PATCH', e.path, { description: value }).catch(() => undefined);
              if (!res) return;
              expect(res.status).toBe(204);
              Object.assign(e, { description: value, inFlight: null });
            }
            acknowledged++;
          }
        };
        const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        // Some writes acknowledged in every round (not a speed check: on a slow machine this
        // waits longer), then a kill at a random moment.
        const before = acknowledged;
        for (let waited = 0; acknowledged - before < 25 && waited < 30_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, Math.random() * 1200));
        killed = true;
        child.kill('SIGKILL');
        await load;
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill(round === ROUNDS ? 'SIGTERM' : 'SIGKILL');
          await exited;
        }
      }
    }
    expect(acknowledged).toBeGreaterThan(100);
    // 3. The data dir restores to a consistent site holding exactly the expected objects.
    const restored = restore(dataDir, capturingLogger(), { readOnly: true, check: 'full' })!;
    expect(restored.state.nodeCount).toBe(expected.size + 2); // + root + shared
  });
});
