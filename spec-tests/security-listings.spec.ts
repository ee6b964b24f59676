// Embargoed and expired content in listings (issue 9 item 4, supplement 6.1): a published object
// whose `effective` date is in the future or whose `expires` date is past is left out of every
// listing — folder items, fullobjects, @navigation, @contextnavigation, breadcrumbs,
// previous/next item, @search — for callers without "Access inactive portal content" (Manager,
// Site Administrator, Owner). Reading it by its URL still works with View, as in Plone.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
const FUTURE = '2999-01-01T00:00:00+00:00';
const PAST = '2000-01-01T00:00:00+00:00';
const owner = { user: 'embargo-owner', password: 'embargo-owner-pw' };

const titles = (items: { title: string }[]) => items.map((i) => i.title);
type Tree = { title: string; items: Tree[] };
const flatten = (items: Tree[]): string[] => items.flatMap((i) => [i.title, ...flatten(i.items ?? [])]);

beforeAll(async () => {
  api = await connect();
  expect((await api.post('/@users', { username: owner.user, password: owner.password, email: 'eo@example.com', roles: ['Member', 'Contributor'] })).status).toBe(201);
  box = await api.sandbox();
  expect((await api.patch(box, { nextPreviousEnabled: true })).status).toBe(204);
  const add = async (path: string, body: Record<string, unknown>) => {
    const r = await api.post(`${path}/`, body);
    expect(r.status, r.text).toBe(201);
    expect((await api.post(`${path}/${body.id}/@workflow/publish`)).status).toBe(200);
  };
  expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
  await add(box, { '@type': 'Document', id: 'now', title: 'Current page' });
  await add(box, { '@type': 'Document', id: 'later', title: 'Embargoed page', effective: FUTURE });
  await add(box, { '@type': 'Document', id: 'gone', title: 'Expired page', expires: PAST });
  await add(box, { '@type': 'Folder', id: 'vault', title: 'Embargoed folder', effective: FUTURE });
  await add(`${box}/vault`, { '@type': 'Document', id: 'inside', title: 'Inside page' });
  await add(box, { '@type': 'Document', id: 'last', title: 'Last page' });
});

describe('anonymous callers are not shown content outside its publication window', () => {
  it('folder items and fullobjects', async () => {
    const r = await api.get(box, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(titles(r.body.items)).toEqual(['Current page', 'Last page']);
    expect(r.body.items_total).toBe(2);
    const full = await api.get(`${box}?fullobjects=1`, { auth: 'anonymous' });
    expect(titles(full.body.items)).toEqual(['Current page', 'Last page']);
  });

  it('@navigation and @contextnavigation', async () => {
    const nav = await api.get(`${box}/@navigation?expand.navigation.depth=3`, { auth: 'anonymous' });
    expect(nav.status).toBe(200);
    const all = flatten(nav.body.items);
    expect(all).toEqual(expect.arrayContaining(['Current page', 'Last page']));
    for (const hidden of ['Embargoed page', 'Expired page', 'Embargoed folder', 'Inside page']) expect(all).not.toContain(hidden);
    const ctx = await api.get(`${box}/now/@contextnavigation`, { auth: 'anonymous' });
    expect(ctx.status).toBe(200);
    const shown = flatten(ctx.body.items);
    expect(shown).toEqual(expect.arrayContaining(['Current page', 'Last page']));
    for (const hidden of ['Embargoed page', 'Expired page', 'Embargoed folder']) expect(shown).not.toContain(hidden);
  });

  it('breadcrumbs leave out an embargoed folder; its published page is still readable by URL', async () => {
    const page = await api.get(`${box}/vault/inside`, { auth: 'anonymous' });
    expect(page.status).toBe(200);
    const crumbs = await api.get(`${box}/vault/inside/@breadcrumbs`, { auth: 'anonymous' });
    expect(titles(crumbs.body.items)).toEqual([expect.stringMatching(/^Sandbox/), 'Inside page']);
    expect((await api.get(`${box}/later`, { auth: 'anonymous' })).status).toBe(200);
  });

  it('previous and next item skip hidden siblings', async () => {
    const r = await api.get(`${box}/now`, { auth: 'anonymous' });
    expect(r.body.next_item.title).toBe('Last page');
    const last = await api.get(`${box}/last`, { auth: 'anonymous' });
    expect(last.body.previous_item.title).toBe('Current page');
  });

  it('@search, with or without show_inactive', async () => {
    for (const query of ['portal_type=Document', 'portal_type=Document&show_inactive=1']) {
      const r = await api.get(`${box}/@search?${query}&sort_on=getId&metadata_fields=Title`, { auth: 'anonymous' });
      expect(titles(r.body.items), query).toEqual(['Inside page', 'Last page', 'Current page']);
    }
  });
});

describe('callers allowed to see inactive content see everything they may View', () => {
  it('a Manager, in every listing', async () => {
    const r = await api.get(box);
    expect(titles(r.body.items)).toEqual(['Current page', 'Embargoed page', 'Expired page', 'Embargoed folder', 'Last page']);
    const nav = await api.get(`${box}/@navigation?expand.navigation.depth=3`);
    expect(flatten(nav.body.items)).toEqual(expect.arrayContaining(['Embargoed page', 'Expired page', 'Embargoed folder', 'Inside page']));
    const crumbs = await api.get(`${box}/vault/inside/@breadcrumbs`);
    expect(titles(crumbs.body.items)).toEqual([expect.stringMatching(/^Sandbox/), 'Embargoed folder', 'Inside page']);
  });

  it('the Owner of a folder, in its listing (Plone checks the permission on the listed folder)', async () => {
    const r = await api.post(box, { '@type': 'Folder', id: 'owned', title: 'Owned' }, { auth: owner });
    expect(r.status, r.text).toBe(201);
    expect((await api.post(`${box}/owned`, { '@type': 'Document', id: 'soon', title: 'Soon', effective: FUTURE }, { auth: owner })).status).toBe(201);
    expect(titles((await api.get(`${box}/owned`, { auth: owner })).body.items)).toEqual(['Soon']);
    // ...but not in a folder it does not own.
    expect(titles((await api.get(box, { auth: owner })).body.items)).toEqual(['Current page', 'Last page', 'Owned']);
  });
});
