// The command line over HTTP: exit codes, reports on disk, --known, --compare, --only, --list.
import { serve } from '@hono/node-server';
import { XMLParser } from 'fast-xml-parser';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import { allChecks } from './checks/index.ts';
import { conformCommand, parseKnown } from './cli.ts';
import { startFaultProxy } from './testing/fault-proxy.ts';

let site: string;
let faulty: string;
let stop: () => Promise<void>;
const dir = mkdtempSync(join(tmpdir(), 'conform-cli-'));

beforeAll(async () => {
  const server = await createServer({ fixture: 'minimal' });
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const proxy = await startFaultProxy(origin, ['created-as-200']);
  site = `${origin}/Plone`;
  faulty = `${proxy.origin}/Plone`;
  stop = async () => {
    await proxy.close();
    await new Promise((resolve) => http.close(() => resolve(undefined)));
  };
}, 60_000);

afterAll(() => stop?.());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await conformCommand(argv, { out: (s) => out.push(s), err: (s) => err.push(s), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('arguments', () => {
  it('answers 2 with a message for wrong arguments', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli()).err).toContain('the site URL is missing');
    expect((await cli('not-a-url')).err).toContain('is not an http(s) URL');
    expect((await cli(site, '--admin', 'nopassword')).code).toBe(2);
    expect((await cli(site, '--only', 'nonsense')).err).toContain('no family or check named nonsense');
    expect((await cli(site, '--known', join(dir, 'missing.json'))).err).toContain('no such file');
    writeFileSync(join(dir, 'bad-known.json'), '{"content.create.answers-201-with-location": ""}');
    expect((await cli(site, '--known', join(dir, 'bad-known.json'))).err).toContain('needs a reason');
    expect((await cli(site, '--bogus')).code).toBe(2);
  });

  it('answers 2 when the server cannot be reached or the admin is refused', async () => {
    const closed = await cli('http://127.0.0.1:9/Plone', '--only', 'content.read.site-root');
    expect(closed.code).toBe(2);
    expect(closed.err).toContain('cannot reach');
    const refused = await cli(site, '--admin', 'admin:wrong-password', '--only', 'content.read.site-root');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('admin credentials');
  });

  it('lists the checks and prints help', async () => {
    const list = await cli('--list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^content\.create\.answers-201-with-location\s+MUST\s+seed: /m);
    expect(list.out).toMatch(/auth\.cookie\.authenticates\s+SHOULD needs cookie-sessions;/);
    expect((await cli('--help')).out).toContain('Exit codes');
  });
});

describe('the bundled known-differences file', () => {
  it('names only checks of the suite, each with a reason', () => {
    const file = join(import.meta.dirname, '../../docs/conform-known-plone-restapi-10.json');
    const known = parseKnown(readFileSync(file, 'utf8'), file);
    expect(known.size).toBeGreaterThan(5);
    for (const [id, reason] of known) {
      expect(allChecks.some((c) => c.id === id), id).toBe(true);
      expect(reason).toMatch(/^C\d+: /);
    }
  });
});

describe('a run', () => {
  it('passes a conforming server (exit 0) and writes report.json, junit.xml and report.html', async () => {
    const reports = join(dir, 'ok');
    const r = await cli(site, '--only', 'content.create,locking.read', '--report', reports, '--strict', '--verify-isolation');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^content\s+\d+\s+0\s+0\s+0/m);
    expect(r.out).toContain('isolation: the site is as the run found it');
    expect(r.out.trim().split('\n').at(-1)).toMatch(/^conform: \d+ passed, 0 failed, 0 skipped$/);
    const report = JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ failed: 0, not_applicable: 0, known: 0 });
    expect(report.summary.passed).toBe(report.checks.length);
    expect(report.checks[0]).toMatchObject({ id: 'content.create.answers-201-with-location', family: 'content', level: 'MUST', status: 'passed', steps: expect.any(Array) });
    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(reports, 'junit.xml'), 'utf8'));
    expect(junit.testsuites['@_failures']).toBe('0');
    const html = readFileSync(join(reports, 'report.html'), 'utf8');
    expect(html).toContain('No MUST check failed');
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('fails on a failing MUST check (exit 1), with the difference and the request in every report', async () => {
    const reports = join(dir, 'failing');
    const r = await cli(faulty, '--only', 'content.create', '--report', reports);
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL content.create.answers-201-with-location [MUST]');
    expect(r.out).toContain('status: expected 201, actual 200');
    const report = JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8'));
    const failed = report.checks.find((c: { id: string }) => c.id === 'content.create.answers-201-with-location');
    expect(failed.status).toBe('failed');
    expect(failed.steps[failed.failure.step]).toMatchObject({ method: 'POST', status: 200, requestBody: expect.stringContaining('"@type": "Document"') });
    expect(JSON.stringify(report)).not.toContain(Buffer.from('admin:admin').toString('base64'));
    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(reports, 'junit.xml'), 'utf8'));
    const cases = [junit.testsuites.testsuite.testcase].flat();
    expect(cases.find((c: { '@_name': string }) => c['@_name'] === 'content.create.answers-201-with-location').failure['@_message']).toContain('expected 201, actual 200');
    const html = readFileSync(join(reports, 'report.html'), 'utf8');
    expect(html).toContain('1 MUST check failed');
    expect(html).toMatch(/<td class="exp"><code>201<\/code><\/td><td class="act"><code>200<\/code>/);
  });

  it('reports known differences apart and does not fail on them (exit 0)', async () => {
    const known = join(dir, 'known.json');
    writeFileSync(known, JSON.stringify({ 'content.create.answers-201-with-location': 'we answer 200 on creates' }));
    const r = await cli(faulty, '--only', 'content.create', '--known', known, '--strict');
    expect(r.code).toBe(0);
    expect(r.out).toContain('KNOWN content.create.answers-201-with-location');
    expect(r.out).toMatch(/^content\s+\d+\s+0\s+0\s+1/m);
  });

  it('compares with an earlier report: regressions and fixes', async () => {
    const before = join(dir, 'ok', 'report.json');
    const r = await cli(faulty, '--only', 'content.create,locking.read', '--compare', before);
    expect(r.out).toMatch(/regressed \(1\):\n {2}content\.create\.answers-201-with-location/);
    const back = await cli(site, '--only', 'content.create', '--compare', join(dir, 'failing', 'report.json'));
    expect(back.out).toMatch(/fixed \(1\):\n {2}content\.create\.answers-201-with-location/);
    expect(back.out).toMatch(/removed checks: none/);
  });
});
