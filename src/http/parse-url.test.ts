// ParsedUrls (parseUrl remembered per origin and path) answers exactly what parseUrl answers.
import { describe, expect, it } from 'vitest';
import { ParsedUrls, parseUrl } from './parse-url.ts';

const SITE = ['Plone'];

describe('ParsedUrls', () => {
  it('answers as parseUrl for the same path with other query strings, hosts and virtual hosting', () => {
    const urls = new ParsedUrls(SITE);
    const cases = [
      'http://localhost:8080/Plone/front-page',
      'http://localhost:8080/Plone/front-page?n=1',
      'http://localhost:8080/Plone/front-page?n=2&expand=types',
      'http://example.org/Plone/front-page?n=2',
      'http://localhost:8080/Plone/++api++/f/@types/Document?x=1',
      'http://localhost:8080/VirtualHostBase/https/site.example:443/Plone/VirtualHostRoot/_vh_cms/f?b_size=2',
      'http://localhost:8080/Plone/%40%40images/x',
    ];
    for (let round = 0; round < 2; round++) {
      for (const href of cases) expect(urls.parse(new URL(href))).toEqual(parseUrl(new URL(href), SITE));
    }
  });

  it('never keeps a redirect or a refusal', () => {
    const urls = new ParsedUrls(SITE);
    const twice = new URL('http://localhost:8080/++api++/++api++/Plone/f?a=1');
    expect(urls.parse(twice).redirect).toBe('http://localhost:8080/++api++/Plone/f?a=1');
    expect(urls.parse(new URL('http://localhost:8080/++api++/++api++/Plone/f?a=2')).redirect).toBe('http://localhost:8080/++api++/Plone/f?a=2');
    expect(() => urls.parse(new URL('http://localhost:8080/Other/f'))).toThrow();
    expect(() => urls.parse(new URL('http://localhost:8080/Other/f'))).toThrow();
  });
});
