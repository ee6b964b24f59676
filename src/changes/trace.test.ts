// --trace: under each request's log line, one indented line per change its commit made.
import { describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';

describe('--trace', () => {
  it('prints the changes of a write under its log line, and nothing under a read', async () => {
    const lines: string[] = [];
    const server = await createServer({ trace: true, log: (line) => lines.push(line) });
    const headers = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json', 'Content-Type': 'application/json' };
    const created = await server.app.request('http://localhost:8080/Plone', { method: 'POST', headers, body: JSON.stringify({ '@type': 'Document', id: 'traced', title: 'Traced' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-cms-oracle-change')).toBeNull(); // not asked for
    await server.app.request('http://localhost:8080/Plone/traced', { headers });
    expect(lines[0]).toMatch(/^POST \/Plone 201 \d+\.\dms$/);
    expect(lines.slice(1, 3)).toEqual(['    content /traced created Document Traced (private)', '    catalog /traced indexed']);
    expect(lines[3]).toMatch(/^GET \/Plone\/traced 200 /);
    expect(lines).toHaveLength(4);
  });

  it('prints nothing more without the flag', async () => {
    const lines: string[] = [];
    const server = await createServer({ log: (line) => lines.push(line) });
    const headers = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), Accept: 'application/json', 'Content-Type': 'application/json' };
    await server.app.request('http://localhost:8080/Plone', { method: 'POST', headers, body: JSON.stringify({ '@type': 'Document', title: 'Quiet' }) });
    expect(lines).toHaveLength(1);
  });
});
