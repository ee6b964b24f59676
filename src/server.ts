// Builds a complete in-memory site server: state, store, route table, Hono app.
import { createApp } from './http/app.ts';
import { hashPassword } from './auth/passwords.ts';
import { BlobStore } from './blobs/store.ts';
import { frozenClock, randomIds, sequentialIds, systemClock, type Clock, type IdSource } from './lib/clock.ts';
import { createSite } from './state/site.ts';
import { seededSecrets, type SecretSource } from './lib/secret-source.ts';
import { seedOf } from './lib/seeded-hash.ts';
import { Store } from './state/store.ts';
import { routeTable } from './endpoints/index.ts';
import type { SiteSettings } from './state/model.ts';
import type { OutsideRoutes } from './http/dispatch.ts';
import type { ChangeFeed } from './changes/feed.ts';
import { changesRoute } from './endpoints/dev/changes.routes.ts';
import { explorerRoutes, type ExplorerSite } from './endpoints/explorer/explorer.routes.ts';
import { documentedAccounts } from './endpoints/explorer/accounts.ts';
import { basename } from 'node:path';
import { applyFixture, readFixture } from './fixtures/load.ts';
import { hashUsers } from './fixtures/users.ts';
import type { PluginTokenOptions, TokenOptions } from './auth/tokens.ts';
import type { ThrottleOptions } from './auth/throttle.ts';
import { RobotRemote, type RobotRemoteOptions } from './endpoints/robot/robot.routes.ts';
import { callJson } from './http/json-call.ts';

export interface ServerOptions {
  sitePath?: string;
  admin?: { user: string; password: string };
  deterministic?: boolean;
  clock?: Clock;
  ids?: IdSource;
  /** Source of secrets and token ids; default random, seeded with `deterministic`. */
  secrets?: SecretSource;
  volto?: boolean;
  title?: string;
  blobDir?: string;
  corsOrigin?: string[];
  log?: (line: string) => void;
  /** A fixture to load: a folder name under fixtures/ or a path to a fixture folder. */
  fixture?: string;
  /** Also log the requests that load the fixture. */
  logFixture?: boolean;
  /** Keeps the login-token secret (`<dataDir>/jwt-secret`, mode 0600); omitted: in memory. */
  dataDir?: string;
  /** Login tokens: lifetime (s, default 12 h, 0 = no expiry), storeTokens, useKeyring. */
  tokens?: Partial<TokenOptions> & PluginTokenOptions;
  /** Failed-password throttling (see docs/security.md). */
  throttle?: Partial<ThrottleOptions>;
  /** A ready blob store (persistence passes its durable one); default: `new BlobStore(blobDir)`. */
  blobs?: BlobStore;
  /** Routes outside the content tree (the `++dev++` endpoints of src/endpoints/dev). */
  outside?: OutsideRoutes;
  /** Largest request body accepted, in bytes (default 16 MiB; docs/security.md "Limits"). */
  maxBodyBytes?: number;
  /** Serve `<site>/RobotRemote` (the acceptance server's reset library); omitted: absent. */
  robotRemote?: RobotRemoteOptions;
  /** Print the changes of each request under its log line (--trace). */
  trace?: boolean;
  /** Any authenticated user may read the change stream, not only Managers (--dev-endpoints). */
  changesForAuthenticated?: boolean;
  /** Answer repeated GETs from the response cache (default true; false: benchmarks of the cold path). */
  responseCache?: boolean;
  /** Give the JSON text of an answer equal to a recent one again (default true; false: made anew each time). */
  recentTexts?: boolean;
}

/** The first of `routes` that answers a request. */
function firstOf(routes: (OutsideRoutes | undefined)[]): OutsideRoutes {
  const present = routes.filter((r): r is OutsideRoutes => !!r);
  return (input, path, principal) => {
    for (const route of present) {
      const answer = route(input, path, principal);
      if (answer) return answer;
    }
    return undefined;
  };
}

