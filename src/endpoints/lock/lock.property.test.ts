// Model-based test of the lock rules: random sequences of lock / refresh / unlock (with and
// without force) / PATCH (with the right, a wrong or no Lock-Token) / clock moves, by the admin,
// two editors, a member and anonymous, against a simple model of one page's lock.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from '../../server.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { manualClock } from '../../lib/clock.ts';
import type { User } from '../../state/model.ts';
import { callJson } from '../../http/json-call.ts';

const BASE = 'http://localhost:8080/Plone';
type Who = 'admin' | 'alice' | 'bob' | 'carol' | 'anonymous';
const EDITORS = new Set<Who>(['admin', 'alice', 'bob']);
const PASSWORD = 'lock-test-password';

interface Model {
  now: number;
  lock: { owner: Who; stealable: boolean; created: number; timeout: number; token: string } | null;
  title: string;
  edits: number;
}

interface Real {
  call(method: string, path: string, who: Who, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  advance(seconds: number): void;
}

const active = (m: Model) => (m.lock && m.now < m.lock.created + m.lock.timeout ? m.lock : null);

async function check(m: Model, r: Real) {
  const lock = (await r.call('GET', '/page/@lock', 'admin')).body;
  const expected = active(m);
  expect(lock.locked).toBe(!!expected);
  if (expected) {
    expect(lock.creator).toBe(expected.owner);
    expect(lock.timeout).toBe(expected.timeout);
    expect(lock.token).toBe(expected.token);
    expect(lock.stealable).toBe(expected.stealable || expected.owner === 'admin');
  }
  expect((await r.call('GET', '/page', 'admin')).body.title).toBe(m.title);
}

class LockCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who, readonly stealable: boolean, readonly timeout: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.call('POST', '/page/@lock', this.who, { stealable: this.stealable, timeout: this.timeout });
    if (!EDITORS.has(this.who)) expect(res.status).toBe(401);
    else {
      expect(res.status).toBe(200);
      const held = active(m);
      if (held) expect(res.body.token).toBe(held.token);
      else m.lock = { owner: this.who, stealable: this.stealable, created: m.now, timeout: this.timeout, token: res.body.token };
    }
    await check(m, r);
  }
  toString = () => `lock(${this.who}, stealable=${this.stealable}, ${this.timeout}s)`;
}

class RefreshCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.call('PATCH', '/page/@lock', this.who);
    if (!EDITORS.has(this.who)) expect(res.status).toBe(401);
    else {
      expect(res.status).toBe(200);
      const held = active(m);
      if (held && held.owner === this.who) held.created = m.now;
    }
    await check(m, r);
  }
  toString = () => `refresh(${this.who})`;
}

class UnlockCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who, readonly force: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.call('DELETE', '/page/@lock', this.who, this.force ? { force: true } : undefined);
    if (!EDITORS.has(this.who)) expect(res.status).toBe(401);
    else {
      expect(res.status).toBe(200);
      const held = active(m);
      if (held && (this.force || held.stealable || held.owner === this.who)) m.lock = null;
      expect(res.body.locked).toBe(!!active(m));
    }
    await check(m, r);
  }
  toString = () => `unlock(${this.who}${this.force ? ', force' : ''})`;
}

class PatchCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who, readonly token: 'right' | 'wrong' | 'none') {}
  check = () => true;
  async run(m: Model, r: Real) {
    const header = this.token === 'none' ? undefined : this.token === 'wrong' ? 'not-the-token' : (m.lock?.token ?? 'no-lock-yet');
    const title = `Edit ${++m.edits}`;
    const res = await r.call('PATCH', '/page', this.who, { title }, header ? { 'Lock-Token': header } : {});
    const held = active(m);
    if (!EDITORS.has(this.who)) expect(res.status).toBe(401);
    else if (held && header !== held.token) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { type: 'Forbidden', message: 'Resource is locked.' } });
    } else {
      expect(res.status).toBe(204);
      m.title = title;
    }
    await check(m, r);
  }
  toString = () => `patch(${this.who}, token=${this.token})`;
}

class AdvanceCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.now += this.seconds;
    r.advance(this.seconds);
    await check(m, r);
  }
  toString = () => `advance(${this.seconds}s)`;
}

const who = fc.constantFrom<Who>('admin', 'alice', 'alice', 'bob', 'bob', 'carol', 'anonymous');
const commands = [
  fc.tuple(who, fc.boolean(), fc.integer({ min: 1, max: 6 })).map(([w, s, t]) => new LockCmd(w, s, t)),
  who.map((w) => new RefreshCmd(w)),
  fc.tuple(who, fc.boolean()).map(([w, f]) => new UnlockCmd(w, f)),
  fc.tuple(who, fc.constantFrom<'right' | 'wrong' | 'none'>('right', 'right', 'wrong', 'none')).map(([w, t]) => new PatchCmd(w, t)),
  fc.integer({ min: 0, max: 4 }).map((s) => new AdvanceCmd(s)),
];

let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function user(id: string, roles: string[]): User {
  return { id, username: id, fullname: id.toUpperCase(), email: `${id}@example.com`, description: '', home_page: '', location: '', passwordHash, roles };
}

async function setup(): Promise<{ model: Model; real: Real }> {
  const clock = manualClock();
  const server = await createServer({ clock, admin: { user: 'admin', password: PASSWORD } });
  server.store.commit((draft) => {
    draft.users.alice = user('alice', ['Editor']);
    draft.users.bob = user('bob', ['Editor']);
    draft.users.carol = user('carol', ['Member']);
  });
  const real: Real = {
    async call(method, path, w, body, headers = {}) {
      const auth: Record<string, string> = w === 'anonymous' ? {} : { Authorization: 'Basic ' + Buffer.from(`${w}:${PASSWORD}`).toString('base64') };
      const res = await callJson(server.app, method, BASE + path, body, { 'Content-Type': 'application/json', ...auth, ...headers });
      return { status: res.status, body: res.body };
    },
    advance: (s) => clock.advance(s),
  };
  const created = await real.call('POST', '', 'admin', { '@type': 'Document', id: 'page', title: 'Start' });
  expect(created.status).toBe(201);
  return { model: { now: 0, lock: null, title: 'Start', edits: 0 }, real };
}

describe('lock rules (model-based)', () => {
  it('follow the state table for any sequence of lock operations by several users', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
