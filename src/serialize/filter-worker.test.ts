import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { FilterWorker } from './filter-worker.ts';
import { sanitizeOptions } from './safe-html-core.mjs';
import { FILTER_DEFAULTS } from './safe-html.ts';
import { EncodedString } from '../lib/json-pieces.ts';

const lists = { valid: FILTER_DEFAULTS.valid_tags, nasty: FILTER_DEFAULTS.nasty_tags, custom: FILTER_DEFAULTS.custom_attributes };

describe('the filter worker thread', () => {
  it('filters as sanitize-html does in place, with the same options', async () => {
    const worker = new FilterWorker();
    try {
      const html = '<p onclick="x()">a <b>b</b><script>c()</script><a href="javascript:d()">e</a></p>'.repeat(50);
      const [one, two] = await Promise.all([worker.filter('k', lists, html), worker.filter('k', lists, html + '<i>more</i>')]);
      expect(one).toBe(sanitizeHtml(html, sanitizeOptions(lists)));
      expect(one).toContain('<p>a <b>b</b><a>e</a></p>');
      expect(two).toBe(one + '<i>more</i>');
    } finally {
      await worker.close();
    }
  });

  it('filters a text of megabytes handed over as bytes as it filters it in place, and answers the bytes of its JSON literal', async () => {
    const worker = new FilterWorker();
    try {
      const html = '<p onclick="x()">Grüße 😀 <script>c()</script><b>b</b></p>'.repeat(30_000);
      expect(html.length).toBeGreaterThan(1024 * 1024);
      const clean = sanitizeHtml(html, sanitizeOptions(lists));
      const answer = await worker.filter('k', lists, html);
      expect(answer).toBeInstanceOf(EncodedString);
      expect(new TextDecoder().decode((answer as EncodedString).bytes)).toBe(JSON.stringify(clean));
      expect((answer as EncodedString).length).toBe(clean.length);
    } finally {
      await worker.close();
    }
  });

  it('without its file: no worker, the caller filters in place', async () => {
    const worker = new FilterWorker('/nonexistent/safe-html.worker.mjs');
    const first = worker.filter('k', lists, '<p>x</p>');
    await expect(first).rejects.toThrow();
    expect(worker.filter('k', lists, '<p>x</p>')).toBeUndefined();
  });
});
