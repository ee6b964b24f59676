// What a check gets: requests (recorded), expectations (failures with differences) and setup
// helpers that work in the check's own sandbox and undo what they did. Setup helpers are lenient
// (any 2xx will do) so that a check fails for what it checks, not for its preparation.
import { randomBytes } from 'node:crypto';
import { CheckFailed, compare, show } from './expect.ts';
import { Recorder, type Caller, type Connection, type Reply, type RequestOptions } from './http.ts';
import type { CheckOf, Difference, Feature } from './model.ts';

export interface Account {
  /** Login name (the e-mail on sites that log in by e-mail). */
  user: string;
  password: string;
  /** User id. */
  id: string;
}

export interface Created {
  /** Site-relative path, e.g. `/conform-ab12cd-3/page`. */
  path: string;
  /** The JSON the server answered (the serialised new object). */
  body: any;
}

/** What every check of a run shares. */
export interface RunEnv {
  connection: Connection;
  /** The site root's own `@id` (what `@id`s in answers start with). */
  base: string;
  features: ReadonlySet<Feature>;
  /** Unique per run: names of sandboxes, users and groups start with `conform-<runId>`. */
  runId: string;
  /** Type of the sandbox containers (Folder, or a folderish page where folders are not addable). */
  sandboxType: string;
  next(): number;
}

interface Cleanup {
  what: string;
  run(): Promise<Reply | void>;
}

const randomText = (n: number) => randomBytes(n).toString('base64url').slice(0, n);

/** A conformance check. */
export type Check = CheckOf<CheckContext>;

export class CheckContext {
  readonly base: string;
  readonly features: ReadonlySet<Feature>;
  readonly admin: { user: string };
  private readonly recorder: Recorder;
  private readonly quiet: Recorder;
  private readonly cleanups: Cleanup[] = [];

  constructor(private readonly env: RunEnv) {
    this.base = env.base;
    this.features = env.features;
    this.admin = { user: env.connection.admin.user };
    this.recorder = new Recorder(env.connection);
    this.quiet = new Recorder(env.connection);
  }

  get steps() {
    return this.recorder.steps;
  }

  has(feature: Feature): boolean {
    return this.features.has(feature);
  }

  // --- requests ----------------------------------------------------------------------------

