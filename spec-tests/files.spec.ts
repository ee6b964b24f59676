// Files and images (supplement 8.1–8.4): JSON upload, the `image`/`file` JSON, and the binary
// views @@download, @@display-file and @@images (named scales and hashed scale URLs).
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

// --- a hand-made PNG (RGB gradient), so the test does not depend on an image library to write one

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width;
      raw[row + 2 + x * 3] = (y * 255) / height;
      raw[row + 3 + x * 3] = 128;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const PNG = makePng(300, 200);
const pngUpload = (filename = 'Test Picture.png', bytes = PNG) => ({
  data: bytes.toString('base64'),
  encoding: 'base64',
  filename,
  'content-type': 'image/png',
});

const EXPECTED_SCALES: Record<string, [number, number]> = {
  huge: [300, 200],
  great: [300, 200],
  larger: [300, 200],
  large: [300, 200],
  teaser: [300, 200],
  preview: [300, 200],
  mini: [200, 133],
  thumb: [128, 85],
  tile: [64, 42],
  icon: [32, 21],
  listing: [16, 10],
};

const dims = async (bytes: Uint8Array) => {
  const meta = await sharp(bytes).metadata();
  return [meta.width, meta.height, meta.format];
};

let api: Api;
let folder: string;
let image: any; // JSON of the Image object
let imagePath: string;

beforeAll(async () => {
  api = await connect();
  folder = await api.sandbox();
  const r = await api.post(folder, { '@type': 'Image', image: pngUpload() });
  expect(r.status, r.text).toBe(201);
  image = r.body;
  imagePath = new URL(image['@id']).pathname.replace(new URL(api.base).pathname, '');
});

describe('image upload and JSON', () => {
  it('takes the id from the file name when there is no title', () => {
    expect(image.id).toBe('test-picture.png');
  });

  it('reads width and height from the bytes and reports size, type and file name', () => {
    expect(image.image).toMatchObject({
      'content-type': 'image/png',
      filename: 'Test Picture.png',
      width: 300,
      height: 200,
      size: PNG.length,
    });
    expect(image.image.download).toMatch(new RegExp(`^${image['@id']}/@@images/image-300-[0-9a-f]{32}\\.png$`));
  });

  it('lists all eleven scales with the fitted sizes, never upscaled', () => {
    const scales = image.image.scales;
    expect(Object.keys(scales).sort()).toEqual(Object.keys(EXPECTED_SCALES).sort());
    for (const [name, [w, h]] of Object.entries(EXPECTED_SCALES)) {
      expect(scales[name].width, name).toBe(w);
      expect(scales[name].height, name).toBe(h);
      expect(scales[name].download).toMatch(new RegExp(`^${image['@id']}/@@images/image-${w}-[0-9a-f]{32}\\.png$`));
    }
  });

  it('gives the same JSON on GET', async () => {
    const r = await api.get(imagePath);
    expect(r.status).toBe(200);
    expect(r.body.image).toEqual(image.image);
  });

  it('refuses invalid base64 with 400', async () => {
    const r = await api.post(folder, { '@type': 'Image', image: { ...pngUpload(), data: '***not base64***' } });
    expect(r.status).toBe(400);
  });

  it('refuses null for the required image field', async () => {
    const r = await api.patch(imagePath, { image: null });
    expect(r.status).toBe(400);
  });
});

