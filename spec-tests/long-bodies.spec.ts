// Bodies of megabytes (issue 9): their long values are read, parsed and decoded in slices, and
// what is stored is exactly what was sent. Each case here is longer than the slices, so that a
// value joined from slices, a cut inside an escape or a multi-byte character, or a base64 text
// with line breaks would show.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

describe('long bodies', () => {
  it('stores a 3 MB file sent as base64 with line breaks byte for byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const data = bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
    const r = await api.post(box, { '@type': 'File', id: 'long-file', title: 'Long file', file: { data, encoding: 'base64', filename: 'long.bin', 'content-type': 'application/octet-stream' } });
    expect(r.status).toBe(201);
    expect(r.body.file.size).toBe(bytes.length);
    const download = await api.get(`${box}/long-file/@@download/file`, { headers: { Accept: '*/*' } });
    expect(download.status).toBe(200);
    expect(Buffer.from(download.bytes).equals(bytes)).toBe(true);
  });

  it('stores 2 MB of rich text with multi-byte characters and escapes as sent', async () => {
    const line = '<p>Grüße — “quoted” \\ back\\slash, tab\tand emoji 😀 \u2028 end</p>\n';
    const data = line.repeat(Math.ceil((2 * 1024 * 1024) / line.length));
    const r = await api.post(box, { '@type': 'Document', id: 'long-text', title: 'Long text', text: { data, 'content-type': 'text/html', encoding: 'utf-8' } });
    expect(r.status).toBe(201);
    const got = await api.get(`${box}/long-text`);
    expect(got.body.text.data.length).toBe(data.length);
    expect(got.body.text.data).toBe(data);
  });

  it('refuses a long value holding a raw control character as undecodable, storing nothing', async () => {
    const raw = `{"@type": "Document", "id": "bad-long", "title": "Bad", "description": "${'a'.repeat(512 * 1024)}\u0001${'b'.repeat(512 * 1024)}"}`;
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect((await api.get(`${box}/bad-long`)).status).toBe(404);
  });

  it('stores 6 MB of blocks made of values each a little under 64 KiB as sent, and answers them whole', async () => {
    const blocks = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`b${i}`, { '@type': 'slate', plaintext: `é${i} `.repeat(15_000), value: [{ type: 'p', children: [{ text: `"${i}"` }] }] }]));
    const volto = await connect({ volto: true });
    const vbox = await volto.sandbox();
    const r = await volto.post(vbox, { '@type': 'Document', id: 'many-blocks', title: 'Many blocks', blocks, blocks_layout: { items: Object.keys(blocks) } }, { headers: { Prefer: 'return=minimal' } });
    expect(r.status).toBe(201);
    const got = await volto.get(`${vbox}/many-blocks`);
    expect(got.status).toBe(200);
    expect(got.body.blocks).toEqual(blocks);
    // the words of the blocks are searchable (the first 100,000 characters of them)
    const found = await volto.get(`${vbox}/@search?SearchableText=${encodeURIComponent('é0')}`);
    expect(found.body.items.map((i: { '@id': string }) => i['@id'])).toEqual([got.body['@id']]);
  });

  it('refuses, with 400, a string value of more than 4 MiB (but for base64 file data), storing nothing', async () => {
    const data = `<p>${'lorem ipsum '.repeat(350_000)}</p>`;
    expect(data.length).toBeGreaterThan(4 * 1024 * 1024);
    const r = await api.post(box, { '@type': 'Document', id: 'too-long', title: 'Too long', text: { data, 'content-type': 'text/html', encoding: 'utf-8' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect(r.body.error.message).toContain('a string value of more than 4194304 bytes');
    expect((await api.get(`${box}/too-long`)).status).toBe(404);
    // the longest that fits: its literal (quotes included) is 4 MiB or less
    const most = `<p>${'lorem ipsum '.repeat(349_524)}</p>`;
    expect(most.length + 2).toBeLessThanOrEqual(4 * 1024 * 1024);
    const fits = await api.post(box, { '@type': 'Document', id: 'fits', title: 'Fits', text: { data: most, 'content-type': 'text/html', encoding: 'utf-8' } });
    expect(fits.status).toBe(201);
    expect(fits.body.text.data).toBe(most);
    expect((await api.get(`${box}/fits`)).body.text.data).toBe(most);
  });

  it('refuses a string over 4 MiB dressed as base64 file data outside a file field, storing nothing', async () => {
    const data = `<p>${'lorem ipsum '.repeat(350_000)}</p>`;
    const r = await api.post(box, { '@type': 'Document', id: 'dressed', title: 'Dressed', text: { data, encoding: 'base64', 'content-type': 'text/html' } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Value is too long (at most 4194304 characters in one string');
    expect((await api.get(`${box}/dressed`)).status).toBe(404);
    const volto = await connect({ volto: true });
    const vbox = await volto.sandbox();
    const block = await volto.post(vbox, { '@type': 'Document', id: 'dressed-block', title: 'Block', blocks: { b: { '@type': 'image', data, encoding: 'base64' } }, blocks_layout: { items: ['b'] } });
    expect(block.status).toBe(400);
    expect((await volto.get(`${vbox}/dressed-block`)).status).toBe(404);
  });

  it('refuses, with 400, a body with more than 4 MiB of text outside its string values, storing nothing', async () => {
    const raw = `{"@type": "Document", "id": "padded", "title": "Padded"${' '.repeat(5 * 1024 * 1024)}}`;
    const r = await api.request('POST', box, { raw, headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.type).toBe('DeserializationError');
    expect(r.body.error.message).toContain('outside its long string values');
    expect((await api.get(`${box}/padded`)).status).toBe(404);
  });

  it('refuses a list field of more than 5,000 items with 400 on the field, changing nothing', async () => {
    const subjects = Array.from({ length: 5001 }, (_, i) => `tag ${i}`);
    const r = await api.post(box, { '@type': 'Document', id: 'tagged', title: 'Tagged', subjects });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('at most 5000 items');
    expect((await api.get(`${box}/tagged`)).status).toBe(404);
    const ok = await api.post(box, { '@type': 'Document', id: 'tagged', title: 'Tagged', subjects: subjects.slice(0, 5000) });
    expect(ok.status).toBe(201);
    expect(ok.body.subjects).toHaveLength(5000);
  });

  it('refuses a long base64 value that is not base64 with 400, storing nothing', async () => {
    const data = `${'QUJD'.repeat(400_000)}*${'QUJD'.repeat(10)}`;
    const r = await api.post(box, { '@type': 'File', id: 'bad-file', title: 'Bad', file: { data, encoding: 'base64', filename: 'b.bin' } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('data is not valid base64');
    expect((await api.get(`${box}/bad-file`)).status).toBe(404);
  });
});
