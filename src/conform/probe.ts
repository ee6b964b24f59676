// Before the run: is the server there, do the admin credentials work, and which optional
// features does it offer? Checks needing an absent feature are then "not applicable".
import { basic, Recorder, TransportError, type Connection, type Reply } from './http.ts';
import type { Feature, FeatureReport } from './model.ts';
import { parseMethodResponse } from '../lib/xmlrpc/read.ts';
import type { RpcValue } from '../lib/xmlrpc/value.ts';
import { methodCall } from '../lib/xmlrpc/write.ts';

/** The server cannot be reached or does not answer like a site of the interface (exit code 2). */
export class UnreachableError extends Error {}
/** The arguments are wrong, e.g. the admin credentials are refused (exit code 2). */
export class ArgumentError extends Error {}

export interface Probed {
  /** The site root's own `@id`. */
  base: string;
  adminAuthorization: string;
  features: Map<Feature, FeatureReport>;
  sandboxType: string;
}

/** The layer name Volto's acceptance tests pass to remote_zodb_setup (supplement-2 §1.3). */
export const ROBOT_LAYER = 'plone.app.robotframework.testing.PLONE_ROBOT_TESTING';

const ok2xx = (r: Reply) => r.status >= 200 && r.status < 300;

/** Calls a RobotRemote method; undefined when the server does not answer XML-RPC there. */
export async function robotCall(rec: Recorder, method: string, params: RpcValue[]): Promise<RpcValue | undefined> {
  const r = await rec.request('POST', '/RobotRemote', {
    auth: 'anonymous',
    raw: methodCall(method, params),
    headers: { 'Content-Type': 'text/xml', Accept: 'text/xml' },
  });
  if (r.status !== 200 || !/xml/.test(r.headers.get('content-type') ?? '')) return undefined;
  try {
    return parseMethodResponse(r.text);
  } catch {
    return undefined;
  }
}

