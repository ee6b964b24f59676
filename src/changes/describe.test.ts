// The formatter of commits, on real commits made through the API of an in-process site.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Commit } from '../state/store.ts';
import { createServer } from '../server.ts';
import { describeCommit, describedLines } from './describe.ts';
import { MAX_LINES } from './lines.ts';

type Server = Awaited<ReturnType<typeof createServer>>;
let server: Server;
const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');

/** Send a request; answer the status, the parsed body and the description of the commit it made. */
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const commits: Commit[] = [];
  const off = server.store.subscribe((c) => commits.push(c));
  try {
    const res = await server.app.request(`http://localhost:8080/Plone${path}`, {
      method,
      headers: { Authorization: ADMIN, Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const described = commits.map((c) => describeCommit(c.before, c.after, c.patches));
    return { status: res.status, body: text ? JSON.parse(text) : undefined, described, lines: described.flatMap(describedLines) };
  } finally {
    off();
  }
}

beforeAll(async () => {
  server = await createServer();
});

describe('describeCommit', () => {
  it('tells a creation, its catalog entry, and nothing else', async () => {
    const r = await send('POST', '', { '@type': 'Document', id: 'page-a', title: 'Page A' });
    expect(r.status).toBe(201);
    expect(r.lines).toEqual(['content /page-a created Document "Page A" (private)', 'catalog /page-a indexed']);
    const [line] = r.described[0].changes;
    expect(line).toMatchObject({ area: 'content', target: '/page-a', op: 'add' });
  });

  it('tells that publishing also set effective and re-indexed the entry', async () => {
    const r = await send('POST', '/page-a/@workflow/publish', {});
    expect(r.status).toBe(200);
    const { changes, indexes } = r.described[0];
    const text = changes.map((l) => l.text);
    expect(text).toContain('content /page-a review_state: private → published');
    expect(text.some((t) => /^content \/page-a effective: \(none\) → \d{4}-\d\d-\d\dT/.test(t))).toBe(true);
    expect(text).toContain('content /page-a workflow_history: + publish by admin → published');
    expect(changes.find((l) => l.field === 'review_state')).toMatchObject({ op: 'replace', detail: 'private → published' });
    expect(indexes).toHaveLength(1);
    expect(indexes[0].text).toMatch(/^catalog \/page-a reindexed: .*review_state/);
    expect(indexes[0].detail.split(', ')).toEqual(expect.arrayContaining(['review_state', 'effective', 'allowedRolesAndUsers']));
  });

  it('shows a lock without its token, and an edit field by field', async () => {
    const lock = await send('POST', '/page-a/@lock', {});
    const token = lock.body.token as string;
    expect(token).toBeTruthy();
    expect(lock.lines).toEqual(['content /page-a lock: (none) → locked by admin, 600 s']);
    expect(JSON.stringify(lock.described)).not.toContain(token);
    const edit = await send('PATCH', '/page-a', { title: 'Page A, edited', description: 'Now with a summary' }, { 'Lock-Token': token });
    expect(edit.status).toBe(204);
    expect(edit.lines).toEqual(
      expect.arrayContaining([
        'content /page-a title: "Page A" → "Page A, edited"',
        'content /page-a description: (none) → "Now with a summary"',
      ]),
    );
    expect(edit.lines.find((l) => l.startsWith('catalog /page-a reindexed:'))).toMatch(/sortable_title.*SearchableText/);
    await send('DELETE', '/page-a/@lock', {});
  });

  it('tells a rename with the alias it left behind', async () => {
    await send('POST', '', { '@type': 'Folder', id: 'box', title: 'Box' });
    const r = await send('POST', '/box/@move', { source: `http://localhost:8080/Plone/page-a` });
    expect(r.status).toBe(200);
    expect(r.lines).toEqual(
      expect.arrayContaining(['content /page-a moved → /box/page-a', 'catalog /box/page-a reindexed: path', 'alias /page-a → /box/page-a added']),
    );
    expect(r.described[0].indexes.map((l) => l.area)).toEqual(expect.arrayContaining(['catalog', 'alias']));
  });

  it('never shows a password hash or a token digest', async () => {
    const add = await send('POST', '/@users', { username: 'bob', password: 'a-secret-123', email: 'bob@example.org', roles: ['Editor'] });
    expect(add.status).toBe(201);
    expect(add.lines[0]).toMatch(/^user bob added \{/);
    const hash = server.store.current.users.bob.passwordHash;
    expect(hash.length).toBeGreaterThan(20);
    const change = await send('PATCH', '/@users/bob', { password: 'another-secret-456', fullname: 'Bob' });
    expect(change.lines).toEqual(expect.arrayContaining(['user bob fullname: "" → Bob', 'user bob passwordHash: (hidden) changed']));
    for (const r of [add, change]) {
      const all = JSON.stringify(r.described);
      expect(all).not.toContain(hash.slice(-20));
      expect(all).not.toContain(server.store.current.users.bob.passwordHash.slice(-20));
      expect(all).not.toContain('scrypt$');
    }
  });

  it('tells stored login tokens by owner, never by digest', async () => {
    const stored = await createServer({ tokens: { storeTokens: true } });
    const commits: Commit[] = [];
    stored.store.subscribe((c) => commits.push(c));
    const res = await stored.app.request('http://localhost:8080/Plone/@login', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'admin' }),
    });
    expect(res.status).toBe(200);
    const lines = commits.flatMap((c) => describedLines(describeCommit(c.before, c.after, c.patches)));
    expect(lines).toEqual(['auth admin login token stored']);
    const digests = Object.keys(stored.store.current.auth?.tokens ?? {});
    expect(digests).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain(digests[0]);
  });

  it('tells group members and local roles as what was added and removed', async () => {
    const group = await send('POST', '/@groups', { groupname: 'crew', title: 'Crew' });
    expect(group.status).toBe(201);
    const join = await send('PATCH', '/@groups/crew', { users: { bob: true } });
    expect(join.lines).toEqual(['group crew members: + bob']);
    const share = await send('POST', '/box/@sharing', { entries: [{ id: 'bob', type: 'user', roles: { Editor: true } }] });
    expect(share.lines).toContain('content /box local_roles bob: + Editor');
  });

  it('tells a deletion and the entries that left the catalog', async () => {
    const r = await send('DELETE', '/box');
    expect(r.status).toBe(204);
    expect(r.lines).toEqual(
      expect.arrayContaining(['content /box deleted (Folder Box)', 'content /box/page-a deleted (Document "Page A, edited")', 'catalog /box unindexed', 'catalog /box/page-a unindexed']),
    );
  });

  it('keeps at most MAX_LINES lines and counts the rest', async () => {
    await send('POST', '', { '@type': 'Folder', id: 'many', title: 'Many' });
    for (let i = 0; i < 120; i++) await send('POST', '/many', { '@type': 'Document', id: `d${i}`, title: `D ${i}` });
    const r = await send('POST', '/@copy', { source: 'http://localhost:8080/Plone/many' });
    expect(r.status).toBe(200);
    const d = r.described[0];
    expect(d.changes.length + d.indexes.length).toBe(MAX_LINES);
    // 121 objects created and 121 entries indexed: 242 lines
    expect(d.omitted).toBe(242 - MAX_LINES);
    expect(describedLines(d).at(-1)).toBe(`… and ${242 - MAX_LINES} more`);
  });

  it('tells a whole-state replacement in one line', () => {
    const before = server.store.current;
    const d = describeCommit(before, before, [{ op: 'replace', path: [], value: before }]);
    expect(describedLines(d)).toEqual(['site whole state replaced (restored)']);
  });
});
