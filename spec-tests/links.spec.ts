// A Link's remoteUrl comes back resolved against the site the request came through (supplement 8.1,
// 10.2): `${portal_url}` and `${navigation_root_url}` expanded, `resolveuid/<uid>` turned into the
// target's URL, everywhere the URL is shown (the field, targetUrl, navigation); the stored value
// stays as written in the `getRemoteUrl` column.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api } from './client.ts';

let api: Api;
let box: string;
let targetUid: string;

const link = async (id: string, remoteUrl: string) => {
  const r = await api.post(box, { '@type': 'Link', id, title: id, remoteUrl });
  expect(r.status).toBe(201);
  return r;
};

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  const target = await api.post(box, { '@type': 'Document', id: 'target', title: 'Target' });
  targetUid = target.body.UID;
});

describe('Link remoteUrl variables', () => {
  it('expands ${portal_url} against the requesting site URL', async () => {
    const r = await link('portal-var', '${portal_url}/some/page');
    expect(r.body.remoteUrl).toBe(`${api.base}/some/page`);
    const u = new URL(api.base);
    const hosted = await api.get(`${u.origin}/VirtualHostBase/https/www.example.org:443${u.pathname}/VirtualHostRoot${box}/portal-var`);
    expect(hosted.body.remoteUrl).toBe('https://www.example.org/some/page');
  });

  it('expands ${navigation_root_url}', async () => {
    const r = await link('navroot-var', '${navigation_root_url}/news');
    expect(r.body.remoteUrl).toBe(`${api.base}/news`);
  });

  it('turns resolveuid references into the target URL, suffix kept, also after a move', async () => {
    const r = await link('by-uid', `\${portal_url}/resolveuid/${targetUid}/@@download/file`);
    expect(r.body.remoteUrl).toBe(`${api.base}${box}/target/@@download/file`);
    expect((await api.patch(`${box}/target`, { id: 'moved-target' })).status).toBe(204);
    const again = await api.get(`${box}/by-uid`);
    expect(again.body.remoteUrl).toBe(`${api.base}${box}/moved-target/@@download/file`);
  });

  it('strips ${portal_url} from an unresolvable reference and leaves external URLs alone', async () => {
    expect((await link('dangling', '${portal_url}/resolveuid/0000')).body.remoteUrl).toBe('/resolveuid/0000');
    expect((await link('external', 'https://example.org/resolveuid/abc')).body.remoteUrl).toBe('https://example.org/resolveuid/abc');
  });

  it('gives Anonymous the resolved targetUrl and navigation entry; the column keeps the stored value', async () => {
    const top = await api.post('', { '@type': 'Link', id: uniqueId('nav-link'), title: 'Nav link', remoteUrl: '${portal_url}/contact' });
    const path = new URL(top.body['@id']).pathname.replace(new URL(api.base).pathname, '');
    expect((await api.post(`${path}/@workflow/publish`)).status).toBe(200);
    const anon = await api.get(path, { auth: 'anonymous' });
    expect(anon.body.targetUrl).toBe(`${api.base}/contact`);
    const nav = await api.get('/@navigation', { auth: 'anonymous' });
    expect(nav.body.items.map((i: { '@id': string }) => i['@id'])).toContain(`${api.base}/contact`);
    const found = await api.get(`/@search?getId=${path.slice(1)}&metadata_fields=getRemoteUrl`);
    expect(found.body.items[0].getRemoteUrl).toBe('${portal_url}/contact');
    expect((await api.del(path)).status).toBe(204);
  });
});
