// Security of served files (issue 9 item 2, supplement-2 §4): stored scripts (SVG, HTML) never run
// on the site's origin. Only allow-listed inert types are shown inline (after normalising the
// stored type), everything else is an attachment; every binary answer says nosniff; a declared
// type that is not a valid media type is refused on every upload path and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api, type Reply } from './client.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><script>alert(document.domain)</script><rect width="40" height="10"/></svg>';
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
// 1x1 transparent GIF
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const upload = (text: string, type: string, filename: string) => ({
  data: Buffer.from(text).toString('base64'),
  encoding: 'base64',
  filename,
  'content-type': type,
});

let api: Api;
let box: string;

const attachment = (r: Reply) => r.headers.get('content-disposition') ?? '';
const expectInert = (r: Reply, what: string) => {
  expect(r.status, what).toBe(200);
  expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(attachment(r), what).toMatch(/^attachment/);
};

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
});

describe('scripts in stored files are never shown inline', () => {
  it('an SVG image: every image URL, @@download and @@display-file answer an attachment with nosniff, for Anonymous too', async () => {
    const r = await api.post(box, { '@type': 'Image', id: 'evil-svg', image: upload(SVG, 'image/svg+xml', 'evil.svg') });
    expect(r.status, r.text).toBe(201);
    const urls = [
      `${box}/evil-svg/@@images/image`,
      `${box}/evil-svg/@@images/image/thumb`,
      r.body.image.download,
      r.body.image.scales.preview.download,
      `${box}/evil-svg/@@download/image`,
      `${box}/evil-svg/@@display-file/image`,
    ];
    for (const url of urls) {
      for (const auth of ['admin', 'anonymous'] as const) {
        const got = await api.get(url, { auth });
        expectInert(got, `${auth} ${url}`);
        expect(got.headers.get('content-type'), url).toBe('image/svg+xml');
        expect(got.text, url).toBe(SVG);
      }
    }
  });

  it('an Image declared as text/html is an attachment in every view', async () => {
    const r = await api.post(box, { '@type': 'Image', id: 'evil-html', image: upload(HTML, 'text/html', 'evil.html') });
    expect(r.status, r.text).toBe(201);
    for (const view of ['@@images/image', '@@download/image', '@@display-file/image']) {
      const got = await api.get(`${box}/evil-html/${view}`, { auth: 'anonymous' });
      expectInert(got, view);
      expect(got.headers.get('content-type')).toBe('text/html');
    }
  });

  it('a File stored as "image/svg+xml; charset=utf-8" or with odd case and spacing is judged by its normalised type', async () => {
    const svg = await api.post(box, { '@type': 'File', id: 'svg-param', file: upload(SVG, 'image/svg+xml; charset=utf-8', 'a.svg') });
    expect(svg.status, svg.text).toBe(201);
    const shown = await api.get(`${box}/svg-param/@@display-file/file`, { auth: 'anonymous' });
    expectInert(shown, 'svg with parameter');
    expect(shown.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const html = await api.post(box, { '@type': 'File', id: 'html-upper', file: upload(HTML, 'Text/HTML ; charset=utf-8', 'a.htm') });
    expect(html.status, html.text).toBe(201);
    expectInert(await api.get(`${box}/html-upper/@@display-file/file`, { auth: 'anonymous' }), 'upper-case html');
    const text = await api.post(box, { '@type': 'File', id: 'plain-upper', file: upload('hello', 'Text/Plain ; charset=utf-8', 'a.txt') });
    expect(text.status).toBe(201);
    const plain = await api.get(`${box}/plain-upper/@@display-file/file`, { auth: 'anonymous' });
    expect(plain.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''a.txt");
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('audio and video are shown inline; @@download is always an attachment', async () => {
    const r = await api.post(box, { '@type': 'File', id: 'song', file: upload('ID3', 'audio/mpeg', 'song.mp3') });
    expect(r.status).toBe(201);
    const shown = await api.get(`${box}/song/@@display-file/file`);
    expect(shown.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''song.mp3");
    const downloaded = await api.get(`${box}/song/@@download/file`);
    expect(downloaded.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''song.mp3");
    expect(downloaded.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a raster image is shown without a disposition by @@images, with nosniff', async () => {
    const r = await api.post(box, { '@type': 'Image', id: 'dot', image: { data: GIF, encoding: 'base64', filename: 'dot.gif', 'content-type': 'image/gif' } });
    expect(r.status).toBe(201);
    const got = await api.get(`${box}/dot/@@images/image`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBeNull();
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a portrait with a script type is an attachment', async () => {
    const user = { username: 'pia', password: 'pia-password-1', email: 'pia@example.com' };
    expect((await api.post('/@users', user)).status).toBe(201);
    const r = await api.patch('/@users/pia', { portrait: upload(SVG, 'image/svg+xml', 'me.svg') });
    expect(r.status, r.text).toBe(204);
    expectInert(await api.get('/@portrait/pia', { auth: 'anonymous' }), 'portrait');
  });

  it('other binary answers (the users CSV) say nosniff too', async () => {
    const r = await api.get('/@users', { headers: { Accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('byte ranges (supplement-2 4.2)', () => {
  it('a single range gives 206 with Content-Range; If-Range, several or unsatisfiable ranges give the whole file', async () => {
    const r = await api.post(box, { '@type': 'File', id: 'digits', file: upload('0123456789', 'text/plain', 'digits.txt') });
    expect(r.status).toBe(201);
    const part = await api.get(`${box}/digits/@@download/file`, { headers: { Range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.text).toBe('234');
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(part.headers.get('content-length')).toBe('3');
    const cases: Record<string, string>[] = [{ Range: 'bytes=2-4', 'If-Range': 'x' }, { Range: 'bytes=0-1,4-5' }, { Range: 'bytes=20-30' }, { Range: 'junk' }];
    for (const headers of cases) {
      const whole = await api.get(`${box}/digits/@@display-file/file`, { headers });
      expect(whole.status, JSON.stringify(headers)).toBe(200);
      expect(whole.text).toBe('0123456789');
    }
  });
});

describe('declared types that are not media types are refused on every upload path', () => {
  const BAD = ['text/html\r\nSet-Cookie: a=b', 'image/png\u0000', 'svg', 'image/png/x', 'image/ png', 'ïmage/png', 'x'.repeat(300) + '/y'];

  it('JSON POST and PATCH of files and images: 400, nothing created or changed', async () => {
    const created = await api.post(box, { '@type': 'File', id: 'kept', file: upload('original', 'text/plain', 'k.txt') });
    expect(created.status).toBe(201);
    for (const type of BAD) {
      const file = await api.post(box, { '@type': 'File', id: 'bad-file', file: upload('x', type, 'x.bin') });
      expect(file.status, JSON.stringify(type)).toBe(400);
      expect(file.body.type).toBe('BadRequest');
      expect(file.body.message).toContain('not a valid media type');
      const image = await api.post(box, { '@type': 'Image', id: 'bad-image', image: { data: GIF, encoding: 'base64', filename: 'x.gif', 'content-type': type } });
      expect(image.status, JSON.stringify(type)).toBe(400);
      const patch = await api.patch(`${box}/kept`, { title: 'changed', file: upload('new', type, 'n.txt') });
      expect(patch.status, JSON.stringify(type)).toBe(400);
    }
    expect((await api.get(`${box}/bad-file`)).status).toBe(404);
    expect((await api.get(`${box}/bad-image`)).status).toBe(404);
    const kept = await api.get(`${box}/kept`);
    expect(kept.body.title).not.toBe('changed');
    expect(kept.body.file['content-type']).toBe('text/plain');
    expect((await api.get(`${box}/kept/@@download/file`)).text).toBe('original');
  });

  it('TUS: refused when the upload is created', async () => {
    const meta = (k: string, v: string) => `${k} ${Buffer.from(v).toString('base64')}`;
    const headers = {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '3',
      'Upload-Metadata': [meta('filename', 'a.txt'), meta('content-type', 'text/plain\r\nX-Evil: 1')].join(','),
    };
    const r = await api.request('POST', `${box}/@tus-upload`, { headers });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
  });

  it('portraits: 400 and the portrait stays as it was', async () => {
    const user = { username: 'ria', password: 'ria-password-1', email: 'ria@example.com' };
    expect((await api.post('/@users', user)).status).toBe(201);
    const r = await api.patch('/@users/ria', { portrait: { data: GIF, encoding: 'base64', filename: 'p.gif', 'content-type': 'image/gif\nX: y' } });
    expect(r.status).toBe(400);
    expect((await api.get('/@users/ria')).body.portrait).toBeNull();
  });
});
