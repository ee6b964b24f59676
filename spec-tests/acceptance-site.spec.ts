// The site Plone's acceptance server gives the suites (supplement-2 2), as --preset acceptance
// serves it.
import { describe, expect, it } from 'vitest';
import { connect } from './client.ts';

// Against a server of one's own (SPEC_BASE_URL) these run when it was started with
// --preset acceptance and SPEC_PRESET=acceptance says so.
const runs = !process.env.SPEC_BASE_URL || process.env.SPEC_PRESET === 'acceptance';

describe.skipIf(!runs)('acceptance site', () => {
  it('is a Volto site titled Welcome to Plone with news, events and Members', async () => {
    const api = await connect({ preset: 'acceptance' });
    expect(api.base).toMatch(/\/plone$/);
    const root = await api.get('', { auth: 'anonymous' });
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ title: 'Welcome to Plone', description: 'Congratulations! You have successfully installed Plone.', blocks: {}, blocks_layout: { items: [] } });
    expect(root.body.items.map((i: { '@id': string; review_state: string }) => [i['@id'].slice(api.base.length), i.review_state])).toEqual([
      ['/news', 'published'],
      ['/events', 'published'],
    ]);
    expect((await api.get('/@site', { auth: 'anonymous' })).body['plone.site_title']).toBe('Plone site');
    const members = await api.get('/Members');
    expect(members.body).toMatchObject({ '@type': 'Folder', title: 'Users', description: 'Site Users', review_state: 'private' });
    for (const [folder, title, type, sortOn] of [['news', 'News', 'News Item', 'effective'], ['events', 'Events', 'Event', 'start']]) {
      const f = await api.get(`/${folder}`, { auth: 'anonymous' });
      expect(f.body).toMatchObject({ '@type': 'Folder', title, description: `Site ${title}`, review_state: 'published' });
      const agg = await api.get(`/${folder}/aggregator`, { auth: 'anonymous' });
      expect(agg.body).toMatchObject({ '@type': 'Collection', title, review_state: 'published', sort_on: sortOn, sort_reversed: true });
      expect(agg.body.query).toEqual([
        { i: 'portal_type', o: 'plone.app.querystring.operation.selection.any', v: [type] },
        { i: 'review_state', o: 'plone.app.querystring.operation.selection.any', v: ['published'] },
      ]);
      const page = await api.get(`/@search?path.query=/plone/${folder}&is_default_page=true`);
      expect(page.body.items.map((i: { '@id': string }) => i['@id'])).toEqual([`${api.base}/${folder}/aggregator`]);
    }
  });

  it('has the test user (login test-user) and admin/secret; Folder and Collection are not globally addable', async () => {
    const api = await connect({ preset: 'acceptance' });
    const login = await api.post('/@login', { login: 'test-user', password: 'correct horse battery staple' }, { auth: 'anonymous' });
    expect(login.status).toBe(200);
    const sub = JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString()).sub;
    expect(sub).toBe('test_user_1_');
    const user = await api.get('/@users/test_user_1_');
    expect(user.body).toMatchObject({ id: 'test_user_1_', username: 'test-user', roles: ['Member'] });
    expect((await api.get('/@users', { auth: { user: 'admin', password: 'secret' } })).status).toBe(200);
    const types = (await api.get('/@types')).body as { id: string; addable: boolean }[];
    const addable = Object.fromEntries(types.map((t) => [t.id, t.addable]));
    expect(addable).toMatchObject({ Folder: false, Collection: false, Document: true, 'News Item': true, Event: true });
    expect((await api.post('', { '@type': 'Folder', id: 'f', title: 'F' })).status).toBe(403); // Disallowed subobject type
    expect((await api.get('/@addons/cms.app.discussion')).body.is_installed).toBe(true); // discussion installed
  });
});
