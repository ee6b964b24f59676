// --preset acceptance from the command line: the preset's values, explicit flags and variables
// winning over it, Plone's own port variables, and RobotRemote's client list.
import { spawn } from 'node:child_process';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRobotClients, presetValues } from './presets.ts';

const ROOT = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = netServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Start the command line, wait for its ready line, run `check`, stop it. */
async function withServer(args: string[], env: Record<string, string>, check: (line: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/cms-oracle.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 30_000);
      child.stdout!.on('data', () => {
        const ready = out.split('\n').find((l) => l.includes(' ready in '));
        if (ready) {
          clearTimeout(timer);
          resolve(ready);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
    });
    await check(line);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

describe('--preset acceptance', () => {
  it('has Plone acceptance server values, honouring its port and host variables', () => {
    expect(presetValues('acceptance', {})).toEqual({
      port: '55001',
      host: '127.0.0.1',
      'site-path': '/plone',
      admin: 'admin:secret',
      fixture: 'acceptance',
      'data-dir': 'none',
      'robot-remote': 'true',
    });
    expect(presetValues('acceptance', { ZSERVER_PORT: '55002', WSGI_SERVER_HOST: '0.0.0.0' })).toMatchObject({ port: '55002', host: '0.0.0.0' });
    expect(presetValues('nope', {})).toBeUndefined();
    expect(parseRobotClients('')).toBe('loopback');
    expect(parseRobotClients('any')).toBe('any');
    expect(parseRobotClients('10.0.0.2, ::1')).toEqual(['10.0.0.2', '::1']);
    expect(parseRobotClients('evil.example.org')).toBeUndefined();
  });

  it('CMS_ORACLE_PRESET=acceptance serves the acceptance site; explicit settings win', async () => {
    const port = await freePort();
    await withServer(['--port', String(port), '--admin', 'boss:boss-password'], { CMS_ORACLE_PRESET: 'acceptance' }, async (line) => {
      expect(line).toContain(`http://localhost:${port}/plone ready in`);
      expect(line).toContain('fixture acceptance');
      expect(line).toContain('Manager account: boss');
      const root = await fetch(`http://127.0.0.1:${port}/plone`, { headers: { Accept: 'application/json' } });
      expect((await root.json()).title).toBe('Welcome to Plone');
      const users = await fetch(`http://127.0.0.1:${port}/plone/@users`, { headers: { Accept: 'application/json', Authorization: 'Basic ' + Buffer.from('boss:boss-password').toString('base64') } });
      expect(users.status).toBe(200);
      const setup = await fetch(`http://127.0.0.1:${port}/plone/RobotRemote`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml' },
        body: '<methodCall><methodName>run_keyword</methodName><params><param><value>remote_zodb_setup</value></param><param><value><array><data><value>x</value></data></array></value></param></params></methodCall>',
      });
      expect(await setup.text()).toContain('<string>PASS</string>');
    });
  });
});
