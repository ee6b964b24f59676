// Builds a complete in-memory site server: state, store, route table, Hono app.
import { createApp } from './http/app.ts';
import { hashPassword } from './auth/passwords.ts';
import { BlobStore } from './blobs/store.ts';
import { frozenClock, randomIds, sequentialIds, systemClock, type Clock, type IdSource } from './lib/clock.ts';
import { createSite } from './state/site.ts';
import { Store } from './state/store.ts';
import { routeTable } from './endpoints/index.ts';
import type { SiteSettings } from './state/model.ts';

export interface ServerOptions {
  sitePath?: string;
  admin?: { user: string; password: string };
  deterministic?: boolean;
  clock?: Clock;
  ids?: IdSource;
  volto?: boolean;
  title?: string;
  blobDir?: string;
  corsOrigin?: string[];
  log?: (line: string) => void;
}

export async function createServer(options: ServerOptions = {}) {
  const sitePath = options.sitePath ?? '/Plone';
  const siteId = sitePath.split('/').filter(Boolean).pop() ?? 'Plone';
  const clock = options.clock ?? (options.deterministic ? frozenClock() : systemClock);
  const ids = options.ids ?? (options.deterministic ? sequentialIds() : randomIds);
  const admin = options.admin ?? { user: 'admin', password: 'admin' };
  const settings: SiteSettings = {
    siteId,
    volto: options.volto ?? false,
    defaultLanguage: 'en',
    availableLanguages: ['en'],
    timezone: 'UTC',
  };
  const store = new Store(
    createSite({ settings, title: options.title ?? 'Plone site', rootUid: ids.next(), now: clock.now(), creator: admin.user }),
  );
  const { app, services } = createApp({
    store,
    table: routeTable(),
    root: { id: admin.user, passwordHash: await hashPassword(admin.password) },
    sitePath,
    clock,
    ids,
    blobs: new BlobStore(options.blobDir),
    corsOrigin: options.corsOrigin,
    log: options.log,
  });
  return { app, store, services, sitePath, admin, clock, ids };
}
