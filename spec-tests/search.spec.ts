// @search: index queries, dotted options, paths, text queries, sorting, metadata, full objects,
// site search settings, batching, security, and the error rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
let site: string; // physical path prefix of the site, e.g. /Plone

async function create(path: string, body: Record<string, unknown>) {
  const r = await api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r.body;
}

const search = (path: string, query: string, auth?: 'anonymous' | { user: string; password: string }) => api.get(`${path}/@search?${query}`, auth ? { auth } : {});
const ids = (r: { body: any }) => r.body.items.map((i: any) => i['@id'].slice(api.base.length));

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  site = new URL(api.base).pathname;
  await create(box, { '@type': 'Folder', id: 'f1', title: 'Folder One' });
  await create(`${box}/f1`, { '@type': 'Folder', id: 'f2', title: 'Folder Two' });
  await create(`${box}/f1`, {
    '@type': 'Document', id: 'apples', title: 'Apples and pears', description: 'Fruit of the orchard',
    subjects: ['fruit', 'green'], text: { data: '<p>Running through the orchard picking apples</p>', 'content-type': 'text/html' },
  });
  await create(`${box}/f1/f2`, { '@type': 'Document', id: 'bananas', title: 'Bananas', subjects: ['fruit', 'yellow'], text: { data: 'Yellow curved fruit from the tropics', 'content-type': 'text/plain' } });
  await create(box, { '@type': 'News Item', id: 'news', title: 'Orchard news 2', subjects: ['news'], exclude_from_nav: true });
  await create(box, { '@type': 'Event', id: 'party', title: 'Harvest party 10' });
});

describe('scope and paths', () => {
  it('searches the context and below, the context included', async () => {
    const r = await search(box, 'sort_on=path');
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/@search`);
    expect(ids(r)).toEqual([box, `${box}/f1`, `${box}/f1/apples`, `${box}/f1/f2`, `${box}/f1/f2/bananas`, `${box}/news`, `${box}/party`]);
    expect(r.body.items_total).toBe(7);
    expect(r.body.items[0]).toEqual({
      '@id': `${api.base}${box}`, '@type': 'Folder', description: '', review_state: 'private', title: expect.any(String), type_title: 'Folder',
    });
  });

  it('path.depth=1 gives direct children only, path.depth=0 the object itself', async () => {
    expect(ids(await search(box, `path.query=${site}${box}/f1&path.depth=1&sort_on=path`))).toEqual([`${box}/f1/apples`, `${box}/f1/f2`]);
    expect(ids(await search(box, `path.query=${site}${box}/f1&path.depth=0`))).toEqual([`${box}/f1`]);
    expect(ids(await search(`${box}/f1`, 'path.depth=1&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2`]);
  });

  it('path.query is repeatable, with or without the site id', async () => {
    const r = await search('', `path.query=${site}${box}/f1/f2&path.query=${box}/news&sort_on=path`);
    expect(ids(r)).toEqual([`${box}/f1/f2`, `${box}/f1/f2/bananas`, `${box}/news`]);
  });

  it('path.depth above 1 counts the path object itself, as Plone’s path index does', async () => {
    // only depths 0 and 1 use the index's exact item / parent sets; deeper searches include the object
    expect(ids(await search(box, `path.query=${site}${box}/f1&path.depth=2&sort_on=path`))).toEqual([
      `${box}/f1`, `${box}/f1/apples`, `${box}/f1/f2`, `${box}/f1/f2/bananas`,
    ]);
  });

  it('several path.query values each contribute their own subtree within path.depth, sorted by path string', async () => {
    await create(box, { '@type': 'Folder', id: 'f1-more', title: 'More' });
    await create(`${box}/f1-more`, { '@type': 'Document', id: 'cherries', title: 'Cherries' });
    const q = (depth: number) => `path.query=${site}${box}/f1&path.query=${site}${box}/f1-more&path.query=${site}${box}/f1/f2&path.depth=${depth}&sort_on=path`;
    // '-' sorts before '/', so /f1-more/... comes before /f1/...
    expect(ids(await search('', q(1)))).toEqual([`${box}/f1-more/cherries`, `${box}/f1/apples`, `${box}/f1/f2`, `${box}/f1/f2/bananas`]);
    expect(ids(await search('', q(0)))).toEqual([`${box}/f1`, `${box}/f1-more`, `${box}/f1/f2`]);
    expect(ids(await search('', `${q(1)}&sort_order=descending`))).toEqual([`${box}/f1/f2/bananas`, `${box}/f1/f2`, `${box}/f1/apples`, `${box}/f1-more/cherries`]);
    expect((await api.del(`${box}/f1-more`)).status).toBe(204);
  });

  it('an explicit path may leave the context', async () => {
    expect(ids(await search(`${box}/f1/f2`, `path=${site}${box}/news`))).toEqual([`${box}/news`]);
  });
});

