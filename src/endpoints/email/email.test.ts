// @email-send and @email-notification: the mail reaches the outbox once the request's commit is
// made and durable, and a refused or failed request sends nothing.
import { describe, expect, it } from 'vitest';
import { createServer } from '../../server.ts';

const ADMIN = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };

async function site() {
  const server = await createServer({ deterministic: true });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = ADMIN) =>
    server.app.request(`http://localhost:8080/Plone${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { server, call };
}

describe('mail endpoints', () => {
  it('send to the outbox, once, after answering 204; a refused request sends nothing', async () => {
    const { server, call } = await site();
    const outbox = server.services.auth.outbox;
    expect((await call('POST', '/@email-send', { to: 'a@example.org', from: 'b@example.org', message: 'x' })).status).toBe(400); // mail not configured
    expect(outbox.messages).toHaveLength(0);
    expect((await call('PATCH', '/@controlpanels/mail', { email_from_address: 'site@example.org', email_from_name: 'Site' })).status).toBe(204);
    const before = server.store.current;
    const sent = await call('POST', '/@email-send', { to: 'a@example.org', from: 'b@example.org', message: 'Hello there', subject: 'Greetings' });
    expect(sent.status).toBe(204);
    expect(server.store.current).toBe(before); // the site does not change
    expect(outbox.messages).toHaveLength(1);
    expect(outbox.messages[0]).toMatchObject({ to: 'a@example.org', subject: 'Greetings' });
    expect(outbox.messages[0].body).toContain('Hello there');
    const notified = await call('POST', '/@email-notification', { from: 'jane@example.org', message: 'Feedback' });
    expect(notified.status).toBe(204);
    expect(outbox.messages.map((m) => m.to)).toEqual(['a@example.org', 'site@example.org']);
    const anonymous = await call('POST', '/@email-send', { to: 'a@example.org', from: 'b@example.org', message: 'x' }, { 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(anonymous.status).toBe(401);
    expect(outbox.messages).toHaveLength(2);
  });

  it('sends only once the commit is on disk, and nothing when it could not be written', async () => {
    const { server, call } = await site();
    const outbox = server.services.auth.outbox;
    expect((await call('PATCH', '/@controlpanels/mail', { email_from_address: 'site@example.org', email_from_name: 'Site' })).status).toBe(204);
    // a journal that has not written yet: the answer waits, and so does the mail
    let written!: () => void;
    let asked = 0;
    server.store.durability = () => (asked++, new Promise<void>((resolve) => (written = resolve)));
    const sending = call('POST', '/@email-send', { to: 'a@example.org', from: 'b@example.org', message: 'Hello' });
    for (let i = 0; i < 50 && !asked; i++) await new Promise((r) => setTimeout(r, 1));
    expect(asked).toBe(1); // the write reached its commit
    expect(outbox.messages).toHaveLength(0); // and nothing was sent before it is durable
    written();
    expect((await sending).status).toBe(204);
    expect(outbox.messages.map((m) => m.to)).toEqual(['a@example.org']);
    // a journal that cannot write: the request fails and no mail leaves
    server.store.durability = () => Promise.reject(new Error('disk full'));
    const failed = await call('POST', '/@email-notification', { from: 'jane@example.org', message: 'Feedback' });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(outbox.messages).toHaveLength(1);
  });
});
