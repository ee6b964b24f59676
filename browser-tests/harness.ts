// What the browser tests share: a site served over real HTTP on a free port of 127.0.0.1, Debian's
// Chromium driven by playwright-core (which downloads nothing), every request the page makes
// recorded, and a screenshot of the page when a step fails (browser-tests/screenshots/).
// Without Chromium the tests are skipped with a message, unless CMS_ORACLE_REQUIRE_BROWSER is set
// (CI sets it): then they fail.
import { serve } from '@hono/node-server';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ServerOptions } from '../src/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAVE_BROWSER = existsSync(CHROMIUM);
export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

if (!HAVE_BROWSER) {
  const message = `browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CMS_ORACLE_REQUIRE_BROWSER) throw new Error(`${message}; CMS_ORACLE_REQUIRE_BROWSER is set, so they may not be skipped`);
  console.warn(`${message}: SKIPPED`);
}

export interface Site {
  origin: string;
  siteUrl: string;
  server: Awaited<ReturnType<typeof createServer>>;
  close(): Promise<void>;
}

export async function startSite(options: ServerOptions = {}): Promise<Site> {
  const server = await createServer(options);
  let close!: () => Promise<void>;
  const port = await new Promise<number>((resolve) => {
    const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    close = () =>
      new Promise<void>((done) => {
        http.close(() => done());
        if ('closeAllConnections' in http) (http as { closeAllConnections(): void }).closeAllConnections();
      });
  });
  const origin = `http://127.0.0.1:${port}`;
  return { origin, siteUrl: origin + (options.sitePath ?? '/Plone'), server, close };
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface Watched {
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Errors thrown in the page. */
  errors: string[];
  /** Run one step of a test; when it fails, a screenshot `<test>--<step>.png` is kept. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export async function watch(browser: Browser, test: string): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  return {
    page,
    requests,
    errors,
    async step(name, fn) {
      try {
        return await fn();
      } catch (err) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const file = join(SCREENSHOTS, `${slug(test)}--${slug(name)}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        throw new Error(`${name}: ${(err as Error).message}\n(screenshot: ${file})`, { cause: err });
      }
    },
  };
}
