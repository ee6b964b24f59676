// Hostile input (issue 9, robustness): each attack is refused with a 4xx JSON error body and
// changes nothing. Over-deep JSON, bodies over the size limit, names that are JavaScript object
// members, overlong ids and names, unbounded queries, wrongly typed fields, unknown names.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);

describe('deep JSON', () => {
  it('refuses 10,000 nested levels in blocks with 400 before anything is stored', async () => {
    const raw = `{"@type": "Document", "id": "deep-doc", "title": "Deep", "blocks": ${nestedObject(10_000)}}`;
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect(r.body.error.message).toMatch(/deeper than \d+ levels/);
    expect((await api.get(`${box}/deep-doc`)).status).toBe(404);
  });

  it('refuses a deeply nested lock timeout and leaves the object unlocked', async () => {
    const doc = await api.post(box, { '@type': 'Document', id: 'lock-target', title: 'Lock target' });
    expect(doc.status).toBe(201);
    const raw = `{"timeout": ${nested(10_000)}}`;
    const r = await api.request('POST', `${box}/lock-target/@lock`, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect((await api.get(`${box}/lock-target/@lock`)).body.locked).toBe(false);
  });

  it('refuses over-deep JSON in the query parameter of GET @querystring-search', async () => {
    const r = await api.get(`/@querystring-search?query=${encodeURIComponent(nested(5000))}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/deeper than/);
  });

  it('accepts ordinary nesting (a Volto page of nested blocks)', async () => {
    const blocks = { a: { '@type': 'slate', value: [{ type: 'p', children: [{ type: 'strong', children: [{ text: 'x' }] }] }] } };
    const r = await api.post(box, { '@type': 'Document', id: 'nested-ok', title: 'Nested', blocks, blocks_layout: { items: ['a'] } });
    expect(r.status).toBe(201);
  });
});

describe('request body size', () => {
  it('answers 413 with a JSON error body beyond the limit and creates nothing', async () => {
    const raw = JSON.stringify({ '@type': 'Document', id: 'huge-doc', title: 'Huge', description: 'x'.repeat(17 * 1024 * 1024) });
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.body.error.type).toBe('PayloadTooLarge');
    expect(r.body.error.message).toMatch(/limit of \d+ bytes/);
    expect((await api.get(`${box}/huge-doc`)).status).toBe(404);
  });
});
