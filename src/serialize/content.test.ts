// A content answer's members come in the order the serializer writes them, whatever the type
// (each answer starts as a copy of its type's shape of undefined members, which JSON leaves out).
import { describe, expect, it } from 'vitest';
import { testSite } from '../compose/test-site.ts';

const DOCUMENT_KEYS = [
  '@components', '@id', '@type', 'UID', 'id', 'type_title', 'allow_discussion', 'is_folderish', 'layout', 'review_state', 'lock',
  'working_copy', 'working_copy_of', 'parent', 'created', 'modified', 'version', 'previous_item', 'next_item',
  'title', 'description', 'exclude_from_nav', 'subjects', 'language', 'effective', 'expires', 'creators', 'contributors', 'rights',
  'text', 'relatedItems', 'versioning_enabled', 'table_of_contents', 'changeNote',
];

describe('content answers', () => {
  it('list a Document in the serializer order, with no member left undefined or null where it should be absent', async () => {
    const { call } = await testSite();
    expect((await call('POST', '', { '@type': 'Document', id: 'd', title: 'D', text: { data: '<p>x</p>', 'content-type': 'text/html', encoding: 'utf-8' } })).status).toBe(201);
    const res = await call('GET', '/d');
    expect(Object.keys(JSON.parse(res.text))).toEqual(DOCUMENT_KEYS);
    expect(res.body.targetUrl).toBeUndefined();
    expect(res.text).not.toContain('"items"');
  });

  it('list a Folder, the site root and a Link in the serializer order', async () => {
    const { call } = await testSite();
    expect((await call('POST', '', { '@type': 'Folder', id: 'f', title: 'F' })).status).toBe(201);
    expect((await call('POST', '/f', { '@type': 'Link', id: 'l', title: 'L', remoteUrl: 'https://example.org/' })).status).toBe(201);
    const keys = async (path: string) => Object.keys(JSON.parse((await call('GET', path)).text)).join(' ');
    const head = '@components @id @type UID id type_title allow_discussion is_folderish layout review_state lock working_copy working_copy_of parent';
    for (let round = 0; round < 2; round++) {
      expect(await keys('/f')).toBe(`${head} created modified version previous_item next_item title description subjects language effective expires creators contributors rights exclude_from_nav relatedItems nextPreviousEnabled items items_total`);
      expect(await keys('')).toBe(`${head} title description subjects language effective expires creators contributors rights relatedItems exclude_from_nav table_of_contents text items items_total`);
      expect(await keys('/f/l')).toBe(`${head} created modified version previous_item next_item title description remoteUrl subjects language effective expires creators contributors rights exclude_from_nav versioning_enabled changeNote`);
    }
  });
});
