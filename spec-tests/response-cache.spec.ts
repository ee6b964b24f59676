// Repeated GETs (answered again from the server's response cache): a repeated answer is the same
// answer, a write between two reads is seen by the next one, and an answer given to one caller is
// never given to another (permissions and user decide it as they did).
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function document(title: string): Promise<string> {
  const id = uniqueId('cached');
  const r = await api.post(box, { '@type': 'Document', id, title });
  expect(r.status, r.text).toBe(201);
  return `${box}/${id}`;
}

describe('repeated GETs', () => {
  it('give the same answer again, byte for byte, and the answer after a write shows the write', async () => {
    const path = await document('First');
    const url = `${path}?expand=breadcrumbs,actions,types,workflow`;
    const first = await api.get(url);
    expect(first.status).toBe(200);
    expect(first.body.title).toBe('First');
    for (let i = 0; i < 3; i++) expect((await api.get(url)).text).toBe(first.text);
    expect((await api.patch(path, { title: 'Second' })).status).toBe(204);
    const after = await api.get(url);
    expect(after.body.title).toBe('Second');
    expect(after.body['@components'].breadcrumbs.items.at(-1).title).toBe('Second');
    expect((await api.get(url)).text).toBe(after.text);
  });

  it('answer a read asked once before a write for the state after it', async () => {
    const path = await document('One');
    expect((await api.get(`${path}?once=1`)).body.title).toBe('One');
    expect((await api.patch(path, { title: 'Two' })).status).toBe(204);
    expect((await api.get(`${path}?once=1`)).body.title).toBe('Two');
    expect((await api.get(`${path}?once=2`)).body.title).toBe('Two');
  });

  it('never give one caller the answer another was given', async () => {
    const path = await document('Private');
    for (let i = 0; i < 3; i++) expect((await api.get(path)).body.review_state).toBe('private');
    const anonymous = await api.get(path, { auth: 'anonymous' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe('Unauthorized');
    expect((await api.get(path, { auth: 'anonymous' })).status).toBe(401);
    const wrong = await api.get(path, { auth: { user: api.admin.user, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect((await api.get(path)).status).toBe(200);
  });
});
