// TUS resumable upload (@tus-upload, @tus-replace): the protocol announcement, creating an
// upload, sending it in chunks (HEAD shows the offset), the object a finished upload makes or
// replaces, and the header errors.
import type { CheckContext } from '../context.ts';
import type { Reply } from '../http.ts';
import { urlBelow } from '../expect.ts';
import { family, supplement } from './define.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };
const CHUNK = { ...TUS, 'Content-Type': 'application/offset+octet-stream' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${b64(v)}`).join(',');
const bytes = (text: string) => new TextEncoder().encode(text);
/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Starts an upload (any 2xx will do); returns its URL (the Location). */
async function start(t: CheckContext, path: string, length: number, meta: Record<string, string>, endpoint = '@tus-upload'): Promise<string> {
  const r = t.need(
    await t.request('POST', `${path}/${endpoint}`, { headers: { ...TUS, 'Upload-Length': String(length), 'Upload-Metadata': metadata(meta) } }),
    `starting an upload at ${path}/${endpoint}`,
  );
  const location = r.headers.get('location');
  if (!location) t.fail(`setup: the upload started at ${path}/${endpoint} has no Location`, [], r.step);
  return location;
}

const send = (t: CheckContext, location: string, offset: number, chunk: Uint8Array, headers: Record<string, string> = {}) =>
  t.request('PATCH', location, { raw: chunk, headers: { ...CHUNK, 'Upload-Offset': String(offset), ...headers } });

const head = (t: CheckContext, location: string) => t.request('HEAD', location, { headers: TUS });

/** Seconds from the answer's Date (or now) to its Upload-Expires. */
function expiresIn(r: Reply): number {
  const now = Date.parse(r.headers.get('date') ?? '') || Date.now();
  return (Date.parse(r.headers.get('upload-expires') ?? '') - now) / 1000;
}

export default family('tus', [
  {
    id: 'tus.options.announces-the-protocol',
    level: 'SHOULD',
    source: supplement('31.20 (OPTIONS)'),
    title: 'OPTIONS <folder>/@tus-upload answers 204 with Tus-Resumable, Tus-Version 1.0.0 and Tus-Extension creation,expiration',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const r = await t.request('OPTIONS', `${box}/@tus-upload`, { headers: TUS });
      t.status(r, 204);
      t.header(r, 'Tus-Resumable', '1.0.0');
      t.header(r, 'Tus-Version', '1.0.0');
      t.header(r, 'Tus-Extension', 'creation,expiration');
    },
  },
  {
    id: 'tus.create.answers-201-with-location',
    level: 'SHOULD',
    source: supplement('31.20 (POST: 201, Location, Upload-Expires one hour on)'),
    title: 'POST <folder>/@tus-upload answers 201 with a Location below @tus-upload and Upload-Expires about an hour on',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const r = await t.request('POST', `${box}/@tus-upload`, { headers: { ...TUS, 'Upload-Length': '8', 'Upload-Metadata': metadata({ filename: 'a.txt' }) } });
      t.status(r, 201);
      t.header(r, 'Location', urlBelow(t.url(`${box}/@tus-upload/`)));
      t.header(r, 'Tus-Resumable', '1.0.0');
      const seconds = expiresIn(r);
      t.ok(seconds > 3300 && seconds < 3900, 'Upload-Expires is about one hour after the answer', r.headers.get('upload-expires'), 'about an hour on');
    },
  },
  {
    id: 'tus.upload.chunks-make-a-file',
    level: 'SHOULD',
    source: supplement('31.20 (HEAD, PATCH; the finished upload makes the object)'),
    title: 'Chunks sent by PATCH move Upload-Offset (HEAD shows it); the last one answers the new File’s Location; the File holds the bytes',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const text = 'resumable uploads arrive in pieces';
      const location = await start(t, box, text.length, { filename: 'pieces.txt', 'content-type': 'text/plain' });
      const h0 = await head(t, location);
      t.status(h0, 200, 'HEAD before the first chunk');
      t.header(h0, 'Upload-Offset', '0');
      t.header(h0, 'Upload-Length', String(text.length));
      t.header(h0, 'Cache-Control', 'no-store');
      const first = await send(t, location, 0, bytes(text.slice(0, 10)));
      t.status(first, 204, 'the first chunk');
      t.header(first, 'Upload-Offset', '10');
      t.header(first, 'Location', null, 'the first chunk: no Location before the upload is complete');
      t.header(await head(t, location), 'Upload-Offset', '10', 'HEAD after the first chunk');
      const last = await send(t, location, 10, bytes(text.slice(10)));
      t.status(last, 204, 'the last chunk');
      t.header(last, 'Upload-Offset', String(text.length));
      t.header(last, 'Location', t.url(`${box}/pieces.txt`));
      const file = await t.get(`${box}/pieces.txt`);
      t.body(file, { '@type': 'File', file: { filename: 'pieces.txt', size: text.length, 'content-type': 'text/plain' } }, 'the new File');
      const download = await t.get(file.body.file.download);
      t.status(download, 200, 'the download');
      t.equal(download.text, text, 'the downloaded bytes');
    },
  },
  {
    id: 'tus.upload.image-data-makes-an-image',
    level: 'SHOULD',
    source: supplement('31.20 (type from the metadata @type, else from the mime type: images make Image)'),
    title: 'An upload of image data makes an Image; metadata @type File makes a File',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const image = await send(t, await start(t, box, GIF.length, { filename: 'pixel.gif', 'content-type': 'image/gif' }), 0, new Uint8Array(GIF));
      t.status(image, 204, 'the image upload');
      t.body(await t.get(image.headers.get('location') ?? `${box}/pixel.gif`), { '@type': 'Image', image: { width: 1, height: 1, 'content-type': 'image/gif' } }, 'the object of the image upload');
      const file = await send(t, await start(t, box, GIF.length, { filename: 'pixel-file.gif', 'content-type': 'image/gif', '@type': 'File' }), 0, new Uint8Array(GIF));
      t.body(await t.get(file.headers.get('location') ?? `${box}/pixel-file.gif`), { '@type': 'File' }, 'the object of the upload with @type File');
    },
  },
  {
    id: 'tus.replace.replaces-the-file',
    level: 'SHOULD',
    source: supplement('31.20 (@tus-replace)'),
    title: 'POST <file>/@tus-replace starts an upload below <file>/@tus-upload; when complete the File holds the new bytes',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const f = await t.create(box, { '@type': 'File', id: 'doc.txt', title: 'Doc', file: { data: 'old', filename: 'old.txt', 'content-type': 'text/plain' } });
      const location = await start(t, f.path, 8, { filename: 'new.txt', 'content-type': 'text/plain' }, '@tus-replace');
      t.like(location, urlBelow(t.url(`${f.path}/@tus-upload/`)), 'the Location of the replacing upload');
      const r = await send(t, location, 0, bytes('new text'));
      t.status(r, 204);
      t.header(r, 'Location', t.url(f.path));
      const file = (await t.get(f.path)).body?.file;
      t.like(file, { filename: 'new.txt', size: 8, 'content-type': 'text/plain' }, 'the file field afterwards');
      t.equal((await t.get(file?.download)).text, 'new text', 'the downloaded bytes');
    },
  },
  {
    id: 'tus.errors.other-version-412',
    level: 'SHOULD',
    source: supplement('31.20; 2.2 (wrong or missing Tus-Resumable: 412)'),
    title: 'A request without Tus-Resumable 1.0.0 answers 412 with Tus-Version',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      for (const version of [undefined, '0.2.2']) {
        const r = await t.request('POST', `${box}/@tus-upload`, { headers: { 'Upload-Length': '8', ...(version ? { 'Tus-Resumable': version } : {}) } });
        t.status(r, 412);
        t.header(r, 'Tus-Version', '1.0.0');
      }
    },
  },
  {
    id: 'tus.errors.upload-length-400',
    level: 'SHOULD',
    source: supplement('31.20 (missing or invalid Upload-Length: 400)'),
    title: 'A missing or invalid Upload-Length answers 400 "Missing or invalid Upload-Length header"',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      for (const length of [undefined, 'x', '-1']) {
        const r = await t.request('POST', `${box}/@tus-upload`, { headers: { ...TUS, ...(length ? { 'Upload-Length': length } : {}) } });
        t.status(r, 400);
        t.body(r, { error: { message: 'Missing or invalid Upload-Length header' } });
      }
    },
  },
  {
    id: 'tus.errors.bad-chunk-400',
    level: 'SHOULD',
    source: supplement('31.20 (wrong Content-Type, bad Upload-Offset: 400)'),
    title: 'A chunk with another Content-Type, a wrong Upload-Offset or too many bytes answers 400 and the offset stays',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      const location = await start(t, box, 4, { filename: 'x.txt' });
      const chunk = bytes('ab');
      const type = await send(t, location, 0, chunk, { 'Content-Type': 'text/plain' });
      t.status(type, 400, 'a chunk sent as text/plain');
      t.body(type, { error: { message: 'Missing or invalid Content-Type header' } });
      t.status(await send(t, location, 1, chunk), 400, 'a chunk at offset 1 while the upload is at 0');
      t.status(await send(t, location, 0, bytes('abcde')), 400, 'five bytes for an upload of four');
      t.header(await head(t, location), 'Upload-Offset', '0', 'HEAD afterwards');
    },
  },
  {
    id: 'tus.errors.unknown-upload-404',
    level: 'SHOULD',
    source: supplement('31.20 (unknown upload id: 404)'),
    title: 'HEAD and PATCH of an unknown upload answer 404; a finished upload is gone',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      t.status(await head(t, t.url(`${box}/@tus-upload/no-such-upload`)), 404, 'HEAD of an unknown upload');
      t.status(await send(t, t.url(`${box}/@tus-upload/no-such-upload`), 0, bytes('x')), 404, 'PATCH of an unknown upload');
      const location = await start(t, box, 2, { filename: 'done.txt' });
      t.need(await send(t, location, 0, bytes('ok')), 'sending the whole upload');
      t.status(await head(t, location), 404, 'HEAD of the finished upload');
    },
  },
  {
    id: 'tus.create.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('31.20 (Add portal content)'),
    title: 'Anonymous callers cannot start an upload (401) nor send chunks to one',
    needs: ['tus'],
    async run(t) {
      const box = await t.sandbox();
      t.status(await t.request('POST', `${box}/@tus-upload`, { auth: 'anonymous', headers: { ...TUS, 'Upload-Length': '2' } }), 401);
      const location = await start(t, box, 2, { filename: 'mine.txt' });
      t.status(await t.request('PATCH', location, { auth: 'anonymous', raw: bytes('ab'), headers: { ...CHUNK, 'Upload-Offset': '0' } }), 401, 'a chunk from Anonymous');
      t.header(await head(t, location), 'Upload-Offset', '0', 'HEAD afterwards');
    },
  },
]);
