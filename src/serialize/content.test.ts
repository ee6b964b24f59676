// A content answer's members come in the order the serializer writes them, whatever the type
// (each answer starts as a copy of its type's shape of undefined members, which JSON leaves out).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testSite } from '../compose/test-site.ts';
import { createContent } from '../endpoints/content/content.create.ts';
import type { ApiRequest } from '../http/types.ts';
import { traverse } from '../state/select.ts';

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

describe('listing a big folder in turns', () => {
  it('lists what the caller may see, in order, as the listing made at once does', async () => {
    const { server, call } = await testSite();
    expect((await call('POST', '', { '@type': 'Folder', id: 'big', title: 'Big' })).status).toBe(201);
    expect((await call('POST', '/big/@workflow/publish')).status).toBe(200);
    const req = { now: server.clock.now(), newUid: () => randomUUID().replace(/-/g, ''), principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] } } as unknown as ApiRequest;
    const folder = traverse(server.store.current, ['big'])!.uid;
    server.store.commit((draft) => {
      for (let i = 0; i < 1100; i++) createContent(draft, req, { parentUid: folder, body: { '@type': 'Document', id: `d${i}`, title: `D ${i}` } });
    });
    for (const i of [3, 500, 1099]) expect((await call('POST', `/big/d${i}/@workflow/publish`)).status).toBe(200);
    // over 1,000 children: the listing sorts them out in turns (serialize/content.ts)
    const anonymous = await call('GET', '/big?b_size=5000', undefined, 'anonymous');
    expect(anonymous.body.items_total).toBe(3);
    expect(anonymous.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop())).toEqual(['d3', 'd500', 'd1099']);
    const admin = await call('GET', '/big?b_size=5000');
    expect(admin.body.items_total).toBe(1100);
    expect(admin.body.items[1099]['@id']).toMatch(/\/big\/d1099$/);
    const page = await call('GET', '/big?b_start=1090&b_size=5');
    expect(page.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop())).toEqual(['d1090', 'd1091', 'd1092', 'd1093', 'd1094']);
  });
});
