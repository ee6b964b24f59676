// @aliases per object and site-wide, automatic aliases on rename and move, collapsing, the CSV
// export, and redirects of old paths (302 for GET, 307 otherwise, suffix and ++api++ kept).
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create } from './lifecycle.helpers.ts';

let api: Api;
let box: string;
let n = 0;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

async function doc(parent = box): Promise<string> {
  const id = `doc-${++n}`;
  await create(api, parent, { '@type': 'Document', id, title: `Doc ${n}` });
  return `${parent}/${id}`;
}

const siteAliases = async (query = '') => (await api.get(`/@aliases${query}`)).body.items as any[];
const aliasOf = async (path: string) => (await siteAliases(`?q=${encodeURIComponent(path)}`)).find((a) => a.path === path);

describe('context @aliases', () => {
  it('POST stores manual aliases (204), GET lists them as {path} with 201', async () => {
    const p = await doc();
    const r = await api.post(`${p}/@aliases`, { items: [{ path: `${box}/new-alias` }, { path: `${box}/old-alias` }] });
    expect(r.status).toBe(204);
    const list = await api.get(`${p}/@aliases`);
    expect(list.status).toBe(201);
    expect(list.body).toEqual({
      '@id': `${api.base}${p}/@aliases`,
      items: [{ path: `${box}/new-alias` }, { path: `${box}/old-alias` }],
      items_total: 2,
    });
    expect(await aliasOf(`${box}/new-alias`)).toMatchObject({ 'redirect-to': p, manual: true });
  });

  it('reports refused paths as failed with 200 and stores the others', async () => {
    const p = await doc();
    const other = await doc();
    const r = await api.post(`${p}/@aliases`, { items: [{ path: 'no-slash' }, { path: other }, { path: `${box}/fine-${n}` }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ type: 'error', failed: ['no-slash', other] });
    expect((await api.get(`${p}/@aliases`)).body.items).toEqual([{ path: `${box}/fine-${n}` }]);
    const dup = await api.post(`${other}/@aliases`, { items: [`${box}/fine-${n}`] });
    expect(dup.body.failed).toEqual([`${box}/fine-${n}`]);
  });

  it('DELETE removes aliases (204), unknown paths come back as failed', async () => {
    const p = await doc();
    await api.post(`${p}/@aliases`, { items: [{ path: `${box}/gone-${n}` }, { path: `${box}/stays-${n}` }] });
    expect((await api.del(`${p}/@aliases`, { items: [{ path: `${box}/gone-${n}` }] })).status).toBe(204);
    expect((await api.get(`${p}/@aliases`)).body.items).toEqual([{ path: `${box}/stays-${n}` }]);
    const r = await api.del(`${p}/@aliases`, { items: [{ path: '/never-there' }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ type: 'error', failed: ['/never-there'] });
  });

  it('is listed in @components of every object', async () => {
    const p = await doc();
    const r = await api.get(p);
    expect(r.body['@components'].aliases).toEqual({ '@id': `${api.base}${p}/@aliases` });
    await api.post(`${p}/@aliases`, { items: [`${box}/expanded-${n}`] });
    const expanded = await api.get(`${p}?expand=aliases`);
    expect(expanded.body['@components'].aliases.items).toEqual([{ path: `${box}/expanded-${n}` }]);
  });

  it('needs Manage Context Aliases (401 for anonymous)', async () => {
    const p = await doc();
    expect((await api.post(`${p}/@aliases`, { items: ['/x-anon'] }, { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get(`${p}/@aliases`)).body.items).toEqual([]);
  });
});

describe('site-wide @aliases', () => {
  it('POST with redirect-to and datetime, GET lists the full items sorted by path', async () => {
    const p = await doc();
    const body = { items: [{ path: `${box}/zz-old`, 'redirect-to': p, datetime: '2022-05-05' }, { path: `${box}/aa-old`, 'redirect-to': p }] };
    expect((await api.post('/@aliases', body)).status).toBe(204);
    const items = await siteAliases(`?q=${box}/`);
    const mine = items.filter((i) => i.path === `${box}/zz-old` || i.path === `${box}/aa-old`);
    expect(mine.map((i) => i.path)).toEqual([`${box}/aa-old`, `${box}/zz-old`]);
    expect(mine[1]).toEqual({ path: `${box}/zz-old`, 'redirect-to': p, datetime: '2022-05-05T00:00:00', manual: true });
    expect(mine[0].datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('takes one search text: q (or query) given twice is a 400', async () => {
    for (const search of ['?q=a&q=b', '?query=a&query=b', '?q=a&query=b']) {
      const r = await api.get(`/@aliases${search}`);
      expect([r.status, r.body.type, r.body.message], search).toEqual([400, 'BadRequest', 'Parameter "q" must be a single string']);
    }
    expect((await api.get('/@aliases?q=a')).status).toBe(201);
  });

  it('refuses invalid items with 400 and stores none of them', async () => {
    const p = await doc();
    const missingTarget = await api.post('/@aliases', { items: [{ path: `${box}/ok-${n}`, 'redirect-to': p }, { path: `${box}/bad-${n}`, 'redirect-to': '/nowhere' }] });
    expect(missingTarget.status).toBe(400);
    expect(missingTarget.body.message).toBe('The provided target object does not exist.');
    expect(await aliasOf(`${box}/ok-${n}`)).toBeUndefined();
    const working = await api.post('/@aliases', { items: [{ path: p, 'redirect-to': box }] });
    expect(working.status).toBe(400);
    expect(working.body.message).toBe('Cannot use a working path as alternative url.');
  });

  it('ignores a circular alias a -> a', async () => {
    const r = await api.post('/@aliases', { items: [{ path: `${box}/loop`, 'redirect-to': `${box}/loop` }] });
    expect(r.status).toBe(204);
    expect(await aliasOf(`${box}/loop`)).toBeUndefined();
  });

  it('filters by q (prefix with /, else substring), manual, start and end', async () => {
    const p = await doc();
    await api.post('/@aliases', { items: [{ path: `${box}/filter-one`, 'redirect-to': p, datetime: '2020-01-01' }, { path: `${box}/filter-two`, 'redirect-to': p, datetime: '2024-01-01' }] });
    expect((await siteAliases(`?q=${box}/filter`)).map((i) => i.path)).toEqual([`${box}/filter-one`, `${box}/filter-two`]);
    expect((await siteAliases('?q=filter-tw')).map((i) => i.path)).toEqual([`${box}/filter-two`]);
    expect((await siteAliases(`?q=${box}/filter&start=2023-01-01`)).map((i) => i.path)).toEqual([`${box}/filter-two`]);
    expect((await siteAliases(`?q=${box}/filter&end=2023-01-01`)).map((i) => i.path)).toEqual([`${box}/filter-one`]);
    expect(await siteAliases(`?q=${box}/filter&manual=false`)).toEqual([]);
    expect((await api.get('/@aliases?manual=perhaps')).status).toBe(400);
    expect((await api.get('/@aliases?start=yesterday')).status).toBe(400);
  });

  it('answers CSV from the site root and 406 elsewhere', async () => {
    const p = await doc();
    await api.post('/@aliases', { items: [{ path: `${box}/csv-${n}`, 'redirect-to': p, datetime: '2022-05-05' }] });
    const r = await api.get(`/@aliases?q=${box}/csv-${n}`, { headers: { Accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.text).toBe(`old path,new path,datetime,manual\r\n${box}/csv-${n},${p},2022/05/05 00:00:00 GMT+0,True\r\n`);
    const elsewhere = await api.get(`${p}/@aliases`, { headers: { Accept: 'text/csv' } });
    expect(elsewhere.status).toBe(406);
    expect(elsewhere.body.message).toBe('CSV reply is only available from site root.');
  });

  it('imports a CSV file (all rows or none)', async () => {
    const p = await doc();
    const upload = (csv: string) =>
      api.request('POST', '/@aliases', {
        raw: `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="redirects.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--XyZ--\r\n`,
        headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
      });
    const ok = await upload(`old path,new path,datetime,manual\r\n${box}/csv-in-${n},${p},2022/05/05 00:00:00 GMT+0,False\r\n`);
    expect(ok.status).toBe(204);
    expect(await aliasOf(`${box}/csv-in-${n}`)).toEqual({ path: `${box}/csv-in-${n}`, 'redirect-to': p, datetime: '2022-05-05T00:00:00', manual: false });
    const bad = await upload(`${box}/csv-other-${n},${p}\r\n${box}/csv-bad-${n},/nowhere\r\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Found 1 errors in CSV file.');
    expect(bad.body.csv_errors).toHaveLength(1);
    expect(await aliasOf(`${box}/csv-other-${n}`)).toBeUndefined();
  });

  it('DELETE removes site-wide aliases', async () => {
    const p = await doc();
    await api.post('/@aliases', { items: [{ path: `${box}/del-${n}`, 'redirect-to': p }] });
    expect((await api.del('/@aliases', { items: [{ path: `${box}/del-${n}` }] })).status).toBe(204);
    expect(await aliasOf(`${box}/del-${n}`)).toBeUndefined();
  });
});

describe('automatic aliases and collapsing', () => {
  it('renaming stores old path -> new path, also for every descendant', async () => {
    await create(api, box, { '@type': 'Folder', id: `f-${++n}`, title: 'F' });
    const f = `${box}/f-${n}`;
    const child = await doc(f);
    const childId = child.split('/').pop();
    expect((await api.patch(f, { id: `renamed-${n}` })).status).toBe(204);
    const renamed = `${box}/renamed-${n}`;
    expect(await aliasOf(f)).toMatchObject({ 'redirect-to': renamed, manual: false });
    expect(await aliasOf(child)).toMatchObject({ 'redirect-to': `${renamed}/${childId}`, manual: false });
    expect((await api.get(`${renamed}/${childId}/@aliases`)).body.items).toEqual([{ path: child }]);
  });

  it('a -> b then b -> c collapses to a -> c; renaming back drops the alias that would point at itself', async () => {
    const a = await doc();
    const b = `${box}/b-${n}`;
    const c = `${box}/c-${n}`;
    await api.patch(a, { id: `b-${n}` });
    await api.patch(b, { id: `c-${n}` });
    expect(await aliasOf(a)).toMatchObject({ 'redirect-to': c });
    expect(await aliasOf(b)).toMatchObject({ 'redirect-to': c });
    await api.patch(c, { id: a.split('/').pop() });
    expect(await aliasOf(a)).toBeUndefined();
    expect(await aliasOf(c)).toMatchObject({ 'redirect-to': a });
    expect((await api.get(a)).status).toBe(200);
  });

  it('a new object at an aliased path takes the path over', async () => {
    const p = await doc();
    await api.post(`${p}/@aliases`, { items: [`${box}/taken-${n}`] });
    await create(api, box, { '@type': 'Document', id: `taken-${n}`, title: 'Real' });
    expect(await aliasOf(`${box}/taken-${n}`)).toBeUndefined();
    expect((await api.get(`${box}/taken-${n}`)).body.title).toBe('Real');
  });

  it('aliases of a deleted object are no longer listed nor followed', async () => {
    const p = await doc();
    await api.post(`${p}/@aliases`, { items: [`${box}/orphan-${n}`] });
    await api.del(p);
    expect(await aliasOf(`${box}/orphan-${n}`)).toBeUndefined();
    expect((await api.get(`${box}/orphan-${n}`)).status).toBe(404);
  });
});

describe('redirects of old paths', () => {
  it('GET answers 302 to the new URL, keeping the query string', async () => {
    const p = await doc();
    await api.patch(p, { id: `moved-${n}` });
    const r = await api.get(`${p}?expand=breadcrumbs`);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`${api.base}${box}/moved-${n}?expand=breadcrumbs`);
    expect(r.text).toBe('');
  });

  it('other methods answer 307', async () => {
    const p = await doc();
    await api.patch(p, { id: `moved-${n}` });
    const r = await api.patch(p, { title: 'x' });
    expect(r.status).toBe(307);
    expect(r.headers.get('location')).toBe(`${api.base}${box}/moved-${n}`);
    expect((await api.get(`${box}/moved-${n}`)).body.title).not.toBe('x');
  });

  it('keeps services, views and deeper paths, and puts ++api++ back', async () => {
    await create(api, box, { '@type': 'Folder', id: `old-${++n}`, title: 'F' });
    const f = `${box}/old-${n}`;
    await doc(f);
    const childId = `doc-${n}`;
    await api.patch(f, { id: `new-${n}` });
    const service = await api.get(`${f}/@breadcrumbs`);
    expect(service.headers.get('location')).toBe(`${api.base}${box}/new-${n}/@breadcrumbs`);
    const deep = await api.get(`${f}/${childId}/@@images/image`);
    expect(deep.status).toBe(302);
    expect(deep.headers.get('location')).toBe(`${api.base}${box}/new-${n}/${childId}/@@images/image`);
    const base = new URL(api.base);
    const viaApi = await api.get(`${base.origin}/++api++${base.pathname}${f}`);
    expect(viaApi.status).toBe(302);
    expect(viaApi.headers.get('location')).toBe(`${api.base}/++api++${box}/new-${n}`);
  });

  it('manual aliases redirect too; paths without alias are 404', async () => {
    const p = await doc();
    await api.post(`${p}/@aliases`, { items: [`${box}/short-${n}`] });
    const r = await api.get(`${box}/short-${n}`);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`${api.base}${p}`);
    expect((await api.get(`${box}/no-alias-here`)).status).toBe(404);
  });
});