export async function probe(connection: Connection, runId: string): Promise<Probed> {
  const features = new Map<Feature, FeatureReport>();
  const say = (f: Feature, offered: boolean, reason: string) => features.set(f, { offered, reason });
  const rec = new Recorder({ ...connection, adminAuthorization: basic(connection.admin.user, connection.admin.password) });

  let root: Reply;
  try {
    root = await rec.request('GET', '', { auth: 'anonymous' });
    if (root.status === 401) root = await rec.request('GET', '');
  } catch (err) {
    if (err instanceof TransportError) throw new UnreachableError(`cannot reach ${connection.base}: ${err.message}`);
    throw err;
  }
  if (root.status !== 200 || typeof root.body?.['@id'] !== 'string') {
    throw new UnreachableError(`${connection.base} does not answer like a site root (GET answered ${root.status}${root.body ? '' : ' without a JSON body'})`);
  }
  const base = root.body['@id'].replace(/\/$/, '');

  // Credentials: Basic, else a token from @login.
  const basicReply = await rec.request('GET', '/@types');
  const basicWorks = basicReply.status === 200;
  say('basic-auth', basicWorks, basicWorks ? 'GET /@types with Basic credentials answered 200' : `GET /@types with Basic credentials answered ${basicReply.status}`);
  const login = async () => {
    const r = await rec.request('POST', '/@login', { auth: 'anonymous', body: { login: connection.admin.user, password: connection.admin.password } });
    return r.status === 200 && typeof r.body?.token === 'string' ? r : undefined;
  };
  const first = await login();
  let adminAuthorization = basic(connection.admin.user, connection.admin.password);
  if (!basicWorks) {
    if (!first) throw new ArgumentError(`the admin credentials of ${connection.admin.user} were refused (Basic and @login)`);
    adminAuthorization = `Bearer ${first.body.token}`;
  }

  // Token storage: does @logout end a token?
  const second = await login();
  if (second) {
    const bearer = { bearer: second.body.token as string, who: connection.admin.user };
    const out = await rec.request('POST', '/@logout', { auth: bearer });
    const after = await rec.request('GET', '/@types', { auth: bearer });
    const revoked = ok2xx(out) && after.status === 401;
    say('token-storage', revoked, revoked ? 'a token was refused after @logout' : 'a token still worked after @logout (tokens are not stored)');
  } else {
    say('token-storage', false, '@login did not answer a token');
  }

  // Cookie sessions: does @login set __ac, and does it authenticate?
  const cookie = first?.headers.get('set-cookie')?.match(/(?:^|,\s*)(__ac=[^;]+)/)?.[1];
  if (cookie && !/^__ac=(deleted)?$/.test(cookie)) {
    const who = { cookie, who: connection.admin.user };
    const r = await rec.request('GET', '/@types', { auth: who });
    say('cookie-sessions', r.status === 200, r.status === 200 ? '@login set __ac and the cookie authenticates' : `@login set __ac but GET /@types with it answered ${r.status}`);
    await rec.request('POST', '/@logout', { auth: who });
  } else {
    say('cookie-sessions', false, '@login did not set an __ac cookie');
  }

  // RobotRemote (XML-RPC on <site>/RobotRemote).
  const authed = new Recorder({ ...connection, adminAuthorization });
  const names = await robotCall(authed, 'get_keyword_names', []);
  const robot = Array.isArray(names) && names.includes('remote_zodb_setup') && names.includes('remote_zodb_teardown');
  say('robot-remote', robot, robot ? 'POST /RobotRemote get_keyword_names lists remote_zodb_setup/teardown' : 'no RobotRemote XML-RPC endpoint');

  // Multilingual: @site features, else language root folders at the root.
  const site = await authed.request('GET', '/@site');
  const rootTypes = Array.isArray(root.body.items) ? root.body.items.map((i: { '@type'?: string }) => i['@type']) : [];
  const multilingual = site.body?.features?.multilingual === true || rootTypes.includes('LRF');
  say('multilingual', multilingual, multilingual ? 'the site has multilingual support (language root folders)' : 'no multilingual support');

  const security = await authed.request('GET', '/@controlpanels/security');
  const emailLogin = security.body?.data?.use_email_as_login === true;
  say('email-login', emailLogin, emailLogin ? 'users log in with their e-mail' : 'users log in with their user name');
  say('username-login', !emailLogin, emailLogin ? 'users log in with their e-mail' : 'users log in with their user name');

  // A probe sandbox: sandbox type, folderish pages and the optional families.
  const id = `conform-${runId}-probe`;
  let sandboxType = 'Folder';
  let made = await authed.request('POST', '', { body: { '@type': 'Folder', id, title: 'Conformance probe' } });
  if (!ok2xx(made)) {
    made = await authed.request('POST', '', { body: { '@type': 'Document', id, title: 'Conformance probe' } });
    sandboxType = 'Document';
  }
  if (!ok2xx(made)) throw new UnreachableError(`cannot create content at the site root as ${connection.admin.user} (POST answered ${made.status})`);
  try {
    const doc = await authed.request('POST', `/${id}`, { body: { '@type': 'Document', id: 'page', title: 'Probe page' } });
    const folderish = doc.body?.is_folderish === true;
    say('folderish-pages', folderish, folderish ? 'pages are folderish (Volto site)' : 'pages are not folderish');
    say('plain-pages', ok2xx(doc) && !folderish, folderish ? 'pages are folderish (Volto site)' : 'pages are not folderish (classic site)');
    const types = await authed.request('GET', `/${id}/@types`);
    const addable = new Set<string>(Array.isArray(types.body) ? types.body.filter((x: { addable?: boolean }) => x.addable).map((x: { '@id': string }) => decodeURIComponent(String(x['@id']).split('/').pop() ?? '')) : []);
    for (const [feature, type] of [['folders', 'Folder'], ['collections', 'Collection']] as const) {
      say(feature, addable.has(type), addable.has(type) ? `${type} is addable in a ${sandboxType}` : `${type} is not addable in a ${sandboxType}`);
    }
    const wc = await authed.request('GET', `/${id}/page/@workingcopy`);
    say('working-copy', wc.status === 200, wc.status === 200 ? 'GET @workingcopy answered 200' : `GET @workingcopy answered ${wc.status}`);
    const comments = await authed.request('GET', `/${id}/page/@comments`);
    say('comments', comments.status === 200, comments.status === 200 ? 'GET @comments answered 200' : `GET @comments answered ${comments.status}`);
    const tus = await authed.request('OPTIONS', `/${id}/@tus-upload`, { headers: { 'Tus-Resumable': '1.0.0' } });
    const tusOffered = ok2xx(tus) && tus.headers.get('tus-resumable') === '1.0.0';
    say('tus', tusOffered, tusOffered ? 'OPTIONS @tus-upload answered Tus-Resumable: 1.0.0' : `OPTIONS @tus-upload answered ${tus.status}`);
  } finally {
    await authed.request('DELETE', `/${id}`);
  }
  return { base, adminAuthorization, features, sandboxType };
}
