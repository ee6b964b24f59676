// The landing page and the explorer in a real browser (Debian's Chromium through playwright-core):
// every family of the OpenAPI document listed, a GET and a POST sent through Swagger UI as the
// Manager with the change panel beside the write, the guided tour end to end, and not one request
// leaving the server under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { HAVE_BROWSER, launch, startSite, watch, type Site, type Watched } from './harness.ts';

const TIMEOUT = 20_000;

describe.skipIf(!HAVE_BROWSER)('explorer in the browser', () => {
  let site: Site;
  let browser: Browser;
  const opened: Watched[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ fixture: 'demo' }), launch()]);
  }, 60_000);

  afterAll(async () => {
    // Offline: every request of every page went to the server under test.
    for (const w of opened) expect(w.requests.filter((url) => !url.startsWith(`${site.origin}/`))).toEqual([]);
    for (const w of opened) expect(w.errors).toEqual([]);
    await browser?.close();
    await site?.close();
  });

  async function open(test: string, path: string): Promise<Watched> {
    const w = await watch(browser, test);
    opened.push(w);
    await w.step('open', () => w.page.goto(site.origin + path));
    return w;
  }

  it('lands on the server root, names the site and its accounts, and leads to the explorer', async () => {
    const w = await open('landing', '/');
    const { page } = w;
    await w.step('site and accounts', async () => {
      expect(await page.locator('#site a').first().textContent()).toBe('Harbour Town');
      expect(await page.locator('#site a').first().getAttribute('href')).toBe(site.siteUrl);
      const rows = await page.locator('#accounts tbody tr').allTextContents();
      expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['admin Manager admin', 'editor Member, Editor, Contributor editor', 'reviewer Member, group Reviewers reviewer']);
    });
    await w.step('to the explorer', async () => {
      await page.click('#explorer-link');
      await page.waitForURL(`${site.origin}/++explorer++/`);
      await page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
    });
    await w.step('OpenAPI link', async () => {
      expect(await page.locator('#bar a.doc').getAttribute('href')).toBe('/openapi.json');
    });
    await page.close();
  }, 60_000);

  it('lists every family of the OpenAPI document', async () => {
    const doc = await (await fetch(`${site.origin}/openapi.json`)).json();
    const w = await open('families', '/++explorer++/');
    await w.step('families', async () => {
      await w.page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
      const listed = await w.page.locator('h3.opblock-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
      expect(listed).toEqual(doc.tags.map((t: { name: string }) => t.name));
      expect(listed.length).toBeGreaterThan(30);
    });
    await w.page.close();
  }, 60_000);

  it('sends a GET and a POST as the Manager and shows what the POST changed', async () => {
    const w = await open('get-and-post', '/++explorer++/#/breadcrumbs/get_breadcrumbs');
    const { page } = w;
    await w.step('identity', async () => {
      await page.locator('#identity').waitFor();
      await page.locator('.opblock-tag').first().waitFor({ timeout: TIMEOUT });
      expect(await page.locator('#identity').inputValue()).toBe('basic:admin');
    });
    await w.step('GET @breadcrumbs', async () => {
      const op = page.locator('#operations-breadcrumbs-get_breadcrumbs');
      await op.locator('.try-out__btn').click();
      await op.locator('button.execute').click();
      const status = op.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: TIMEOUT });
      expect((await status.textContent())?.trim()).toBe('200');
      expect(await op.locator('.live-responses-table tbody .microlight').first().textContent()).toContain('"@id"');
      expect(await op.locator('.change-panel').count()).toBe(0);
    });
    await w.step('POST a page', async () => {
      await page.locator('h3.opblock-tag[data-tag="content"]').click();
      const op = page.locator('#operations-content-post_root');
      await op.locator('.opblock-summary').click();
      await op.locator('.try-out__btn').click();
      const body = { '@type': 'Document', id: 'made-in-the-browser', title: 'Made in the browser' };
      await op.locator('textarea.body-param__text').fill(JSON.stringify(body, null, 2));
      await op.locator('button.execute').click();
      const status = op.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: TIMEOUT });
      expect((await status.textContent())?.trim()).toBe('201');
      const panel = op.locator('.change-panel');
      await panel.waitFor({ timeout: TIMEOUT });
      const lines = await panel.locator('.change-line').allTextContents();
      expect(lines.some((l) => l.includes('/made-in-the-browser') && /creat|add/i.test(l))).toBe(true);
      expect(lines.some((l) => /catalog/i.test(l) && l.includes('/made-in-the-browser'))).toBe(true);
    });
    const made = await fetch(`${site.siteUrl}/made-in-the-browser`, { headers: { Accept: 'application/json', Authorization: `Basic ${btoa('admin:admin')}` } });
    expect(made.status).toBe(200);
    await page.close();
  }, 90_000);

  it('runs the guided tour end to end, with the changes of each write', async () => {
    const w = await open('tour', '/++explorer++/');
    const { page } = w;
    await w.step('run', async () => {
      await page.locator('#tour-steps li').first().waitFor();
      await page.click('#tour-run');
      await page.locator('#tour-steps li.tour-step.done').nth(6).waitFor({ timeout: 60_000 });
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