export async function createServer(options: ServerOptions = {}) {
  const sitePath = options.sitePath ?? '/Plone';
  const siteId = sitePath.split('/').filter(Boolean).pop() ?? 'Plone';
  const clock = options.clock ?? (options.deterministic ? frozenClock() : systemClock);
  const ids = options.ids ?? (options.deterministic ? sequentialIds() : randomIds);
  const admin = options.admin ?? { user: 'admin', password: 'admin' };
  const fixture = options.fixture ? readFixture(options.fixture) : undefined;
  // Hashing is slow on purpose: hash the fixture's users while the admin's hash runs.
  const fixtureUsers = fixture ? hashUsers(fixture.site.users) : undefined;
  fixtureUsers?.catch(() => undefined);
  const site = fixture?.site;
  const languages = site?.languages ?? ['en'];
  const settings: SiteSettings = {
    siteId,
    volto: options.volto ?? site?.volto ?? false,
    defaultLanguage: languages[0],
    availableLanguages: languages,
    timezone: 'UTC',
  };
  const store = new Store(
    createSite({
      settings,
      title: options.title ?? site?.title ?? 'Plone site',
      description: site?.description,
      rootUid: ids.next(),
      now: clock.now(),
      creator: admin.user,
    }),
  );
  const secrets = options.secrets ?? (options.deterministic ? seededSecrets() : undefined);
  if (secrets) {
    const stream = secrets.for('record-seeds');
    store.seeds = () => seedOf(stream.bytes(4).readUInt32BE(0));
  }
  let loading = !!fixture && !options.logFixture;
  const robot = options.robotRemote ? new RobotRemote(options.robotRemote) : undefined;
  let live: { store: Store; feed: ChangeFeed } | undefined;
  const table = routeTable();
  const pages: ExplorerSite = {
    store,
    table,
    accounts: documentedAccounts(admin, fixture?.site.users ?? []),
    fixture: fixture ? basename(fixture.dir) : undefined,
    changesOpen: !!options.changesForAuthenticated,
  };
  const outside = firstOf([explorerRoutes(() => pages), changesRoute(() => live), options.outside, robot && ((input, path, principal) => robot.route(input, path, principal))]);
  const { app, services, internal } = createApp({
    store,
    table,
    root: { id: admin.user, passwordHash: await hashPassword(admin.password) },
    sitePath,
    clock,
    ids,
    blobs: options.blobs ?? new BlobStore(options.blobDir),
    outside,
    autologin: robot && ((client) => robot.allows(client)),
    corsOrigin: options.corsOrigin,
    dataDir: options.dataDir,
    secrets,
    tokens: options.tokens,
    throttle: options.throttle,
    maxBodyBytes: options.maxBodyBytes,
    trace: options.trace,
    changesForAuthenticated: options.changesForAuthenticated,
    responseCache: options.responseCache,
    recentTexts: options.recentTexts,
    log: options.log && ((line) => {
      if (!loading) options.log!(line);
    }),
  });
  live = { store, feed: services.changes! };
  robot?.bind({ store, services, internal, now: () => clock.now(), newUid: () => ids.next() });
  let loaded: { dir: string; users: number; content: number } | undefined;
  if (fixture) {
    const siteUrl = `http://localhost${sitePath}`;
    const authorization = 'Basic ' + Buffer.from(`${admin.user}:${admin.password}`).toString('base64');
    const counts = await applyFixture(fixture, {
      store,
      siteUrl,
      context: { now: () => clock.now(), newUid: () => ids.next(), creator: admin.user },
      send: async (method, url, body) => {
        const res = await callJson(app, method, url, body, { Authorization: authorization, 'Content-Type': 'application/json' });
        return { status: res.status, body: res.body === undefined && res.text ? { message: res.text } : res.body };
      },
    }, fixtureUsers);
    loaded = { dir: fixture.dir, ...counts };
    loading = false;
  }
  return { app, store, services, sitePath, admin, clock, ids, fixture: loaded, robot };
}