describe('field and keyword indexes', () => {
  it('portal_type, one value or several', async () => {
    expect(ids(await search(box, 'portal_type=Document&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'portal_type=Event&portal_type=News%20Item&sort_on=path'))).toEqual([`${box}/news`, `${box}/party`]);
    expect(ids(await search(box, 'portal_type:list=Event'))).toEqual([`${box}/party`]);
  });

  it('Subject any of, and Subject.operator=and', async () => {
    expect(ids(await search(box, 'Subject=green&Subject=yellow&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'Subject.query=fruit&Subject.query=yellow&Subject.operator=and'))).toEqual([`${box}/f1/f2/bananas`]);
  });

  it('not option excludes values', async () => {
    const r = await search(box, 'portal_type.query=Document&portal_type.query=Folder&portal_type.not=Folder&sort_on=path');
    expect(ids(r)).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
  });

  it('getId, id, UID and Type', async () => {
    expect(ids(await search(box, 'getId=bananas'))).toEqual([`${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'id=news'))).toEqual([`${box}/news`]);
    const uid = (await api.get(`${box}/f1`)).body.UID;
    expect(ids(await search(box, `UID=${uid}`))).toEqual([`${box}/f1`]);
    expect(ids(await search(box, 'Type=Page&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
  });

  it('boolean indexes parse strict booleans', async () => {
    expect(ids(await search(box, 'is_folderish=true&sort_on=path'))).toEqual([box, `${box}/f1`, `${box}/f1/f2`]);
    expect(ids(await search(box, 'exclude_from_nav=1'))).toEqual([`${box}/news`]);
    expect((await search(box, 'is_folderish=no&sort_on=path')).body.items_total).toBe(4);
  });

  it('a bad boolean is a 400', async () => {
    const r = await search(box, 'is_folderish=maybe');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Could not parse value 'maybe' as boolean");
    expect((await search(box, 'exclude_from_nav=2')).status).toBe(400);
  });

  it('type hints convert values (getObjPositionInParent:int)', async () => {
    expect(ids(await search(`${box}/f1`, 'getObjPositionInParent:int=1&path.depth=1'))).toEqual([`${box}/f1/apples`]);
    expect(ids(await search(`${box}/f1`, 'path.depth=1&sort_on=getObjPositionInParent'))).toEqual([`${box}/f1/f2`, `${box}/f1/apples`]);
    expect((await search(box, 'getObjPositionInParent:int=x')).status).toBe(400);
  });
});

describe('dates', () => {
  it('created ranges min, max and min:max', async () => {
    expect((await search(box, 'created.query=2000-01-01&created.range=min')).body.items_total).toBe(7);
    expect((await search(box, 'created.query=2000-01-01&created.range=max')).body.items_total).toBe(0);
    expect((await search(box, 'created.query=2000-01-01&created.query=2999-12-31&created.range=min:max')).body.items_total).toBe(7);
    expect((await search(box, 'modified.query:date=2999-01-01&modified.range=min')).body.items_total).toBe(0);
  });

  it('an unparsable date is a 400 QueryParsingError', async () => {
    const r = await search(box, 'created.query=yesterday-ish&created.range=min');
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('QueryParsingError');
  });

  it('an option without query is a 400', async () => {
    const r = await search(box, 'review_state.not=private');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Query for index review_state is missing a 'query' key!");
  });
});

describe('SearchableText and other text indexes', () => {
  it('matches words with stemming, no automatic wildcard', async () => {
    expect(ids(await search(box, 'SearchableText=orchard&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/news`]);
    expect(ids(await search(box, 'SearchableText=run'))).toEqual([`${box}/f1/apples`]);
    expect(ids(await search(box, 'SearchableText=banan'))).toEqual([]);
    expect(ids(await search(box, 'SearchableText=banan*'))).toEqual([`${box}/f1/f2/bananas`]);
  });

  it('ANDs words, understands OR, NOT, phrases; strips parentheses', async () => {
    expect(ids(await search(box, 'SearchableText=fruit%20yellow'))).toEqual([`${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'SearchableText=tropics%20OR%20pears&sort_on=path'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'SearchableText=fruit%20NOT%20tropics'))).toEqual([`${box}/f1/apples`]);
    expect(ids(await search(box, 'SearchableText=%22curved%20fruit%22'))).toEqual([`${box}/f1/f2/bananas`]);
    expect(ids(await search(box, 'SearchableText=%22fruit%20curved%22'))).toEqual([]);
    expect(ids(await search(box, 'SearchableText=(bananas)'))).toEqual([`${box}/f1/f2/bananas`]);
  });

  it('searches tags, ids and descriptions; Title and Description indexes are narrower', async () => {
    expect(ids(await search(box, 'SearchableText=green'))).toEqual([`${box}/f1/apples`]);
    expect(ids(await search(box, 'Title=orchard'))).toEqual([`${box}/news`]);
    expect(ids(await search(box, 'Description=orchard'))).toEqual([`${box}/f1/apples`]);
  });

  it('empty or * text answers a bare []', async () => {
    for (const q of ['SearchableText=', 'SearchableText=*', 'SearchableText=()']) {
      const r = await search(box, q);
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
    }
  });

  it('refuses a pattern that starts with a wildcard, as the lexicon of Plone does (it would test every word)', async () => {
    for (const q of ['*anan*', '?anana', 'fruit%20*ellow']) {
      const r = await search(box, `SearchableText=${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message).toMatch(/^pattern '[*?][a-z*?]+' shouldn't start with glob character$/);
    }
    expect(ids(await search(box, 'SearchableText=b?nan*'))).toEqual([`${box}/f1/f2/bananas`]);
  });

  it('sees a write at once: create, edit, delete', async () => {
    await create(box, { '@type': 'Document', id: 'fresh', title: 'Quokka sighting' });
    expect(ids(await search(box, 'SearchableText=quokka'))).toEqual([`${box}/fresh`]);
    expect((await api.patch(`${box}/fresh`, { title: 'Wombat sighting' })).status).toBe(204);
    expect(ids(await search(box, 'SearchableText=quokka'))).toEqual([]);
    expect(ids(await search(box, 'SearchableText=wombat'))).toEqual([`${box}/fresh`]);
    expect((await api.del(`${box}/fresh`)).status).toBe(204);
    expect(ids(await search(box, 'SearchableText=wombat'))).toEqual([]);
  });
});

describe('sorting', () => {
  it('sort_on with sort_order, several indexes, invalid names dropped', async () => {
    expect(ids(await search(box, 'portal_type=Document&sort_on=sortable_title&sort_order=descending'))).toEqual([`${box}/f1/f2/bananas`, `${box}/f1/apples`]);
    expect(ids(await search(box, 'portal_type=Document&sort_on=sortable_title&sort_order=reverse'))).toEqual([`${box}/f1/f2/bananas`, `${box}/f1/apples`]);
    const multi = await search(box, 'sort_on=portal_type&sort_on=sortable_title&sort_order=ascending&sort_order=descending&path.depth=1');
    expect(ids(multi)).toEqual([`${box}/party`, `${box}/f1`, `${box}/news`]);
    expect(ids(await search(box, 'portal_type=Document&sort_on=nonsense&sort_on=sortable_title'))).toEqual([`${box}/f1/apples`, `${box}/f1/f2/bananas`]);
  });

  it('sortable_title zero-fills numbers', async () => {
    const r = await search(box, 'path.depth=1&portal_type=Event&portal_type=News%20Item&sort_on=sortable_title');
    expect(ids(r)).toEqual([`${box}/party`, `${box}/news`]);
  });

  it('sort_limit caps the results', async () => {
    const r = await search(box, 'sort_on=path&sort_limit=2');
    expect(r.body.items_total).toBe(2);
    expect(r.body['@id']).toBe(`${api.base}${box}/@search`);
  });
});

describe('results', () => {
  it('metadata_fields adds columns, repeatable and comma lists', async () => {
    const r = await search(box, 'getId=apples&metadata_fields=Subject&metadata_fields=getId,UID');
    const item = r.body.items[0];
    expect(item.Subject).toEqual(['fruit', 'green']);
    expect(item.getId).toBe('apples');
    expect(item.UID).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body['@id']).toBe(`${api.base}${box}/@search?getId=apples&metadata_fields=Subject&metadata_fields=getId%2CUID`);
  });

  it('metadata_fields=_all gives every column plus getPath and getURL', async () => {
    const item = (await search(box, 'getId=apples&metadata_fields=_all')).body.items[0];
    for (const k of ['CreationDate', 'Creator', 'effective', 'getPath', 'getURL', 'is_folderish', 'listCreators', 'portal_type', 'review_state']) expect(item).toHaveProperty(k);
    expect(item.getPath).toBe(`${site}${box}/f1/apples`);
    expect(item.getURL).toBe(`${api.base}${box}/f1/apples`);
  });

  it('a column without a JSON form is an error naming the converter', async () => {
    const r = await search(box, 'metadata_fields=aq_parent');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^No converter for making .* JSON compatible\.$/);
  });

  it('fullobjects (presence) returns full objects without items', async () => {
    for (const q of ['getId=f1&fullobjects', 'getId=f1&fullobjects=0']) {
      const item = (await search(box, q)).body.items[0];
      expect(item['@components']).toBeDefined();
      expect(item.UID).toMatch(/^[0-9a-f]{32}$/);
      expect(item.items).toBeUndefined();
      expect(item.title).toBe('Folder One');
    }
  });

  it('batches with links', async () => {
    const r = await search(box, 'sort_on=path&b_size=3&b_start=3');
    expect(r.body.items_total).toBe(7);
    expect(r.body.items).toHaveLength(3);
    expect(ids(r)[0]).toBe(`${box}/f1/f2`);
    expect(r.body['@id']).toBe(`${api.base}${box}/@search`);
    expect(r.body.batching).toEqual({
      '@id': `${api.base}${box}/@search?sort_on=path&b_size=3&b_start=3`,
      first: `${api.base}${box}/@search?b_start=0&sort_on=path&b_size=3`,
      prev: `${api.base}${box}/@search?b_start=0&sort_on=path&b_size=3`,
      next: `${api.base}${box}/@search?b_start=6&sort_on=path&b_size=3`,
      last: `${api.base}${box}/@search?b_start=6&sort_on=path&b_size=3`,
    });
    expect((await search(box, 'sort_on=path')).body.batching).toBeUndefined();
  });

  it('use_site_search_settings leaves out the site root and searches from the navigation root', async () => {
    const r = await search(`${box}/f1`, `use_site_search_settings=1&SearchableText=orchard&sort_on=path`);
    expect(ids(r)).toEqual([`${box}/f1/apples`, `${box}/news`]);
    const root = await search('', `use_site_search_settings=1&path.query=${site}&path.depth=0`);
    expect(root.body.items_total).toBe(0);
    const plain = await search('', `path.query=${site}&path.depth=0`);
    expect(plain.body.items_total).toBe(1);
  });
});

describe('security', () => {
  let sec: string;
  beforeAll(async () => {
    sec = await api.sandbox();
    await api.post(`${sec}/@workflow/publish`);
    await create(sec, { '@type': 'Document', id: 'public', title: 'Public page' });
    await create(sec, { '@type': 'Document', id: 'secret', title: 'Secret page' });
    await create(sec, { '@type': 'Document', id: 'later', title: 'Later page', effective: '2999-01-01T00:00:00+00:00' });
    await create(sec, { '@type': 'Document', id: 'gone', title: 'Gone page', expires: '2000-01-01T00:00:00+00:00' });
    for (const id of ['public', 'later', 'gone']) expect((await api.post(`${sec}/${id}/@workflow/publish`)).status).toBe(200);
  });

  it('anonymous callers see only what they may View, within the publication window', async () => {
    const r = await search(sec, 'portal_type=Document', 'anonymous');
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([`${sec}/public`]);
    expect(ids(await search(sec, 'review_state=published&portal_type=Document&sort_on=getId'))).toEqual([`${sec}/gone`, `${sec}/later`, `${sec}/public`]);
  });

  it('show_inactive lifts the window only for callers who may list the contents (stricter than Plone), never the permission check', async () => {
    // Plone lets any caller lift an embargo with show_inactive; here Anonymous cannot (docs/security.md).
    const r = await search(sec, 'portal_type=Document&show_inactive=1&sort_on=getId', 'anonymous');
    expect(ids(r)).toEqual([`${sec}/public`]);
    const editor = { user: 'inactive-ed', password: 'inactive-ed-password' };
    expect((await api.post('/@users', { username: editor.user, password: editor.password, email: 'ied@example.com' })).status).toBe(201);
    expect((await api.post(`${sec}/@sharing`, { entries: [{ id: editor.user, roles: { Editor: true } }] })).status).toBe(204);
    expect(ids(await search(sec, 'portal_type=Document&sort_on=getId', editor))).toEqual([`${sec}/public`, `${sec}/secret`]);
    const lifted = await search(sec, 'portal_type=Document&show_inactive=1&sort_on=getId', editor);
    expect(ids(lifted)).toEqual([`${sec}/gone`, `${sec}/later`, `${sec}/public`, `${sec}/secret`]);
  });

  it('retracting hides at once', async () => {
    expect((await api.post(`${sec}/public/@workflow/retract`)).status).toBe(200);
    expect(ids(await search(sec, 'portal_type=Document', 'anonymous'))).toEqual([]);
  });
});

describe('moves and renames re-index paths', () => {
  it('finds moved content under its new path', async () => {
    const s = await api.sandbox();
    await create(s, { '@type': 'Folder', id: 'src', title: 'Source' });
    await create(s, { '@type': 'Folder', id: 'dst', title: 'Destination' });
    await create(`${s}/src`, { '@type': 'Document', id: 'doc', title: 'Travelling doc' });
    const moved = await api.post(`${s}/dst/@move`, { source: [`${api.base}${s}/src`] });
    expect(moved.status, moved.text).toBe(200);
    expect(ids(await search(s, 'SearchableText=travelling'))).toEqual([`${s}/dst/src/doc`]);
    expect(ids(await search(`${s}/dst`, 'path.depth=1'))).toEqual([`${s}/dst/src`]);
  });
});
