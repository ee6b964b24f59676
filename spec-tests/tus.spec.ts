// TUS resumable upload (supplement 31.20): @tus-upload / @tus-replace POST, HEAD, PATCH, OPTIONS,
// the header errors (412, 400), unknown uploads (404), and the object a finished upload makes.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create } from './lifecycle.helpers.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const meta = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${b64(v)}`).join(',');

async function start(path: string, length: number, metadata: Record<string, string>, endpoint = '@tus-upload'): Promise<string> {
  const r = await api.request('POST', `${path}/${endpoint}`, { headers: { ...TUS, 'Upload-Length': String(length), 'Upload-Metadata': meta(metadata) } });
  expect(r.status, r.text).toBe(201);
  return r.headers.get('location')!;
}

const send = (location: string, offset: number, chunk: Uint8Array, headers: Record<string, string> = {}) =>
  api.request('PATCH', location, {
    raw: chunk,
    headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...headers },
  });

describe('OPTIONS and POST', () => {
  it('announces the protocol', async () => {
    const r = await api.request('OPTIONS', `${box}/@tus-upload`);
    expect(r.status).toBe(204);
    expect(r.headers.get('tus-resumable')).toBe('1.0.0');
    expect(r.headers.get('tus-version')).toBe('1.0.0');
    expect(r.headers.get('tus-extension')).toBe('creation,expiration');
  });

  it('starts uploads only in folders: 404 on an item (the bytes are never asked for)', async () => {
    const doc = await api.post(box, { '@type': 'Document', id: 'not-a-folder', title: 'Item' });
    expect(doc.status).toBe(201);
    const r = await api.request('POST', `${box}/not-a-folder/@tus-upload`, { headers: { ...TUS, 'Upload-Length': '8', 'Upload-Metadata': meta({ filename: 'a.txt' }) } });
    expect(r.status).toBe(404);
    expect((await api.request('OPTIONS', `${box}/not-a-folder/@tus-upload`)).status).toBe(404);
  });

  it('creates an upload: 201, Location under @tus-upload, Upload-Expires one hour on', async () => {
    const r = await api.request('POST', `${box}/@tus-upload`, { headers: { ...TUS, 'Upload-Length': '8', 'Upload-Metadata': meta({ filename: 'a.txt' }) } });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toMatch(new RegExp(`^${api.base}${box}/@tus-upload/[0-9a-zA-Z-]+$`));
    expect(r.headers.get('tus-resumable')).toBe('1.0.0');
    const expires = Date.parse(r.headers.get('upload-expires')!);
    expect(expires - Date.now()).toBeGreaterThan(3500_000);
    expect(expires - Date.now()).toBeLessThan(3700_000);
  });

  it('refuses another protocol version with 412 and Tus-Version', async () => {
    for (const version of [undefined, '0.2.2']) {
      const headers: Record<string, string> = { 'Upload-Length': '8', ...(version ? { 'Tus-Resumable': version } : {}) };
      const r = await api.request('POST', `${box}/@tus-upload`, { headers });
      expect(r.status).toBe(412);
      expect(r.body).toEqual({ error: { type: 'Precondition Failed', message: 'Unsupported version' } });
      expect(r.headers.get('tus-version')).toBe('1.0.0');
    }
  });

  it('needs a valid Upload-Length', async () => {
    for (const length of [undefined, 'x', '-1']) {
      const r = await api.request('POST', `${box}/@tus-upload`, { headers: { ...TUS, ...(length ? { 'Upload-Length': length } : {}) } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: { type: 'Bad Request', message: 'Missing or invalid Upload-Length header' } });
    }
  });

  it('needs Add portal content (401 for anonymous)', async () => {
    const r = await api.request('POST', `${box}/@tus-upload`, { auth: 'anonymous', headers: { ...TUS, 'Upload-Length': '8' } });
    expect(r.status).toBe(401);
  });
});

