// @transactions (list, undo), @database, @email-notification and @email-send.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

describe('@transactions', () => {
  it('lists recent changes, newest first, and undoes one', async () => {
    expect((await api.post(box, { '@type': 'Document', id: 'undoable', title: 'Before' })).status).toBe(201);
    expect((await api.patch(`${box}/undoable`, { title: 'After' })).status).toBe(204);
    const list = await api.get('/@transactions');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(2);
    const last = list.body[0];
    expect(typeof last.id).toBe('string');
    expect(typeof last.time).toBe('string');
    const undo = await api.patch('/@transactions', { transaction_ids: [last.id] });
    expect(undo.status).toBe(200);
    expect((await api.get(`${box}/undoable`)).body.title).toBe('Before');
  });

  it('refuses an undo without ids and anonymous callers', async () => {
    expect((await api.patch('/@transactions', {})).status).toBe(400);
    expect((await api.get('/@transactions', { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('@database', () => {
  it('reports sizes to managers only', async () => {
    const r = await api.get('/@database');
    expect(r.status).toBe(200);
    expect(r.body.db_size).toBeGreaterThan(0);
    expect((await api.get('/@database', { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('mail', () => {
  it('refuses to send while mail is not configured', async () => {
    const r = await api.post('/@email-notification', { from: 'jane@example.org', message: 'Hello' });
    expect(r.status).toBe(400);
    expect(r.text).toContain('MailHost is not configured');
  });

  it('@email-send: 401 anonymous', async () => {
    const r = await api.post('/@email-send', { to: 'a@example.org', from: 'b@example.org', message: 'x' }, { auth: 'anonymous' });
    expect(r.status).toBe(401);
  });
});
