// Generated ids as Plone's name chooser makes them (supplement-2 6.1, 6.2, 6.4; supplement 9.1):
// the URL normaliser (255 characters, extensions kept), File and Image named from the uploaded
// file name, names Plone refuses made unique, renames normalised.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const image = (filename: string) => ({ data: PNG, encoding: 'base64', filename, 'content-type': 'image/png' });
const file = (filename: string) => ({ data: 'aGVsbG8=', encoding: 'base64', filename, 'content-type': 'application/pdf' });

async function created(body: Record<string, unknown>, headers?: Record<string, string>) {
  const r = await api.post(box, body, headers ? { headers } : {});
  expect(r.status, r.text).toBe(201);
  return r.body;
}

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

describe('ids from titles', () => {
  it('follow the URL normaliser', async () => {
    const ids = [];
    for (const title of ["Don't panic!", 'a_b c', 'Version 2.0', 'Plone 6.0 release', 'My Report (final).PDF', 'file.xhtml', 'Hello.', 'Über uns']) {
      ids.push((await created({ '@type': 'Document', title })).id);
    }
    expect(ids).toEqual(['dont-panic', 'a_b-c', 'version-2.0', 'plone-6-0-release', 'my-report-final.pdf', 'file-xhtml', 'hello', 'uber-uns']);
    expect((await created({ '@type': 'Document', title: 'Über uns' }, { 'Accept-Language': 'de' })).id).toBe('ueber-uns');
  });

  it('are not cut at 50: Plone keeps 255 characters, cut at a dash', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`); // "word0 word1 ..." = 349 characters
    const r = await created({ '@type': 'Document', title: words.join(' ') });
    expect(r.id.length).toBeLessThanOrEqual(255);
    expect(r.id.length).toBeGreaterThan(240);
    expect(words.join('-').startsWith(r.id + '-')).toBe(true);
    const long = await created({ '@type': 'Document', title: 'A long title that runs well past fifty characters in all' });
    expect(long.id).toBe('a-long-title-that-runs-well-past-fifty-characters-in-all');
  });

  it('never take catalog names or reserved words: they get a number', async () => {
    expect((await created({ '@type': 'Document', title: 'Start' })).id).toBe('start-1');
    expect((await created({ '@type': 'Document', title: 'Login' })).id).toBe('login-1');
    expect((await created({ '@type': 'Document', title: 'My Doc' })).id).toBe('my-doc');
    expect((await created({ '@type': 'Document', title: 'My Doc' })).id).toBe('my-doc-1');
  });
});

describe('the name chooser gives up numbering after 100', () => {
  it('names the 102nd "Twin" <stem>-<seconds>.<n>, and a rename onto the taken name the same way', async () => {
    const folder = (await created({ '@type': 'Folder', title: 'Twins' }))['@id'].slice(api.base.length);
    const ids: string[] = [];
    for (let i = 0; i < 103; i++) {
      const r = await api.post(folder, { '@type': 'Document', title: 'Twin' });
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    expect(ids.slice(0, 101)).toEqual(['twin', ...Array.from({ length: 100 }, (_, i) => `twin-${i + 1}`)]);
    const stamped = ids.slice(101).map((id) => /^twin-(\d+)\.(\d+)$/.exec(id));
    expect(stamped.every(Boolean), ids.slice(101).join()).toBe(true);
    expect(Math.abs(Number(stamped[0]![1]) - Date.now() / 1000)).toBeLessThan(600);
    expect(ids[101]).not.toBe(ids[102]);
    // a rename is made unique by the same chooser
    const other = await api.post(folder, { '@type': 'Document', title: 'Other' });
    expect((await api.patch(`${folder}/other`, { id: 'twin' })).status).toBe(204);
    expect((await api.get(`${folder}/@search?portal_type=Document&UID=${other.body.UID}&metadata_fields=id`)).body.items[0].id).toMatch(/^twin-\d+\.\d+$/);
  });
});

describe('File and Image ids come from the file name', () => {
  it('keeps photo.png as Volto uploads it (title and file both the file name)', async () => {
    const r = await created({ '@type': 'Image', title: 'photo.png', image: image('photo.png') });
    expect(r.id).toBe('photo.png');
    expect(r['@id']).toBe(`${api.base}${box}/photo.png`);
    expect((await created({ '@type': 'Image', title: 'photo.png', image: image('photo.png') })).id).toBe('photo-1.png');
  });

  it('prefers the file name to the title, and an empty title becomes the file name', async () => {
    expect((await created({ '@type': 'File', title: 'Annual report', file: file('Report 2024.PDF') })).id).toBe('report-2024.pdf');
    const untitled = await created({ '@type': 'File', file: file('minutes.pdf') });
    expect(untitled.id).toBe('minutes.pdf');
    expect(untitled.title).toBe('minutes.pdf');
  });

  it('a Document is still named from its title', async () => {
    expect((await created({ '@type': 'News Item', title: 'Lead story', image: image('lead.png') })).id).toBe('lead-story');
  });
});

describe('renames go through the name chooser', () => {
  it('normalises the new id and makes it unique instead of refusing it', async () => {
    await created({ '@type': 'Document', id: 'taken', title: 'Taken' });
    await created({ '@type': 'Document', id: 'mover', title: 'Mover' });
    expect((await api.patch(`${box}/mover`, { id: 'My New Id' })).status).toBe(204);
    expect((await api.get(`${box}/my-new-id`)).status).toBe(200);
    expect((await api.patch(`${box}/my-new-id`, { id: 'taken' })).status).toBe(204);
    expect((await api.get(`${box}/taken-1`)).body.title).toBe('Mover');
    expect((await api.get(`${box}/taken`)).body.title).toBe('Taken');
    expect((await api.patch(`${box}/taken-1`, { id: '***' })).status).toBe(400);
  });
});
