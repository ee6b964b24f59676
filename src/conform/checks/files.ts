// Files and images: upload as JSON, the file and image fields, @@download and scales.
import { anyInteger, anyString, includes, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';
import { PNG_BYTES, pngUpload, TEXT_FILE, textUpload } from './media.ts';

const SCALES = ['great', 'huge', 'icon', 'large', 'larger', 'listing', 'mini', 'preview', 'teaser', 'thumb', 'tile'];
const scale = { download: anyString, width: anyInteger, height: anyInteger };

export default family('files', [
  {
    id: 'files.image.field',
    level: 'MUST',
    source: seed('Resources/Content object (image: content-type, download, filename, height, width, size, scales)'),
    title: 'An Image has image {content-type, download, filename, height, width, size, scales} with every named scale',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'Image', id: 'picture', title: 'Picture', image: pngUpload('picture.png') });
      t.body(await t.get(path), {
        image: {
          'content-type': 'image/png',
          download: anyString,
          filename: 'picture.png',
          width: 300,
          height: 200,
          size: PNG_BYTES.length,
          scales: Object.fromEntries(SCALES.map((s) => [s, scale])),
        },
      });
    },
  },
  {
    id: 'files.image.scales-fit-never-upscale',
    level: 'SHOULD',
    source: supplement('8.4'),
    title: 'Scales fit the image into their box keeping the aspect ratio and never upscale',
    async run(t) {
      const box = await t.sandbox();
      const { body } = await t.create(box, { '@type': 'Image', id: 'picture', title: 'Picture', image: pngUpload() });
      t.like(body.image?.scales, {
        thumb: { width: 128, height: 85 },
        icon: { width: 32, height: 21 },
        preview: { width: 300, height: 200 },
        huge: { width: 300, height: 200 },
      }, 'scale sizes of a 300×200 image');
    },
  },
  {
    id: 'files.image.downloads',
    level: 'SHOULD',
    source: supplement('8.3; 8.4'),
    title: 'The image download URL and a scale URL answer image bytes',
    async run(t) {
      const box = await t.sandbox();
      const { body } = await t.create(box, { '@type': 'Image', id: 'picture', title: 'Picture', image: pngUpload() });
      const original = await t.get(body.image?.download);
      t.status(original, 200);
      t.header(original, 'Content-Type', /^image\/png/);
      t.ok(Buffer.from(original.bytes).equals(PNG_BYTES), 'the original bytes come back', original.bytes.length, `${PNG_BYTES.length} identical bytes`);
      const thumb = await t.get(body.image?.scales?.thumb?.download);
      t.status(thumb, 200);
      t.header(thumb, 'Content-Type', /^image\//);
    },
  },
  {
    id: 'files.image.id-from-filename',
    level: 'SHOULD',
    source: supplement('9.1'),
    title: 'An Image created without id and title takes its id from the file name',
    async run(t) {
      const box = await t.sandbox();
      const { body } = await t.create(box, { '@type': 'Image', image: pngUpload('Harbour View.png') });
      t.like(body.id, 'harbour-view.png', 'the id');
    },
  },
  {
    id: 'files.file.field',
    level: 'SHOULD',
    source: supplement('8.1'),
    title: 'A File has file {filename, content-type, size, download}',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'File', id: 'notes', title: 'Notes', file: textUpload('notes.txt') });
      t.body(await t.get(path), { file: { filename: 'notes.txt', 'content-type': includes('text/plain'), size: Buffer.byteLength(TEXT_FILE), download: includes(`${path}/@@download/file`) } });
    },
  },
  {
    id: 'files.file.download',
    level: 'SHOULD',
    source: supplement('8.3'),
    title: '@@download/file answers the bytes as an attachment',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'File', id: 'notes', title: 'Notes', file: textUpload('notes.txt') });
      const r = await t.get(`${path}/@@download/file`);
      t.status(r, 200);
      t.equal(r.text, TEXT_FILE, 'the bytes');
      t.header(r, 'Content-Disposition', /^attachment/);
    },
  },
  {
    id: 'files.file.download-needs-view',
    level: 'SHOULD',
    source: supplement('8.3'),
    title: 'Downloading a file in a private folder is refused to Anonymous (401)',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'File', id: 'notes', title: 'Notes', file: textUpload() });
      t.status(await t.get(`${path}/@@download/file`, { auth: 'anonymous' }), 401);
    },
  },
  {
    id: 'files.file.json-without-data-keeps-the-file',
    level: 'SHOULD',
    source: supplement('8.2'),
    title: 'Sending the read representation back (no data) keeps the stored file',
    async run(t) {
      const box = await t.sandbox();
      const { path, body } = await t.create(box, { '@type': 'File', id: 'notes', title: 'Notes', file: textUpload() });
      t.status(await t.patch(path, { title: 'Renamed notes', file: body.file }), [200, 204]);
      const after = await t.get(`${path}/@@download/file`);
      t.equal(after.text, TEXT_FILE, 'the bytes after the PATCH');
      t.body(await t.get(path), { file: { size: satisfies(`${Buffer.byteLength(TEXT_FILE)}`, (s) => s === Buffer.byteLength(TEXT_FILE)) } }, 'the file field after the PATCH');
    },
  },
]);
