// The landing page and the explorer in a real browser (Debian's Chromium through playwright-core):
// every family of the OpenAPI document listed, a GET and a POST sent through Swagger UI as the
// Manager with the change panel beside the write, the guided tour end to end, and not one request
// leaving the server under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { ServerOptions } from '../src/server.ts';
import { HAVE_BROWSER, launch, startSite, watch, type Site, type Watched } from './harness.ts';

/** Longest wait for one thing on a page (the machine may be busy). */
const TIMEOUT = 45_000;

let browser: Browser;
beforeAll(async () => {
  if (HAVE_BROWSER) browser = await launch();
}, 60_000);
afterAll(() => browser?.close());

/** A site for the tests of one block, and pages on it that must stay offline and free of errors. */
function siteFor(options: ServerOptions) {
  const opened: Watched[] = [];
  const ctx = { site: undefined as unknown as Site };
  beforeAll(async () => {
    ctx.site = await startSite(options);
  }, 60_000);
  afterAll(async () => {
    // Offline: every request of every page went to the server under test.
    for (const w of opened) expect(w.requests.filter((url) => !url.startsWith(`${ctx.site.origin}/`))).toEqual([]);
    for (const w of opened) expect(w.errors).toEqual([]);
    await ctx.site?.close();
  });
  return {
    get site() {
      return ctx.site;
    },
    async open(test: string, path: string): Promise<Watched> {
      const w = await watch(browser, test);
      opened.push(w);
      await w.step('open', () => w.page.goto(ctx.site.origin + path));
      return w;
    },
  };
}

/** Send the request of an opened operation block and wait for its status. */
async function execute(op: Locator): Promise<string | undefined> {
  await op.locator('button.execute').click();
  const status = op.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor({ timeout: TIMEOUT });
  return (await status.textContent())?.trim().slice(0, 3);
}

describe.skipIf(!HAVE_BROWSER)('explorer in the browser', () => {
  const on = siteFor({ fixture: 'demo' });
  const open = on.open;

  it('lands on the server root, names the site and its accounts, and leads to the explorer, which lists every family', async () => {
    const doc = await (await fetch(`${on.site.origin}/openapi.json`)).json();
    const w = await open('landing', '/');
    const { page } = w;
    await w.step('site and accounts', async () => {
      expect(await page.locator('#site a').first().textContent()).toBe('Harbour Town');
      expect(await page.locator('#site a').first().getAttribute('href')).toBe(on.site.siteUrl);
      const rows = await page.locator('#accounts tbody tr').allTextContents();
      expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['admin Manager admin', 'editor Member, Editor, Contributor editor', 'reviewer Member, group Reviewers reviewer']);
      expect(await page.locator('#openapi-link').getAttribute('href')).toBe('/openapi.json');
    });
    await w.step('to the explorer', async () => {
      await page.click('#explorer-link');
      await page.waitForURL(`${on.site.origin}/++explorer++/`);
      await page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
      expect(await page.locator('#bar a.doc').getAttribute('href')).toBe('/openapi.json');
    });
    await w.step('families', async () => {
      const listed = await page.locator('h3.opblock-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
      expect(listed).toEqual(doc.tags.map((t: { name: string }) => t.name));
      expect(listed.length).toBeGreaterThan(30);
    });
    await page.close();
  }, 90_000);

  it('sends a GET and a POST as the Manager and shows what the POST changed', async () => {
    const w = await open('get-and-post', '/++explorer++/#/breadcrumbs/get_path_breadcrumbs');
    const { page } = w;
    await w.step('identity', async () => {
      await page.locator('#identity').waitFor();
      await page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
      expect(await page.locator('#identity').inputValue()).toBe('basic:admin');
    });
    await w.step('GET @breadcrumbs of an object ({path} keeps its slashes)', async () => {
      const op = page.locator('#operations-breadcrumbs-get_path_breadcrumbs');
      await op.locator('.try-out__btn').click();
      await op.locator('input[placeholder="path"]').fill('news/harbour-festival-announced');
      expect(await execute(op)).toBe('200');
      const answer = JSON.parse((await op.locator('.live-responses-table tbody .microlight').first().textContent()) ?? '');
      expect(answer['@id']).toBe(`${on.site.siteUrl}/news/harbour-festival-announced/@breadcrumbs`);
      expect(answer.items.map((i: { '@id': string }) => i['@id'])).toEqual([`${on.site.siteUrl}/news`, `${on.site.siteUrl}/news/harbour-festival-announced`]);
      expect(await op.locator('.change-panel').count()).toBe(0);
    });
    await w.step('POST a page', async () => {
      await page.locator('h3.opblock-tag[data-tag="content"]').click();
      const op = page.locator('#operations-content-post_root');
      await op.locator('.opblock-summary').click();
      await op.locator('.try-out__btn').click();
      const body = { '@type': 'Document', id: 'made-in-the-browser', title: 'Made in the browser' };
      await op.locator('textarea.body-param__text').fill(JSON.stringify(body, null, 2));
      expect(await execute(op)).toBe('201');
      const panel = op.locator('.change-panel');
      await panel.waitFor({ timeout: TIMEOUT });
      const lines = await panel.locator('.change-line').allTextContents();
      expect(lines.some((l) => l.includes('/made-in-the-browser') && /creat|add/i.test(l))).toBe(true);
      expect(lines.some((l) => /catalog/i.test(l) && l.includes('/made-in-the-browser'))).toBe(true);
    });
    const made = await fetch(`${on.site.siteUrl}/made-in-the-browser`, { headers: { Accept: 'application/json', Authorization: `Basic ${btoa('admin:admin')}` } });
    expect(made.status).toBe(200);
    await page.close();
  }, 120_000);

  it('runs the guided tour end to end, with the changes of each write', async () => {
    const w = await open('tour', '/++explorer++/');
    const { page } = w;
    await w.step('run', async () => {
      await page.locator('#tour-steps li').first().waitFor();
      await page.click('#tour-run');
      await page.locator('#tour-steps li.tour-step.done').nth(6).waitFor({ timeout: 2 * TIMEOUT });
    });
    const steps = page.locator('#tour-steps li.tour-step');
    const changes = async (i: number) => (await steps.nth(i).locator('.change-line').allTextContents()).join('\n');
    await w.step('statuses', async () => {
      const statuses = await page.locator('.tour-status').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.status));
      expect(statuses).toEqual(['200', '201', '200', '204', '200', '200', '200']);
      expect(await page.locator('#tour-steps li.tour-step.failed').count()).toBe(0);
    });
    await w.step('changes', async () => {
      expect(await changes(1)).toMatch(/\/tour-page-tour[a-z0-9]+/);
      expect(await changes(2)).toMatch(/lock/i);
      expect(await changes(3)).toMatch(/title/);
      expect(await changes(4)).toMatch(/review_state: private → published/);
      expect(await steps.nth(5).locator('.change-panel').count()).toBe(0);
    });
    await w.step('search and history', async () => {
      expect(await steps.nth(5).locator('.tour-answer').textContent()).toMatch(/"items_total": 1/);
      expect(await steps.nth(6).locator('.tour-answer').textContent()).toMatch(/"action": "publish"/);
    });
    await page.close();
  }, 120_000);
});

