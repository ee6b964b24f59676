// The demo fixture (fixtures/demo): a Volto site with published and private content, news with
// lead images, events, images, files, a link, a collection and two users. In-process only,
// unless SPEC_FIXTURE=demo says the remote server was started with `--fixture demo`.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

const runs = !process.env.SPEC_BASE_URL || process.env.SPEC_FIXTURE === 'demo';

describe.skipIf(!runs)('demo fixture', () => {
  let api: Api;
  beforeAll(async () => {
    api = await connect({ fixture: 'demo', volto: true });
  });

  it('gives the site root its title and front-page blocks', async () => {
    const r = await api.get('', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Harbour Town');
    const layout: string[] = r.body.blocks_layout.items;
    expect(layout.length).toBeGreaterThanOrEqual(2);
    expect(r.body.blocks[layout[0]]['@type']).toBe('title');
    expect(r.body.blocks[layout[1]]['@type']).toBe('slate');
    expect(r.body.blocks[layout[1]].plaintext).toMatch(/Harbour Town/);
  });

  it('lists the published top-level content to anonymous', async () => {
    const r = await api.get('', { auth: 'anonymous' });
    const ids = r.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop());
    expect(ids).toEqual(expect.arrayContaining(['front-page', 'news', 'events', 'images', 'files', 'plone-org', 'latest-news']));
    expect(ids).not.toContain('internal-notes');
  });

  it('answers 401 to anonymous for private content and 200 to its editors', async () => {
    expect((await api.get('/internal-notes', { auth: 'anonymous' })).status).toBe(401);
    const admin = await api.get('/internal-notes');
    expect(admin.status).toBe(200);
    expect(admin.body.review_state).toBe('private');
    const editor = await api.get('/news/forest-cleanup-draft', { auth: { user: 'editor', password: 'editor' } });
    expect(editor.status).toBe(200);
  });

  it('has a front-page Document with rich text and blocks', async () => {
    const r = await api.get('/front-page', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body['@type']).toBe('Document');
    expect(r.body.review_state).toBe('published');
    expect(r.body.text['content-type']).toBe('text/html');
    expect(r.body.text.data).toContain('<h2>Welcome</h2>');
    expect(r.body.blocks_layout.items.length).toBeGreaterThan(0);
  });

  it('has a News folder with published News Items with lead images', async () => {
    const anon = await api.get('/news', { auth: 'anonymous' });
    expect(anon.status).toBe(200);
    expect(anon.body.items).toHaveLength(3);
    for (const item of anon.body.items) {
      expect(item['@type']).toBe('News Item');
      expect(item.review_state).toBe('published');
    }
    expect((await api.get('/news')).body.items).toHaveLength(4);
    const news = await api.get('/news/harbour-festival-announced', { auth: 'anonymous' });
    expect(news.body.image).toMatchObject({ 'content-type': 'image/jpeg', filename: 'news-harbour.jpg', width: 1600, height: 1067 });
    expect(news.body.image_caption).toBe('The old harbour at sunset.');
    const scale = await api.get('/news/harbour-festival-announced/@@images/image/preview', { auth: 'anonymous' });
    expect(scale.status).toBe(200);
    expect(scale.headers.get('content-type')).toBe('image/jpeg');
  });

  it('has events with dates, a whole-day and an open-end one, and one pending review', async () => {
    const market = await api.get('/events/market-day', { auth: 'anonymous' });
    expect(market.body).toMatchObject({ '@type': 'Event', whole_day: true, location: 'The quay', start: '2026-07-11T00:00:00+00:00' });
    expect((await api.get('/events/lantern-parade', { auth: 'anonymous' })).status).toBe(401);
    const parade = await api.get('/events/lantern-parade', { auth: { user: 'reviewer', password: 'reviewer' } });
    expect(parade.status).toBe(200);
    expect(parade.body).toMatchObject({ review_state: 'pending', open_end: true });
  });

  it('has images, files, a link and a collection of the news', async () => {
    const images = await api.get('/images', { auth: 'anonymous' });
    expect(images.body.items.map((i: { '@type': string }) => i['@type'])).toEqual(['Image', 'Image', 'Image', 'Image']);
    const pdf = await api.get('/files/brochure.pdf/@@download/file', { auth: 'anonymous' });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    expect((await api.get('/plone-org', { auth: 'anonymous' })).body.remoteUrl).toBe('https://plone.org');
    const collection = await api.get('/latest-news', { auth: 'anonymous' });
    expect(collection.body.items.map((i: { '@id': string }) => i['@id'].split('/').pop())).toEqual([
      'city-skyline-project',
      'new-hiking-trail',
      'harbour-festival-announced',
    ]);
  });
});
