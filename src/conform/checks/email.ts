// @email-notification and @email-send: the required parameters and who may send. No check sends
// mail: every request here is refused before anything is sent.
import { family, supplement } from './define.ts';

export default family('email', [
  {
    id: 'email.notification.requires-from-and-message',
    level: 'SHOULD',
    source: supplement('31.15 (400 "Missing from or message parameters")'),
    title: 'POST /@email-notification without from or message answers 400 "Missing from or message parameters"',
    async run(t) {
      for (const body of [{ message: 'Hello' }, { from: 'someone@example.org' }]) {
        const r = await t.post('/@email-notification', body);
        t.status(r, 400, `POST ${JSON.stringify(body)}`);
        t.body(r, { message: 'Missing from or message parameters' });
      }
    },
  },
  {
    id: 'email.send.requires-to-from-and-message',
    level: 'SHOULD',
    source: supplement('31.16 (400 Missing "to", "from" or "message" parameters)'),
    title: 'POST /@email-send without to, from or message answers 400 with the message',
    async run(t) {
      const r = await t.post('/@email-send', { to: 'someone@example.org', message: 'Hello' });
      t.status(r, 400);
      t.body(r, { error: { type: 'BadRequest', message: 'Missing "to", "from" or "message" parameters' } });
    },
  },
  {
    id: 'email.send.refused-without-permission',
    level: 'SHOULD',
    source: supplement('31.16 (Use mailhost services: 401 anonymous, 403 without the permission)'),
    title: 'Anonymous callers get 401 and members 403 from @email-send',
    async run(t) {
      const mail = { to: 'someone@example.org', from: 'other@example.org', message: 'Hello' };
      t.status(await t.post('/@email-send', mail, { auth: 'anonymous' }), 401, 'POST by Anonymous');
      const member = await t.token(await t.user());
      t.status(await t.post('/@email-send', mail, { auth: member }), 403, 'POST by a member');
    },
  },
]);