describe.skipIf(!HAVE_BROWSER)('explorer on the acceptance preset', () => {
  const on = siteFor({ fixture: 'acceptance', sitePath: '/plone', admin: { user: 'admin', password: 'secret' }, robotRemote: {} });

  it('logs in through @login, sends as the token, and a refused write changes nothing', async () => {
    const w = await on.open('acceptance', '/++explorer++/#/login/post_login');
    const { page } = w;
    await w.step('accounts', async () => {
      await page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
      expect(await page.locator('#site').textContent()).toContain(`${on.site.origin}/plone`);
      expect(await page.locator('#identity').inputValue()).toBe('basic:admin');
      const labels = await page.locator('#identity option').allTextContents();
      expect(labels).toEqual(['Anonymous', 'admin (Manager)', 'test-user (Member)', "Swagger's Authorize dialog"]);
    });
    await w.step('POST @login as test-user', async () => {
      const op = page.locator('#operations-login-post_login');
      await op.locator('.try-out__btn').click();
      await op.locator('textarea.body-param__text').fill(JSON.stringify({ login: 'test-user', password: 'correct horse battery staple' }));
      expect(await execute(op)).toBe('200');
      expect(await page.locator('#identity').inputValue()).toMatch(/^bearer:test-user:/);
      expect(await page.locator('#identity option:checked').textContent()).toBe('Token of test-user (from @login)');
    });
    await w.step('GET @users/test_user_1_ as the token', async () => {
      await page.locator('h3.opblock-tag[data-tag="users"]').click();
      const op = page.locator('#operations-users-get_users_userid');
      await op.locator('.opblock-summary').click();
      await op.locator('.try-out__btn').click();
      await op.locator('input[placeholder="userid"]').fill('test_user_1_');
      expect(await execute(op)).toBe('200');
      expect(await op.locator('.live-responses-table tbody .microlight').first().textContent()).toContain('"username": "test-user"');
    });
    await w.step('POST a page as the Member: refused', async () => {
      await page.locator('h3.opblock-tag[data-tag="content"]').click();
      const op = page.locator('#operations-content-post_root');
      await op.locator('.opblock-summary').click();
      await op.locator('.try-out__btn').click();
      await op.locator('textarea.body-param__text').fill(JSON.stringify({ '@type': 'Document', id: 'not-allowed', title: 'Not allowed' }));
      expect(await execute(op)).toBe('401');
      expect(await op.locator('.change-panel').textContent()).toBe('Nothing changed: the request was refused.');
    });
    const missing = await fetch(`${on.site.siteUrl}/not-allowed`, { headers: { Accept: 'application/json', Authorization: `Basic ${btoa('admin:secret')}` } });
    expect(missing.status).toBe(404);
    await page.close();
  }, 120_000);
});
