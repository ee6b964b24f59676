// The safe-HTML filter with Plone's defaults (supplement-2 §5): known vectors, and a property over
// hostile markup: whatever goes in, no script element, event handler or script URL comes out.
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { SiteState } from '../state/model.ts';
import sanitizeHtml from 'sanitize-html';
import { Pending, untilReady } from '../lib/pending.ts';
import { sanitizeOptions, scriptLike } from './safe-html-core.mjs';
import { FILTER_APART_FROM, FILTER_DEFAULTS, safeHtml } from './safe-html.ts';
import { BIG_INPUT } from '../lib/turn.ts';
import { EncodedString, jsonPieces, joinPieces } from '../lib/json-pieces.ts';

const site = (registry: Record<string, unknown> = {}) => ({ registry }) as unknown as SiteState;
const asText = (v: string | EncodedString) => (typeof v === 'string' ? v : v.text());
const clean = (html: string) => asText(safeHtml(site(), html));

describe('safeHtml with the default settings', () => {
  it.each([
    ['<p>plain <em>text</em></p>', '<p>plain <em>text</em></p>'],
    ['no markup at all', 'no markup at all'],
    ['<script>alert(1)</script>after', 'after'],
    ['<div onmouseover="x()" data-x="1" aria-label="l" role="button" class="c">d</div>', '<div class="c">d</div>'],
    ['<a href="vbscript:msgbox(1)">v</a>', '<a>v</a>'],
    ['<a href="java\tscript:alert(1)">t</a>', '<a>t</a>'],
    ['<a href="about:blank">a</a><a href="mocha:x">m</a>', '<a>a</a><a>m</a>'],
    ['<div style="width: expression(alert(1))">e</div>', '<div>e</div>'],
    ['<div style="background:url(j&#97;vascript:x)">e</div>', '<div>e</div>'],
    ['<p title="metadata: x">t</p>', '<p>t</p>'],
    ['<img srcset="a.png 1x, b.png 2x" sizes="100vw" src="a.png">', '<img srcset="a.png 1x, b.png 2x" sizes="100vw" src="a.png" />'],
    ['<video controls poster="p.png" autoplay><source src="v.mp4"></video>', '<video controls poster="p.png" autoplay><source src="v.mp4" /></video>'],
    ['<details open><summary>s</summary>d</details>', '<details open><summary>s</summary>d</details>'],
    ['<center><font color="red">old</font></center>', 'old'],
    ['<meta http-equiv="refresh" content="0;url=x"><link rel="stylesheet" href="x.css">m', 'm'],
    ['<frameset><frame src="x"></frameset>f', 'f'],
    ['<svg onload="alert(1)"><script>alert(2)</script><a href="#">s</a></svg>', '<a href="#">s</a>'],
  ])('%j', (input, output) => {
    expect(clean(input)).toBe(output);
  });

  it('judges attribute values after decoding escapes, NULs, comments and whitespace', () => {
    for (const v of ['javascript:x', ' JAVASCRIPT :x', 'java\\73 cript:x', 'jav\u0000ascript:x', 'java/**/script:x', 'data:text/html,x', 'expression (x)']) {
      expect(scriptLike(v), v).toBe(true);
    }
    for (const v of ['https://plone.org/', 'mailto:a@b.c', '#top', 'resolveuid/abc', 'color: red']) expect(scriptLike(v), v).toBe(false);
  });

  it('follows the registry records; disable_filtering returns the source', () => {
    const html = '<p>a</p><marquee>m</marquee><script>s</script>';
    expect(safeHtml(site({ 'plone.disable_filtering': true }), html)).toBe(html);
    expect(safeHtml(site({ 'plone.valid_tags': ['p', 'marquee'] }), html)).toBe('<p>a</p><marquee>m</marquee>');
    expect(safeHtml(site({ 'plone.valid_tags': ['p'], 'plone.nasty_tags': ['marquee', 'script'] }), html)).toBe('<p>a</p>');
    expect(safeHtml(site({ 'plone.custom_attributes': [] }), '<p style="color:red">x</p>')).toBe('<p>x</p>');
  });
});

