// Passwords and the token secret never leave the server: after a run through every credential
// path, neither the serialized state, nor the request log, nor any response (headers and body)
// contains a known password or any signing secret.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { SECURITY_KEYS } from './settings.ts';
import { testSite } from '../compose/test-site.ts';

const PASSWORDS = ['Kn0wn-Passw0rd-Alpha', 'Kn0wn-Passw0rd-Bravo', 'Kn0wn-Passw0rd-Csv', 'Kn0wn-Passw0rd-Delta'];
const [A, B, C, D] = PASSWORDS;

describe('secrets', () => {
  it('appear in no state, log line or response', async () => {
    const log: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'cms-oracle-leak-'));
    const { server, call, responses } = await testSite({ log: (l) => log.push(l), dataDir, tokens: { storeTokens: true } });
    const alice = { user: 'alice', password: A };

    await call('POST', '/@users', { username: 'alice', password: A, email: 'alice@example.com', fullname: 'Alice' });
    await call('POST', '/@users', { username: 'bob', password: A, roles: ['Editor'] });
    const token = (await call('POST', '/@login', { login: 'alice', password: A }, 'anonymous')).body.token;
    await call('GET', '/@users/alice', undefined, { bearer: token });
    await call('GET', '/@users/alice', undefined, alice);
    await call('POST', '/@login', { login: 'alice', password: B }, 'anonymous');
    await call('GET', '/@users', undefined, { user: 'alice', password: B });
    await call('POST', '/@login-renew', undefined, { bearer: token });
    await call('PATCH', '/@users/bob', { password: B });
    await call('POST', '/@users/alice/reset-password', { old_password: A, new_password: B }, alice);
    await call('POST', '/@users/alice/reset-password', { old_password: B, new_password: D }, { user: 'alice', password: B });
    await call('POST', '/@users/alice/reset-password', undefined, 'anonymous');
    server.store.commit((d) => {
      d.registry[SECURITY_KEYS.selfRegistration] = true;
      d.registry[SECURITY_KEYS.passwordChoice] = true;
    });
    await call('POST', '/@users', { username: 'carol', password: C, email: 'carol@example.com' }, 'anonymous');
    await call('POST', '/@users', { username: 'dave', password: 'short' }, 'anonymous');
    const csv = `username,email,password\r\ncsvuser,csv@example.com,${C}\r\n`;
    const boundary = 'XyZ';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await server.app.request('http://localhost:8080/Plone/@users', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') },
      body: multipart,
    });
    expect(res.status).toBe(201);
    responses.push(await res.text());
    await call('GET', '/@users', undefined);
    await call('GET', '/@principals?search=a', undefined);
    await call('POST', '/@logout', undefined, { bearer: token });
    for (let i = 0; i < 7; i++) await call('POST', '/@login', { login: 'carol', password: `${C}-${i}` }, 'anonymous');

    const state = superjson.stringify(server.store.current);
    const texts = { state, log: log.join('\n'), responses: responses.join('\n\n') };
    expect(responses.length).toBeGreaterThan(20);
    expect(log.length).toBeGreaterThan(20);
    for (const [where, text] of Object.entries(texts)) {
      for (const pw of [...PASSWORDS, 'admin:admin']) expect(text.includes(pw), `${pw} in ${where}`).toBe(false);
      expect(server.services.auth.tokens.leaksInto(text), `token secret in ${where}`).toBe(false);
    }
    // the password-reset token is mailed, never stored or answered
    const mailed = /passwordreset\/([^?]+)/.exec(server.services.auth.outbox.messages.at(-1)!.body)![1];
    for (const [where, text] of Object.entries(texts)) expect(text.includes(mailed), `reset token in ${where}`).toBe(false);
  });
});