describe('@@images', () => {
  it('serves every scale URL of the JSON with the announced dimensions', async () => {
    for (const [name, scale] of Object.entries<any>(image.image.scales)) {
      const r = await api.get(scale.download, { headers: { Accept: 'image/*' } });
      expect(r.status, name).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('cache-control')).toContain('immutable');
      expect(Number(r.headers.get('content-length'))).toBe(r.bytes.length);
      expect(await dims(r.bytes), name).toEqual([scale.width, scale.height, 'png']);
    }
  });

  it('serves the original at the download URL and at @@images/<field>', async () => {
    const hashed = await api.get(image.image.download);
    expect(hashed.status).toBe(200);
    expect(Buffer.from(hashed.bytes).equals(PNG)).toBe(true);
    const plain = await api.get(`${imagePath}/@@images/image`);
    expect(plain.status).toBe(200);
    expect(Buffer.from(plain.bytes).equals(PNG)).toBe(true);
  });

  it('serves named scales', async () => {
    const r = await api.get(`${imagePath}/@@images/image/thumb`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(await dims(r.bytes)).toEqual([128, 85, 'png']);
  });

  it('answers 404 for an unknown scale, field, hash or width', async () => {
    const good = image.image.scales.thumb.download as string;
    const wrongHash = good.replace(/-[0-9a-f]{32}\./, `-${'0'.repeat(32)}.`);
    const wrongWidth = good.replace('/image-128-', '/image-129-');
    for (const url of [`${imagePath}/@@images/image/gigantic`, `${imagePath}/@@images/nope`, wrongHash, wrongWidth]) {
      expect((await api.get(url)).status, url).toBe(404);
    }
  });

  it('answers 400 without a scale path', async () => {
    const r = await api.get(`${imagePath}/@@images`);
    expect(r.status).toBe(400);
    expect(r.text).toContain('Missing image scale path');
  });

  it('works below ++api++ and with a browser Accept header', async () => {
    const sitePath = new URL(api.base).pathname;
    const url = new URL(image.image.scales.mini.download);
    url.pathname = url.pathname.replace(sitePath, `${sitePath}/++api++`);
    const r = await api.get(url.href, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(r.status).toBe(200);
    expect(await dims(r.bytes)).toEqual([200, 133, 'png']);
  });
});

describe('SVG images', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="teal"/></svg>';

  it('serves the SVG as is for every scale, and never inline via @@display-file', async () => {
    const r = await api.post(folder, {
      '@type': 'Image',
      title: 'Vector',
      image: { data: Buffer.from(SVG).toString('base64'), encoding: 'base64', filename: 'v.svg', 'content-type': 'image/svg+xml' },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.image).toMatchObject({ width: 400, height: 100 });
    expect(r.body.image.scales.thumb).toMatchObject({ width: 128, height: 32 });
    const scale = await api.get(r.body.image.scales.thumb.download);
    expect(scale.status).toBe(200);
    expect(scale.headers.get('content-type')).toBe('image/svg+xml');
    expect(scale.text).toBe(SVG);
    expect(r.body.id).toBe('v.svg'); // named from the file name, as Plone does
    const shown = await api.get(`${folder}/v.svg/@@display-file/image`);
    expect(shown.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('private content', () => {
  let news: any;
  let newsPath: string;

  beforeAll(async () => {
    const r = await api.post(folder, { '@type': 'News Item', title: 'Harbour news', image: pngUpload('harbour.png') });
    expect(r.status, r.text).toBe(201);
    news = r.body;
    newsPath = `${folder}/${news.id}`;
  });

  it('keeps the image shape of the news item exchange', () => {
    expect(news.id).toBe('harbour-news');
    expect(Object.keys(news.image).sort()).toEqual(['content-type', 'download', 'filename', 'height', 'scales', 'size', 'width']);
  });

  it('answers 401 to Anonymous and 200 to the owner', async () => {
    for (const url of [news.image.download, `${newsPath}/@@images/image/thumb`, `${newsPath}/@@download/image`]) {
      expect((await api.get(url, { auth: 'anonymous' })).status, url).toBe(401);
      expect((await api.get(url)).status, url).toBe(200);
    }
  });

  it('keeps the stored image when the read representation is sent back', async () => {
    const r = await api.patch(newsPath, { image: news.image }, { headers: { Prefer: 'return=representation' } });
    expect(r.status).toBe(200);
    expect(r.body.image).toEqual(news.image);
  });

  it('replaces the image and changes the hashed URLs', async () => {
    const r = await api.patch(newsPath, { image: pngUpload('tall.png', makePng(100, 400)) }, { headers: { Prefer: 'return=representation' } });
    expect(r.status).toBe(200);
    expect(r.body.image).toMatchObject({ width: 100, height: 400, filename: 'tall.png' });
    expect(r.body.image.scales.thumb).toMatchObject({ width: 32, height: 128 });
    expect((await api.get(news.image.download)).status).toBe(404);
    const thumb = await api.get(r.body.image.scales.thumb.download);
    expect(await dims(thumb.bytes)).toEqual([32, 128, 'png']);
  });

  it('clears the optional lead image with null', async () => {
    const r = await api.patch(newsPath, { image: null }, { headers: { Prefer: 'return=representation' } });
    expect(r.status).toBe(200);
    expect(r.body.image).toBeNull();
    expect((await api.get(`${newsPath}/@@images/image`)).status).toBe(404);
  });
});

describe('@@download and @@display-file', () => {
  const TEXT = 'Hello, files!\nSecond line: é ü\n';
  let filePath: string;
  let zipPath: string;

  beforeAll(async () => {
    const r = await api.post(folder, {
      '@type': 'File',
      file: { data: Buffer.from(TEXT).toString('base64'), encoding: 'base64', filename: 'notes é.txt', 'content-type': 'text/plain' },
    });
    expect(r.status, r.text).toBe(201);
    filePath = `${folder}/${r.body.id}`;
    expect(r.body.file).toEqual({
      'content-type': 'text/plain',
      download: `${r.body['@id']}/@@download/file`,
      filename: 'notes é.txt',
      size: Buffer.byteLength(TEXT),
    });
    const z = await api.post(folder, {
      '@type': 'File',
      title: 'Archive',
      file: { data: Buffer.from('PK\u0003\u0004').toString('base64'), encoding: 'base64', filename: 'a.zip', 'content-type': 'application/zip' },
    });
    expect(z.status).toBe(201);
    zipPath = `${folder}/${z.body.id}`;
  });

  it('downloads the bytes as an attachment, named by the URL segment when given (supplement-2 4.2)', async () => {
    const cases: [string, string][] = [
      [`${filePath}/@@download/file`, 'notes%20%C3%A9.txt'],
      [`${filePath}/@@download/file/whatever.txt`, 'whatever.txt'],
    ];
    for (const [url, name] of cases) {
      const r = await api.get(url, { headers: { Accept: '*/*' } });
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
      expect(r.headers.get('accept-ranges')).toBe('bytes');
      expect(r.headers.get('link')).toBe(`<${api.base}${filePath}/@@download/file/notes%20%C3%A9.txt>; rel="canonical"`);
      expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(TEXT));
      expect(r.text).toBe(TEXT);
    }
  });

  it('shows safe types inline and others as attachment', async () => {
    const text = await api.get(`${filePath}/@@display-file/file`);
    expect(text.status).toBe(200);
    expect(text.headers.get('content-disposition')).toMatch(/^inline/);
    expect(text.text).toBe(TEXT);
    const zip = await api.get(`${zipPath}/@@display-file/file`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''a.zip");
    const img = await api.get(`${imagePath}/@@display-file/image`);
    expect(img.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('guesses the type from the file name and shows a PDF inline', async () => {
    const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    const r = await api.post(folder, { '@type': 'File', file: { data: bytes.toString('base64'), encoding: 'base64', filename: 'flyer.pdf' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).toBe('flyer.pdf');
    expect(r.body.file['content-type']).toBe('application/pdf');
    const shown = await api.get(`${folder}/flyer.pdf/@@display-file/file`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''flyer.pdf");
    expect(Buffer.from(shown.bytes).equals(bytes)).toBe(true);
  });

  it('answers 404 for unknown or non-file fields', async () => {
    expect((await api.get(`${filePath}/@@download/nothing`)).status).toBe(404);
    expect((await api.get(`${filePath}/@@download/title`)).status).toBe(404);
  });

  it('works below ++api++', async () => {
    const sitePath = new URL(api.base).pathname;
    const r = await api.get(`${api.base.replace(sitePath, '')}${sitePath}/++api++${filePath}/@@download/file`);
    expect(r.status).toBe(200);
    expect(r.text).toBe(TEXT);
  });
});
