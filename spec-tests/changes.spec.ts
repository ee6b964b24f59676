// The change stream (/++dev++/changes, Server-Sent Events) and the change a write names when its
// caller asks (X-CMS-Oracle-Changes): Managers only on a server without --dev-endpoints.
import { describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api } from './client.ts';

const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
const streamUrl = (api: Api) => `${api.base}/++dev++/changes`;

interface SseEvent {
  id: string;
  event: string;
  data: any;
}

/** Reads Server-Sent Events from a response body, one `next()` at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: SseEvent[] = [];
  const parse = () => {
    let at;
    while ((at = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      if (fields.has('data')) frames.push({ id: fields.get('id') ?? '', event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data')!) });
    }
  };
  return {
    /** The events received within `ms` milliseconds, waiting for at least `count`. */
    async take(count: number, ms = 3000): Promise<SseEvent[]> {
      const until = Date.now() + ms;
      while (frames.length < count && Date.now() < until) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, until - Date.now())))]);
        if (chunk === null || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return frames.splice(0, frames.length);
    },
    close: () => reader.cancel(),
  };
}

describe('change stream', () => {
  it('sends exactly one change event per write, with its readable changes, in order', async () => {
    const api = await connect();
    const res = await api.transport(streamUrl(api), { headers: { Accept: 'text/event-stream', Authorization: basic(api.admin.user, api.admin.password) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const events = sseReader(res.body!);
    try {
      const id = uniqueId('stream');
      const created = await api.post('', { '@type': 'Document', id, title: 'Streamed page' });
      expect(created.status).toBe(201);
      expect((await api.patch(`/${id}`, { title: 'Streamed page, edited' })).status).toBe(204);
      expect((await api.post(`/${id}/@workflow/publish`, {})).status).toBe(200);
      const mine = (await events.take(3)).filter((e) => String(e.data.request).includes(`/${id}`) || e.data.changes.some((l: any) => l.target === `/${id}`));
      if (!api.remote) {
        // Nothing else writes to an in-process site: wait a moment for any extra event.
        const extra = await events.take(1, 300);
        expect(extra).toEqual([]);
      }
      expect(mine).toHaveLength(3);
      expect(mine.map((e) => e.event)).toEqual(['change', 'change', 'change']);
      const seqs = mine.map((e) => e.data.seq);
      expect(seqs[0] < seqs[1] && seqs[1] < seqs[2]).toBe(true);
      expect(mine.map((e) => e.id)).toEqual(seqs.map(String));
      const path = new URL(api.base).pathname;
      expect(mine.map((e) => e.data.request)).toEqual([`POST ${path}`, `PATCH ${path}/${id}`, `POST ${path}/${id}/@workflow/publish`]);
      expect(mine.every((e) => e.data.user === api.admin.user)).toBe(true);
      const texts = mine.map((e) => e.data.changes.map((l: any) => l.text));
      expect(texts[0]).toContain(`content /${id} created Document "Streamed page" (private)`);
      expect(texts[1]).toContain(`content /${id} title: "Streamed page" → "Streamed page, edited"`);
      expect(texts[2]).toContain(`content /${id} review_state: private → published`);
      expect(mine[0].data.indexes.map((l: any) => l.text)).toContain(`catalog /${id} indexed`);
      expect(mine[2].data.indexes[0].text).toMatch(new RegExp(`^catalog /${id} reindexed: .*review_state`));
    } finally {
      await events.close();
    }
  });

  it('refuses anonymous subscribers and users who are not Managers', async () => {
    const api = await connect();
    const anonymous = await api.get('/++dev++/changes', { auth: 'anonymous', headers: { Accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { type: 'Unauthorized' } });
    const login = uniqueId('member');
    const made = await api.post('/@users', { username: login, password: 'a-long-password-1', email: `${login}@example.org` });
    expect(made.status).toBe(201);
    const member = await api.get('/++dev++/changes', { auth: { user: login, password: 'a-long-password-1' }, headers: { Accept: 'text/event-stream' } });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ error: { type: 'Forbidden' } });
  });

  it('names the change of a write to a Manager who asks, and shows it by number', async () => {
    const api = await connect();
    const id = uniqueId('asked');
    const plain = await api.post('', { '@type': 'Document', id, title: 'Asked' });
    expect(plain.status).toBe(201);
    expect(plain.headers.get('x-cms-oracle-change')).toBeNull();
    const asked = await api.post(`/${id}/@workflow/publish`, {}, { headers: { 'X-CMS-Oracle-Changes': '1' } });
    expect(asked.status).toBe(200);
    const seq = asked.headers.get('x-cms-oracle-change');
    expect(seq).toMatch(/^\d+$/);
    const change = await api.get(`/++dev++/changes/${seq}`);
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ '@id': `${api.base}/++dev++/changes/${seq}`, seq: Number(seq), user: api.admin.user });
    expect(change.body.changes.map((l: any) => l.text)).toContain(`content /${id} review_state: private → published`);
    expect(change.body.changes.find((l: any) => l.field === 'review_state')).toMatchObject({ area: 'content', target: `/${id}`, op: 'replace', detail: 'private → published' });
    // The list form, for clients without an event-stream reader.
    const list = await api.get(`/++dev++/changes?since=${Number(seq) - 1}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: any) => e.seq)).toContain(Number(seq));
    const missing = await api.get('/++dev++/changes/999999999');
    expect(missing.status).toBe(404);
    expect((await api.post('/++dev++/changes', {})).status).toBe(405);
  });

  it('names no change to a caller who may not read changes', async () => {
    const api = await connect();
    const login = uniqueId('writer');
    expect((await api.post('/@users', { username: login, password: 'a-long-password-2', email: `${login}@example.org`, roles: ['Contributor'] })).status).toBe(201);
    const res = await api.post('', { '@type': 'Document', title: 'By a contributor' }, { auth: { user: login, password: 'a-long-password-2' }, headers: { 'X-CMS-Oracle-Changes': '1' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-cms-oracle-change')).toBeNull();
  });
});
