// answerText is JSON.stringify, with the text of frozen component expansions made once.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerText } from './answer-text.ts';
import { testSite } from '../compose/test-site.ts';
import { components } from '../serialize/components.ts';
import { rootOf } from '../state/select.ts';
import { parseQuery } from '../domain/query.ts';
import type { ApiRequest, Component, Services } from './types.ts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const json = fc.jsonValue({ maxDepth: 3 });
/** Component values: frozen (shared expansions) or not, some that JSON leaves out. */
const component = fc.oneof(
  json.map((v) => deepFreeze(v)),
  json,
  fc.constant(undefined),
  fc.record({ '@id': fc.webUrl() }),
);
const answer = fc
  .tuple(fc.dictionary(fc.string(), component), fc.dictionary(fc.string().filter((k) => k !== '@components' && !/^\d+$/.test(k)), fc.oneof(json, fc.constant(undefined))))
  .map(([components, rest]) => ({ '@components': components, ...rest }) as Record<string, unknown>);

describe('answerText', () => {
  it('is byte for byte JSON.stringify of the answer, and leaves the answer as it was', () => {
    fc.assert(
      fc.property(answer, (body) => {
        const before = body['@components'];
        expect(answerText(body)).toBe(JSON.stringify(body));
        expect(body['@components']).toBe(before);
        // a second time: the frozen parts' texts come from the memo
        expect(answerText(body)).toBe(JSON.stringify(body));
      }),
      { numRuns: 300 },
    );
  });

  it('stringifies any other value as JSON.stringify does', () => {
    for (const value of [null, 1, 'x', [1, { '@components': {} }], { a: 1, '@components': { b: 2 } }, { 1: 'n', '@components': {} }, Object.freeze({ '@components': { a: 1 } }), { '@components': 5 }, { '@components': { toJSON: () => 'j' } }, undefined])
      expect(answerText(value)).toBe(JSON.stringify(value));
  });

  it('splices the text of kept expansions into an answer, byte for byte', async () => {
    const { server } = await testSite();
    const state = server.store.current;
    const root = rootOf(state);
    const principal = server.services.auth.user(state, 'admin')!;
    const req = {
      principal,
      query: parseQuery('expand=navigation'),
      url: { siteUrl: 'http://localhost:8080/Plone' },
      header: () => undefined,
      context: root,
    } as unknown as ApiRequest;
    let expanded = 0;
    const navigation: Component = { name: 'navigation', reads: () => '', expand: () => ({ n: ++expanded, items: [{ title: 'Home \u2028 "x"' }] }) };
    const services = { ...server.services, extensions: { ...server.services.extensions, components: new Map([['navigation', navigation], ['types', { name: 'types', expand: () => [] }]]) } } as Services;
    for (let i = 0; i < 3; i++) {
      const body = { '@components': components(state, root, req, services), id: `a${i}`, items: [1, 2] };
      expect(Object.isFrozen(body['@components'].navigation)).toBe(true);
      expect(answerText(body)).toBe(JSON.stringify(body));
    }
    expect(expanded).toBe(1);
  });
});
