// RobotRemote, the acceptance server's remote library (supplement-2 1): the exact XML-RPC calls
// Volto's suites send, isolation of every kind of change between setup and teardown, nesting,
// misuse, and where the endpoint does not exist or does not answer.
import { describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

// Against a server of one's own (SPEC_BASE_URL) these run when it was started with
// --preset acceptance and SPEC_PRESET=acceptance says so; in-process-only checks never do.
const runs = !process.env.SPEC_BASE_URL || process.env.SPEC_PRESET === 'acceptance';
const inProcess = !process.env.SPEC_BASE_URL;

const LAYER = 'plone.app.robotframework.testing.PLONE_ROBOT_TESTING';

/** The call Volto's Cypress helper sends (supplement-2 1.2), with one string argument per `args`. */
const runKeyword = (name: string, ...args: string[]) =>
  `<?xml version="1.0"?><methodCall><methodName>run_keyword</methodName><params>
<param><value><string>${name}</string></value></param>
<param><value><array><data>${args.map((a) => `<value><string>${a}</string></value>`).join('')}</data></array></value></param>
</params></methodCall>`;

async function rpc(api: Api, body: string, headers: Record<string, string> = {}) {
  return api.request('POST', '/RobotRemote', { auth: 'anonymous', raw: body, headers: { Accept: 'text/xml', 'Content-Type': 'text/xml', ...headers } });
}

/** The members of the result struct, in order, as [name, inner XML of the value]. */
function members(xml: string): [string, string][] {
  const out: [string, string][] = [];
  const re = /<member>\s*<name>([^<]*)<\/name>\s*<value>([\s\S]*?)<\/value>\s*<\/member>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push([m[1], m[2]]);
  return out;
}

const setup = (api: Api) => rpc(api, runKeyword('remote_zodb_setup', LAYER));
const teardown = (api: Api) => rpc(api, runKeyword('remote_zodb_teardown', LAYER));

const PASS_NIL: [string, string][] = [
  ['error', '<string></string>'],
  ['return', '<nil/>'],
  ['status', '<string>PASS</string>'],
  ['output', '<nil/>'],
];

describe.skipIf(!runs)('RobotRemote (acceptance preset)', () => {
  it('setup and teardown answer PASS structs as Plone does', async () => {
    const api = await connect({ preset: 'acceptance' });
    const up = await setup(api);
    expect(up.status).toBe(200);
    expect(up.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(up.text.startsWith("<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n<value><struct>")).toBe(true);
    expect(members(up.text)).toEqual(PASS_NIL);
    const down = await teardown(api);
    expect(down.status).toBe(200);
    expect(members(down.text)).toEqual(PASS_NIL);
  });

  it('teardown takes back content, users, groups, registry, types, locks and the catalog', async () => {
    const api = await connect({ preset: 'acceptance' });
    const before = {
      root: (await api.get('')).body.items.map((i: { '@id': string }) => i['@id']),
      users: (await api.get('/@users')).body.map((u: { id: string }) => u.id).sort(),
      groups: (await api.get('/@groups')).body.map((g: { id: string }) => g.id).sort(),
      title: (await api.get('/@registry/plone.site_title')).body,
      types: (await api.get('/@types')).body,
      search: (await api.get('/@search?SearchableText=lighthouse')).body.items_total,
    };
    expect(before.search).toBe(0);
    expect((await setup(api)).status).toBe(200);

    const doc = await api.post('', { '@type': 'Document', id: 'lighthouse', title: 'The lighthouse' });
    expect(doc.status).toBe(201);
    expect((await api.post('/news', { '@type': 'News Item', id: 'lighthouse-news', title: 'Lighthouse reopens' })).status).toBe(201);
    expect((await api.post('/lighthouse/@workflow/publish', {})).status).toBe(200);
    expect((await api.post('/lighthouse/@lock', {})).status).toBe(200);
    expect((await api.post('/@users', { username: 'keeper', email: 'keeper@example.org', password: 'keeper-password' })).status).toBe(201);
    expect((await api.post('/@groups', { groupname: 'keepers', title: 'Keepers' })).status).toBe(201);
    expect((await api.patch('/@registry', { 'plone.site_title': 'Harbour site' })).status).toBe(204);
    expect((await api.patch('/@controlpanels/dexterity-types/Document', { title: 'Page' })).status).toBe(204);
    expect((await rpc(api, runKeyword('global_allow', 'Folder', 'True'))).status).toBe(200);
    expect((await api.get('/@search?SearchableText=lighthouse')).body.items_total).toBe(2);
    expect((await api.get('/lighthouse')).body.lock.locked).toBe(true);
    expect((await api.get('/@users/keeper', { auth: { user: 'keeper', password: 'keeper-password' } })).status).toBe(200);

    const down = await teardown(api);
    expect(members(down.text)).toEqual(PASS_NIL);
    expect((await api.get('/lighthouse')).status).toBe(404);
    expect((await api.get('/news/lighthouse-news')).status).toBe(404);
    expect((await api.get('')).body.items.map((i: { '@id': string }) => i['@id'])).toEqual(before.root);
    expect((await api.get('/@users')).body.map((u: { id: string }) => u.id).sort()).toEqual(before.users);
    expect((await api.get('/@groups')).body.map((g: { id: string }) => g.id).sort()).toEqual(before.groups);
    expect((await api.get('/@registry/plone.site_title')).body).toBe(before.title);
    expect((await api.get('/@types')).body).toEqual(before.types);
    // the catalog and @search agree with the content
    expect((await api.get('/@search?SearchableText=lighthouse')).body.items_total).toBe(0);
    expect((await api.get('/@search?portal_type=News Item')).body.items_total).toBe(0);
    // the user is gone for authentication too
    expect((await api.get('/@users/keeper')).status).toBe(404);
    expect((await api.get('/@users/keeper', { auth: { user: 'keeper', password: 'keeper-password' } })).status).toBe(401);
  });

  it('nests like a stack', async () => {
    const api = await connect({ preset: 'acceptance' });
    const titles = async () => (await api.get('')).body.items.map((i: { title: string }) => i.title);
    const base = await titles();
    await setup(api);
    await api.post('', { '@type': 'Document', id: 'outer', title: 'Outer' });
    await setup(api);
    await api.post('', { '@type': 'Document', id: 'inner', title: 'Inner' });
    expect(await titles()).toEqual([...base, 'Outer', 'Inner']);
    expect(members((await teardown(api)).text)).toEqual(PASS_NIL);
    expect(await titles()).toEqual([...base, 'Outer']);
    expect((await api.get('/@search?SearchableText=inner')).body.items_total).toBe(0);
    expect((await api.get('/@search?SearchableText=outer')).body.items_total).toBe(1);
    expect(members((await teardown(api)).text)).toEqual(PASS_NIL);
    expect(await titles()).toEqual(base);
  });

  it('teardown without setup answers FAIL (and changes nothing)', async () => {
    const api = await connect({ preset: 'acceptance' });
    const res = await teardown(api);
    expect(res.status).toBe(200);
    expect(members(res.text)).toEqual([
      ['error', "<string>'portal'</string>"],
      ['return', '<string></string>'],
      ['status', '<string>FAIL</string>'],
    ]);
    expect((await api.get('/news')).status).toBe(200);
  });

  it('answers the protocol methods; unknown keywords FAIL, unknown methods and bad calls are faults', async () => {
    const api = await connect({ preset: 'acceptance' });
    const names = await rpc(api, '<?xml version="1.0"?><methodCall><methodName>get_keyword_names</methodName><params></params></methodCall>');
    expect(names.status).toBe(200);
    const listed = [...names.text.matchAll(/<value><string>([^<]*)<\/string><\/value>/g)].map((m) => m[1]);
    expect(listed).toEqual([
      'apply_profile', 'create_content', 'create_user', 'delete_content', 'disable_autologin', 'do_action_for', 'enable_autologin_as',
      'fire_transition', 'get_the_last_sent_email', 'get_the_total_amount_of_sent_emails', 'global_allow', 'path_to_uid',
      'product_is_activated', 'product_is_installed', 'remote_zodb_setup', 'remote_zodb_teardown', 'set_autologin_username',
      'set_default_language', 'set_field_value', 'translate', 'uid_to_url',
    ]);
    const args = await rpc(api, '<methodCall><methodName>get_keyword_arguments</methodName><params><param><value>create_content</value></param></params></methodCall>');
    expect(args.text).toContain('<param>\n<value><nil/></value>\n</param>');
    const noDoc = await rpc(api, '<methodCall><methodName>get_keyword_documentation</methodName><params><param><value>remote_zodb_setup</value></param></params></methodCall>');
    expect(noDoc.text).toContain('<value><nil/></value>');
    const missingDoc = await rpc(api, '<methodCall><methodName>get_keyword_documentation</methodName><params><param><value>nothing</value></param></params></methodCall>');
    expect(missingDoc.text).toContain('<value><string></string></value>');

    const unknown = await rpc(api, runKeyword('no_such_keyword'));
    expect(members(unknown.text)).toEqual([
      ['error', "<string>'NoneType' object is not callable</string>"],
      ['return', '<string></string>'],
      ['status', '<string>FAIL</string>'],
    ]);
    const arity = await rpc(api, runKeyword('remote_zodb_setup'));
    expect(members(arity.text)[0]).toEqual(['error', "<string>remote_zodb_setup() missing 1 required positional argument: 'layer_dotted_name'</string>"]);

    const method = await rpc(api, '<methodCall><methodName>get_library_information</methodName></methodCall>');
    expect(method.status).toBe(404);
    expect(method.text).toContain('<fault>');
    const deep = `<methodCall><methodName>a</methodName><params><param><value>${'<array><data><value>'.repeat(1500)}</value></param></params></methodCall>`;
    for (const bad of [deep, '', '<methodCall>', '<methodCall><methodName>run_keyword</methodName><params><param><value><int>x</int></value></param></params></methodCall>', '<!DOCTYPE x [<!ENTITY a "a">]><methodCall><methodName>&a;</methodName></methodCall>']) {
      const res = await rpc(api, bad);
      expect(res.status).toBe(400);
      expect(res.text).toContain('<name>faultCode</name>');
    }
    const wrongCount = await rpc(api, '<methodCall><methodName>run_keyword</methodName><params><param><value>remote_zodb_setup</value></param></params></methodCall>');
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.text).toContain('run_keyword() takes from 3 to 4 positional arguments but 2 were given');
    expect((await api.request('GET', '/RobotRemote', { auth: 'anonymous' })).status).toBe(405);
    expect((await api.request('POST', '/RobotRemote', { auth: 'anonymous', body: { a: 1 } })).status).toBe(415);
    const big = await rpc(api, runKeyword('translate', 'x'.repeat(40_000)));
    expect(big.status).toBe(413);
  });

  it('keywords act through the API with its permission checks', async () => {
    const api = await connect({ preset: 'acceptance' });
    await setup(api);
    // Anonymous may not add content: create_content checks the add permission as the caller.
    const refused = await rpc(api, runKeyword('create_content', 'type=Document', 'id=page', 'title=A page'));
    expect(members(refused.text).find(([n]) => n === 'status')![1]).toBe('<string>FAIL</string>');
    // With credentials the caller is that user.
    const made = await rpc(api, runKeyword('create_content', 'type=Document', 'id=page', 'title=A page'), {
      Authorization: 'Basic ' + Buffer.from('admin:secret').toString('base64'),
    });
    const uid = /<name>return<\/name>\s*<value><string>([0-9a-f]+)<\/string>/.exec(made.text)?.[1];
    expect(uid).toMatch(/^[0-9a-f]{32}$/);
    expect((await api.get('/page')).body.UID).toBe(uid);
    const url = await rpc(api, runKeyword('uid_to_url', uid!));
    expect(url.text).toContain(`<string>${api.base}/page</string>`);
    const back = await rpc(api, runKeyword('path_to_uid', '/plone/page'));
    expect(back.text).toContain(`<string>${uid}</string>`);
    expect((await rpc(api, runKeyword('path_to_uid', '/plone/nothing'))).text).toContain('<name>return</name>\n<value><nil/></value>');

    // Autologin: every request without credentials (from loopback) runs as that user.
    expect(members((await rpc(api, runKeyword('enable_autologin_as', 'Site Administrator', 'Manager'))).text)).toEqual(PASS_NIL);
    const me = await api.get('/@users', { auth: 'anonymous' });
    expect(me.status).toBe(200);
    const news = await rpc(api, runKeyword('create_content', 'type=News Item', 'container=/plone/news', 'title=Harbour news'));
    expect(members(news.text).find(([n]) => n === 'status')![1]).toBe('<string>PASS</string>');
    const item = await api.get('/news/harbour-news', { auth: 'anonymous' });
    expect(item.body.creators).toEqual(['Manager, Site Administrator']);
    expect(item.body.image['content-type']).toBe('image/png');
    expect(item.body.image.width).toBeGreaterThanOrEqual(320);
    expect(item.body.image.width).toBeLessThanOrEqual(640);
    const file = await rpc(api, runKeyword('create_content', 'type=File', 'id=a-file'));
    expect(members(file.text).find(([n]) => n === 'status')![1]).toBe('<string>PASS</string>');
    expect((await api.get('/a-file')).body.file.filename).toBe('file.pdf');
    expect(members((await rpc(api, runKeyword('fire_transition', uid!, 'publish'))).text)).toEqual(PASS_NIL);
    expect((await api.get('/page')).body.review_state).toBe('published');
    expect(members((await rpc(api, runKeyword('create_user', 'skipper', 'Editor', 'password=skipper-password', 'fullname=Sam Skipper'))).text)).toEqual(PASS_NIL);
    const skipper = await api.get('/@users/skipper');
    expect(skipper.body).toMatchObject({ email: 'skipper@example.com', fullname: 'Sam Skipper', roles: ['Editor'] });
    expect(members((await rpc(api, runKeyword('product_is_activated', 'plone.app.discussion'))).text)).toEqual(PASS_NIL);
    const absent = await rpc(api, runKeyword('product_is_activated', 'collective.nothing'));
    expect(members(absent.text)[0]).toEqual(['error', "<string>Product 'collective.nothing' was not activated.</string>"]);
    expect(members((await rpc(api, runKeyword('delete_content', uid!))).text)).toEqual(PASS_NIL);
    expect((await api.get('/page')).status).toBe(404);
    expect(members((await rpc(api, runKeyword('disable_autologin'))).text)).toEqual(PASS_NIL);
    expect((await api.get('/@users', { auth: 'anonymous' })).status).toBe(401);

    // The autologin itself was a change since setup: teardown takes it back too.
    await rpc(api, runKeyword('enable_autologin_as', 'Manager'));
    await teardown(api);
    expect((await api.get('/@users', { auth: 'anonymous' })).status).toBe(401);
    expect((await api.get('/news/harbour-news')).status).toBe(404);
    expect((await api.get('/@users/skipper')).status).toBe(404);
  });

  it('set_field_value converts values by field type', async () => {
    const api = await connect({ preset: 'acceptance' });
    const doc = await api.post('', { '@type': 'Event', id: 'fair', title: 'Fair', start: '2026-06-01T10:00:00+00:00', end: '2026-06-01T12:00:00+00:00' });
    const uid = doc.body.UID;
    expect(members((await rpc(api, runKeyword('set_field_value', uid, 'start', '202607011030', 'datetime'))).text)).toEqual(PASS_NIL);
    expect(members((await rpc(api, runKeyword('set_field_value', uid, 'end', '2026-07-01 18:00', 'datetime[%Y-%m-%d %H:%M]'))).text)).toEqual(PASS_NIL);
    expect(members((await rpc(api, runKeyword('set_field_value', uid, 'subjects', '["fair", "summer"]', 'list'))).text)).toEqual(PASS_NIL);
    const fair = (await api.get('/fair')).body;
    expect(fair.start).toBe('2026-07-01T10:30:00+00:00');
    expect(fair.end).toBe('2026-07-01T18:00:00+00:00');
    expect(fair.subjects).toEqual(['fair', 'summer']);
    const bad = await rpc(api, runKeyword('set_field_value', uid, 'start', 'soon', 'datetime'));
    expect(members(bad.text)[0][1]).toContain("does not match format '%Y%m%d%H%M'");
  });

  it.skipIf(!inProcess)('refuses clients that are not on loopback', async () => {
    const api = await connect({ preset: 'acceptance', client: '203.0.113.7' });
    const res = await setup(api);
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe('Forbidden');
    expect((await api.get('')).status).toBe(200); // the rest of the site answers as usual
  });

  it.skipIf(!inProcess)('does not exist without the preset (or the flag)', async () => {
    const api = await connect({ fixture: 'demo' });
    expect((await rpc(api, runKeyword('remote_zodb_setup', LAYER))).status).toBe(404);
  });
});

describe.skipIf(!runs)('RobotRemote with hostile names', () => {
  it('field and property names that are JavaScript object members are plain names', async () => {
    const api = await connect({ preset: 'acceptance' });
    const auth = { Authorization: 'Basic ' + Buffer.from('admin:secret').toString('base64') };
    for (const name of ['__proto__', 'constructor', 'valueOf', 'toString']) {
      const res = await rpc(api, runKeyword('create_content', 'type=Document', `${name}=x`, `title=Named ${name}`), auth);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/<string>(PASS|FAIL)<\/string>/);
      const user = await rpc(api, runKeyword('create_user', `user-${name.replace(/_/g, 'u')}`, `${name}=x`, 'password=long-enough-1'), auth);
      expect(user.status).toBe(200);
    }
    expect((await api.get('')).status).toBe(200);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