describe('safeHtml property', () => {
  const pieces = fc.constantFrom(
    '<script>', '</script>', '<img src=x onerror=alert(1)>', '<a href="', 'javascript:', 'JaVaScRiPt:', '&#106;avascript:', '">', '<svg>',
    '<iframe src="', 'data:text/html,', '<style>', '<p ', 'onclick=', '"x()"', '>', '<', '/', '"', "'", ' ', 'text', '<!--', '-->', '<![CDATA[', ']]>',
    '<math>', '<object data="', '<div style="', 'expression(', '\\', '\u0000', '<scr', 'ipt>', '=', '`',
  );
  it('never lets a script element, an event handler or a script URL through (judged by parsing the output)', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = clean(parts.join(''));
        const seen: string[] = [];
        const parser = new Parser({
          onopentag(name, attribs) {
            seen.push(name);
            for (const [attr, value] of Object.entries(attribs)) {
              expect(attr, out).not.toMatch(/^on/i);
              expect(scriptLike(value), `${attr}=${value} in ${out}`).toBe(false);
            }
          },
        });
        parser.write(out);
        parser.end();
        for (const name of seen) expect(['script', 'svg', 'math', 'object', 'style', 'embed', 'meta', 'link'], out).not.toContain(name);
      }),
      { numRuns: 500 },
    );
  });
});

describe('long rich text', () => {
  const long = (marker: string) => `<p>${marker} <b>bold</b> <a href="javascript:x()" onclick="y()">link</a><script>bad()</script></p>`.repeat(Math.ceil(FILTER_APART_FROM / 60));

  it('is filtered in the worker thread: the caller waits (Pending), then reads the same result as filtering in place', async () => {
    const html = long(`first-${Math.random()}`);
    expect(html.length).toBeGreaterThanOrEqual(FILTER_APART_FROM);
    let thrown: unknown;
    try {
      clean(html);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Pending);
    const lists = { valid: FILTER_DEFAULTS.valid_tags, nasty: FILTER_DEFAULTS.nasty_tags, custom: FILTER_DEFAULTS.custom_attributes };
    const inPlace = sanitizeHtml(html, sanitizeOptions(lists));
    expect(inPlace).not.toContain('script');
    expect(inPlace).not.toContain('onclick');
    expect(inPlace).toContain('<b>bold</b> <a>link</a>');
    expect(await untilReady(() => clean(html))).toBe(inPlace);
    // remembered: read at once now
    expect(clean(html)).toBe(inPlace);
  });

  it('with other settings, is filtered for those settings', async () => {
    const html = long(`second-${Math.random()}`);
    const keepScripts = site({ 'plone.valid_tags': [...FILTER_DEFAULTS.valid_tags, 'script'], 'plone.nasty_tags': [] });
    const out = asText(await untilReady(() => safeHtml(keepScripts, html)));
    expect(out).toContain('<script>bad()</script>');
    expect(out).not.toContain('onclick');
  });

  it('of a MiB or more comes back from the worker as the bytes of its JSON literal, written as they are in answers', async () => {
    const html = long(`fourth-${Math.random()}\u00e9\n"quoted"`).repeat(Math.ceil(BIG_INPUT / FILTER_APART_FROM));
    expect(html.length).toBeGreaterThanOrEqual(BIG_INPUT);
    const lists = { valid: FILTER_DEFAULTS.valid_tags, nasty: FILTER_DEFAULTS.nasty_tags, custom: FILTER_DEFAULTS.custom_attributes };
    const inPlace = sanitizeHtml(html, sanitizeOptions(lists));
    const out = await untilReady(() => safeHtml(site(), html));
    expect(out).toBeInstanceOf(EncodedString);
    const encoded = out as EncodedString;
    expect(encoded.length).toBe(inPlace.length);
    expect(new TextDecoder().decode(encoded.bytes)).toBe(JSON.stringify(inPlace));
    expect(encoded.text()).toBe(inPlace);
    // an answer holding it: its pieces put it in as it is, and JSON.stringify elsewhere gives the same text
    const body = { text: { data: encoded, encoding: 'utf-8' }, title: 't' };
    const pieces = jsonPieces(body)!;
    expect(pieces).toContain(encoded);
    expect(joinPieces(pieces)).toBe(JSON.stringify({ text: { data: inPlace, encoding: 'utf-8' }, title: 't' }));
    expect(JSON.stringify(body)).toBe(joinPieces(pieces));
  });

  it('a computation that has waited its MAX_WAITS times filters in place', () => {
    const html = long(`third-${Math.random()}`);
    const out = untilReady(() => clean(html), 0);
    expect(out).toContain('<b>bold</b>');
    expect(out).not.toContain('script');
  });
});
