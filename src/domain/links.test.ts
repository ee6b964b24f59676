import { describe, expect, it } from 'vitest';
import { linksOf } from './links.ts';

describe('linksOf', () => {
  it('finds resolveuid links and internal paths in rich text, each uid once, in order of appearance', () => {
    const html = '<a href="resolveuid/b2">x</a><a href="/plone/page">y</a><img src="resolveUid/a1"> resolveuid/b2 resolveuid/c3 resolveuid/a1';
    expect(linksOf({ text: { data: html } })).toEqual({ uids: ['b2', 'a1', 'c3'], paths: ['/plone/page'] });
  });

  it('keeps each of many distinct links of a long text once', () => {
    const html = Array.from({ length: 50_000 }, (_, i) => `resolveuid/u${i} `).join('') + 'resolveuid/u7';
    const { uids } = linksOf({ text: { data: html } });
    expect(uids).toHaveLength(50_000);
    expect(uids[49_999]).toBe('u49999');
  });
});

describe('linksOf memo', () => {
  it('answers the same for a short text that links nowhere, asked again (not memoized: rescanned)', () => {
    const fields = { text: { data: '<p>plain words</p>' } };
    const first = linksOf(fields);
    expect(first).toEqual({ uids: [], paths: [] });
    expect(linksOf(fields)).toBe(first); // the one shared empty answer
    const linking = { text: { data: '<a href="resolveuid/abc">x</a>' } };
    expect(linksOf(linking)).toBe(linksOf(linking)); // found links are kept
  });
});