  request(method: string, path: string, options?: RequestOptions): Promise<Reply> {
    return this.recorder.request(method, path, options);
  }
  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, body });
  }
  patch(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, { ...options, body });
  }
  del(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('DELETE', path, { ...options, body });
  }

  /** Absolute URL of a site-relative path, as the server writes it in `@id`s. */
  url(path: string): string {
    return this.base + path;
  }

  /** Site-relative path of an absolute URL of this site. */
  pathOf(url: string): string {
    if (url.startsWith(this.base)) return url.slice(this.base.length);
    const site = new URL(this.base).pathname.replace(/\/$/, '');
    const p = new URL(url, this.base).pathname;
    return p.startsWith(site) ? p.slice(site.length) : p;
  }

  // --- expectations --------------------------------------------------------------------------

  private lastStep(): number | undefined {
    return this.steps.length ? this.steps.length - 1 : undefined;
  }

  fail(message: string, differences: Difference[] = [], step = this.lastStep()): never {
    throw new CheckFailed({ message, differences, step });
  }

  /** The reply has this status (or one of these). */
  status(reply: Reply, expected: number | number[], what?: string): void {
    const ok = Array.isArray(expected) ? expected.includes(reply.status) : reply.status === expected;
    if (ok) return;
    const want = Array.isArray(expected) ? expected.join(' or ') : String(expected);
    const differences: Difference[] = [{ path: 'status', expected: want, actual: String(reply.status) }];
    const error = reply.body?.error?.message ?? reply.body?.message;
    if (typeof error === 'string') differences.push({ path: 'body message', expected: '(for information)', actual: show(error) });
    this.fail(what ?? `${reply.method} ${this.short(reply.url)} answers ${want}`, differences, reply.step);
  }

  /** The value matches the pattern (objects partial; see expect.ts). */
  like(actual: unknown, pattern: unknown, what: string): void {
    const differences = compare(actual, pattern);
    if (differences.length) this.fail(what, differences);
  }

  /** The value equals the expected one exactly (no extra keys). */
  equal(actual: unknown, expected: unknown, what: string): void {
    const differences = compare(actual, expected, '', true);
    if (differences.length) this.fail(what, differences);
  }

  /** A condition; `actual` is shown when it does not hold. */
  ok(condition: unknown, what: string, actual?: unknown, expected = 'true'): void {
    if (!condition) this.fail(what, [{ path: '', expected, actual: show(actual) }]);
  }

  /** A response header matches (a string must be equal; a RegExp must match). */
  header(reply: Reply, name: string, expected: string | RegExp | null, what?: string): void {
    const value = reply.headers.get(name);
    const ok = expected === null ? value === null : value !== null && (typeof expected === 'string' ? value === expected : expected.test(value));
    if (ok) return;
    this.fail(what ?? `${reply.method} ${this.short(reply.url)}: header ${name}`, [
      { path: `header ${name}`, expected: expected === null ? '(no such header)' : show(expected), actual: value === null ? '(missing)' : show(value) },
    ], reply.step);
  }

  /** A JSON body that is an object, with these keys (partial match). */
  body(reply: Reply, pattern: unknown, what?: string): void {
    const differences = compare(reply.body, pattern, 'body');
    if (differences.length) this.fail(what ?? `${reply.method} ${this.short(reply.url)}: answer body`, differences, reply.step);
  }

  private short(url: string): string {
    return url.startsWith(this.base) ? url.slice(this.base.length) || '/' : url;
  }

  // --- setup, in the check's own sandbox -----------------------------------------------------

  /** Runs at the end of the check (last registered first), whether it passed or not. */
  later(what: string, run: () => Promise<Reply | void>): void {
    this.cleanups.push({ what, run });
  }

  /** A unique name for this run: `conform-<runId>-<n>`, or with a prefix. */
  unique(prefix = 'conform'): string {
    return `${prefix}-${this.env.runId}-${this.env.next()}`;
  }

  private setupFailed(what: string, reply: Reply): never {
    const error = reply.body?.error?.message ?? reply.body?.message ?? reply.text.slice(0, 200);
    this.fail(`setup: ${what} failed`, [{ path: 'status', expected: '2xx', actual: `${reply.status} ${show(error)}` }], reply.step);
  }

  /** A preparation step that must succeed (any 2xx): the check fails as "setup: <what> failed" otherwise. */
  need(reply: Reply, what: string): Reply {
    if (reply.status < 200 || reply.status > 299) this.setupFailed(what, reply);
    return reply;
  }

  /** A new empty container at the site root, deleted after the check. Returns its path. */
  async sandbox(): Promise<string> {
    const id = this.unique();
    const r = await this.post('', { '@type': this.env.sandboxType, id, title: `Conformance sandbox ${id}` });
    if (r.status < 200 || r.status > 299) this.setupFailed(`creating the sandbox /${id}`, r);
    this.later(`delete the sandbox /${id}`, () => this.quiet.request('DELETE', `/${id}`));
    return `/${id}`;
  }

  /** The type of containers the checks make: Folder, or a folderish page where folders cannot be added. */
  get folderType(): string {
    return this.env.sandboxType;
  }

  /** A container (see folderType) in a container. */
  folder(container: string, id: string, title: string, extra: Record<string, unknown> = {}): Promise<Created> {
    return this.create(container, { '@type': this.env.sandboxType, id, title, ...extra });
  }

  /** Creates content in a container (any 2xx will do); returns its path and JSON. */
  async create(container: string, body: Record<string, unknown>): Promise<Created> {
    const r = await this.post(container, body);
    if (r.status < 200 || r.status > 299) this.setupFailed(`creating ${String(body['@type'])} in ${container || '/'}`, r);
    let json = r.body;
    if (!json?.['@id']) {
      const location = r.headers.get('location');
      if (!location) this.setupFailed(`finding the ${String(body['@type'])} created in ${container || '/'} (no @id, no Location)`, r);
      json = (await this.get(location)).body;
    }
    return { path: this.pathOf(json['@id']), body: json };
  }

  /** Runs a workflow transition as the admin (any 2xx will do). */
  async transition(path: string, transition: string, body?: unknown): Promise<void> {
    const r = await this.post(`${path}/@workflow/${transition}`, body);
    if (r.status < 200 || r.status > 299) this.setupFailed(`${transition} of ${path}`, r);
  }

  /** Deletes this path (content, or a `/@users/…`, `/@groups/…` resource) after the check. */
  forget(path: string): void {
    this.later(`delete ${path}`, () => this.quiet.request('DELETE', path));
  }

  /** A new user with these global roles (null: none sent), deleted after the check. */
  async user(roles: string[] | null = ['Member'], extra: Record<string, unknown> = {}): Promise<Account> {
    const name = this.unique();
    const password = `Cf-${randomText(18)}`;
    const email = `${name}@example.org`;
    const body = {
      ...(this.has('email-login') ? {} : { username: name }),
      email,
      password,
      fullname: `Conformance ${name}`,
      ...(roles ? { roles } : {}),
      ...extra,
    };
    const r = await this.post('/@users', body);
    if (r.status < 200 || r.status > 299) this.setupFailed(`creating the user ${name}`, r);
    const id = typeof r.body?.id === 'string' ? r.body.id : name;
    this.later(`delete the user ${id}`, () => this.quiet.request('DELETE', `/@users/${encodeURIComponent(id)}`));
    return { user: this.has('email-login') ? email : name, password, id };
  }

  /** A new group, deleted after the check. */
  async group(body: Record<string, unknown> = {}): Promise<string> {
    const id = typeof body.groupname === 'string' ? body.groupname : this.unique();
    const r = await this.post('/@groups', { groupname: id, title: `Conformance ${id}`, ...body });
    if (r.status < 200 || r.status > 299) this.setupFailed(`creating the group ${id}`, r);
    this.later(`delete the group ${id}`, () => this.quiet.request('DELETE', `/@groups/${encodeURIComponent(id)}`));
    return id;
  }

  /** Logs in through `@login`; returns a Bearer caller. */
  async token(account: Account): Promise<{ bearer: string; who: string }> {
    const r = await this.post('/@login', { login: account.user, password: account.password }, { auth: 'anonymous' });
    if (r.status !== 200 || typeof r.body?.token !== 'string') this.setupFailed(`logging in as ${account.id}`, r);
    return { bearer: r.body.token, who: account.id };
  }

  /** Remembers registry records and puts their values back after the check. */
  async keepRegistry(names: string[]): Promise<void> {
    const saved: Record<string, unknown> = {};
    for (const name of names) {
      const r = await this.get(`/@registry/${name}`);
      if (r.status !== 200) this.setupFailed(`reading the registry record ${name}`, r);
      saved[name] = r.body;
    }
    this.later(`restore the registry records ${names.join(', ')}`, () => this.quiet.request('PATCH', '/@registry', { body: saved }));
  }

  /** Remembers fields of a control panel and puts them back after the check. */
  async keepPanel(panel: string, fields: string[]): Promise<void> {
    const r = await this.get(`/@controlpanels/${panel}`);
    if (r.status !== 200) this.setupFailed(`reading the control panel ${panel}`, r);
    const saved: Record<string, unknown> = {};
    for (const f of fields) saved[f] = tokenOf(r.body?.data?.[f]);
    this.later(`restore the control panel ${panel} (${fields.join(', ')})`, () => this.quiet.request('PATCH', `/@controlpanels/${panel}`, { body: saved }));
  }

  /** Sets fields of a control panel for this check; the earlier values are put back after it. */
  async setPanel(panel: string, values: Record<string, unknown>): Promise<void> {
    await this.keepPanel(panel, Object.keys(values));
    this.need(await this.patch(`/@controlpanels/${panel}`, values), `setting ${Object.keys(values).join(', ')} in the control panel ${panel}`);
  }

  /** Runs the registered cleanups; returns what could not be undone. */
  async cleanup(): Promise<string[]> {
    const problems: string[] = [];
    for (const c of this.cleanups.reverse()) {
      try {
        const r = await c.run();
        if (r && (r.status < 200 || r.status > 299) && r.status !== 404) problems.push(`could not ${c.what}: ${r.status}`);
      } catch (err) {
        problems.push(`could not ${c.what}: ${(err as Error).message}`);
      }
    }
    this.cleanups.length = 0;
    return problems;
  }
}

/** A read value sent back as a write value: `{token, title}` (and lists of them) become tokens. */
function tokenOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tokenOf);
  if (value && typeof value === 'object' && 'token' in value) return (value as { token: unknown }).token;
  return value;
}

export type { Caller };