describe('HEAD and PATCH', () => {
  it('uploads in three chunks; the File downloads the same bytes', async () => {
    const bytes = new Uint8Array(randomBytes(3000));
    const location = await start(box, bytes.length, { filename: 'data.bin', 'content-type': 'application/octet-stream' });
    const head0 = await api.request('HEAD', location, { headers: TUS });
    expect(head0.status).toBe(200);
    expect(head0.headers.get('upload-offset')).toBe('0');
    expect(head0.headers.get('upload-length')).toBe('3000');
    expect(head0.headers.get('cache-control')).toBe('no-store');
    const r1 = await send(location, 0, bytes.slice(0, 1000));
    expect(r1.status).toBe(204);
    expect(r1.headers.get('upload-offset')).toBe('1000');
    expect(r1.headers.get('upload-expires')).toBeTruthy();
    expect(r1.headers.get('location')).toBeNull();
    expect((await api.request('HEAD', location, { headers: TUS })).headers.get('upload-offset')).toBe('1000');
    expect((await send(location, 1000, bytes.slice(1000, 2000))).headers.get('upload-offset')).toBe('2000');
    const last = await send(location, 2000, bytes.slice(2000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe('3000');
    expect(last.headers.get('tus-resumable')).toBe('1.0.0');
    expect(last.headers.get('location')).toBe(`${api.base}${box}/data.bin`);
    const file = (await api.get(`${box}/data.bin`)).body;
    expect(file['@type']).toBe('File');
    expect(file.file).toMatchObject({ filename: 'data.bin', size: 3000, 'content-type': 'application/octet-stream' });
    const download = await api.get(file.file.download);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.bytes).equals(Buffer.from(bytes))).toBe(true);
    // The upload is gone once finished.
    expect((await api.request('HEAD', location, { headers: TUS })).status).toBe(404);
  });

  it('makes the same object as a JSON upload', async () => {
    const location = await start(box, 5, { filename: 'same.txt', 'content-type': 'text/plain' });
    await send(location, 0, new TextEncoder().encode('hello'));
    await create(api, box, { '@type': 'File', id: 'same-json.txt', file: { data: 'hello', filename: 'same.txt', 'content-type': 'text/plain' } });
    const viaTus = (await api.get(`${box}/same.txt`)).body;
    const viaJson = (await api.get(`${box}/same-json.txt`)).body;
    const { download: _a, ...tusFile } = viaTus.file;
    const { download: _b, ...jsonFile } = viaJson.file;
    expect(tusFile).toEqual(jsonFile);
    expect(viaTus.title).toEqual(viaJson.title);
  });

  it('makes an Image from image data, or the type named in the metadata', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const l1 = await start(box, gif.length, { filename: 'pixel.gif', 'content-type': 'image/gif' });
    const r1 = await send(l1, 0, new Uint8Array(gif));
    const image = (await api.get(r1.headers.get('location')!)).body;
    expect(image['@type']).toBe('Image');
    expect(image.image).toMatchObject({ width: 1, height: 1, 'content-type': 'image/gif' });
    const l2 = await start(box, gif.length, { filename: 'pixel2.gif', 'content-type': 'image/gif', '@type': 'File' });
    const r2 = await send(l2, 0, new Uint8Array(gif));
    expect((await api.get(r2.headers.get('location')!)).body['@type']).toBe('File');
  });

  it('replaces the file of an existing object with @tus-replace', async () => {
    await create(api, box, { '@type': 'File', id: 'myfile', file: { data: 'old', filename: 'old.txt' } });
    const location = await start(`${box}/myfile`, 8, { filename: 'test.txt', 'content-type': 'text/plain' }, '@tus-replace');
    expect(location).toMatch(new RegExp(`^${api.base}${box}/myfile/@tus-upload/`));
    await send(location, 0, new TextEncoder().encode('abc'));
    const r = await send(location, 3, new TextEncoder().encode('defgh'));
    expect(r.status).toBe(204);
    expect(r.headers.get('location')).toBe(`${api.base}${box}/myfile`);
    const file = (await api.get(`${box}/myfile`)).body.file;
    expect(file).toMatchObject({ filename: 'test.txt', size: 8, 'content-type': 'text/plain' });
    expect((await api.get(file.download)).text).toBe('abcdefgh');
  });

  it('answers 404 for an unknown upload', async () => {
    for (const method of ['PATCH', 'HEAD']) {
      const r = await api.request(method, `${box}/@tus-upload/nope`, {
        headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      });
      expect(r.status).toBe(404);
      if (method === 'PATCH') expect(r.body).toEqual({ error: { type: 'Not Found', message: '' } });
    }
  });

  it('checks version, content type and offset of a chunk', async () => {
    const location = await start(box, 4, { filename: 'x.txt' });
    const chunk = new TextEncoder().encode('ab');
    expect((await send(location, 0, chunk, { 'Tus-Resumable': '0.9' })).status).toBe(412);
    const ctype = await send(location, 0, chunk, { 'Content-Type': 'text/plain' });
    expect(ctype.status).toBe(400);
    expect(ctype.body.error.message).toBe('Missing or invalid Content-Type header');
    expect((await send(location, 0, chunk, { 'Upload-Offset': 'x' })).status).toBe(400);
    expect((await send(location, 1, chunk)).status).toBe(400);
    expect((await send(location, 0, new TextEncoder().encode('abcde'))).status).toBe(400);
    expect((await api.request('HEAD', location, { headers: TUS })).headers.get('upload-offset')).toBe('0');
    expect((await api.request('HEAD', location, { headers: TUS, auth: 'anonymous' })).status).toBe(401);
  });
});
