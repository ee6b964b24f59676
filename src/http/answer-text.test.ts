// answerText is JSON.stringify, with the text of frozen component expansions made once.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerPieces, answerText } from './answer-text.ts';
import { joinPieces, jsonPieces, LONG_STRING } from '../lib/json-pieces.ts';
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

describe('answerPieces', () => {
  /** Answers whose `@components` hold a kept navigation expansion of `items`, and `rest` beside it. */
  async function answers() {
    const { server } = await testSite();
    const state = server.store.current;
    const root = rootOf(state);
    const req = {
      principal: server.services.auth.user(state, 'admin')!,
      query: parseQuery('expand=navigation'),
      url: { siteUrl: 'http://localhost:8080/Plone' },
      header: () => undefined,
      context: root,
    } as unknown as ApiRequest;
    return (items: unknown[], rest: Record<string, unknown> = {}) => {
      const navigation: Component = { name: 'navigation', reads: () => JSON.stringify(items).length.toString(), expand: () => ({ items }) };
      const services = { ...server.services, extensions: { ...server.services.extensions, components: new Map([['navigation', navigation]]) } } as Services;
      return { '@components': components(state, root, req, services), id: 'doc', ...rest };
    };
  }

  /** The answer's bytes as the server sends them: pieces when answerPieces gives them, else answerText. */
  const sent = (body: unknown) => {
    const pieces = answerPieces(body);
    return pieces ? joinPieces(pieces) : answerText(body);
  };

  it('gives no pieces for an answer of short strings beside small kept expansions, whose bytes are JSON.stringify\'s', async () => {
    const answer = await answers();
    const body = answer([{ title: 'Home' }, { title: 'News' }], { text: 'x'.repeat(1000) });
    expect(Object.isFrozen(body['@components'].navigation)).toBe(true);
    expect(answerPieces(body)).toBeUndefined();
    expect(sent(body)).toBe(JSON.stringify(body));
    expect(body['@components'].navigation).toEqual({ items: [{ title: 'Home' }, { title: 'News' }] }); // left as it was
  });

  it('gives pieces for a long string of the answer beside kept expansions, and for a kept expansion that holds one', async () => {
    const answer = await answers();
    const long = '"x"'.repeat(LONG_STRING / 2);
    const inRest = answer([{ title: 'Home' }], { text: { data: long } });
    expect(answerPieces(inRest)).toContainEqual({ value: long });
    expect(sent(inRest)).toBe(JSON.stringify(inRest));
    const inKept = answer([{ title: long }]);
    expect(answerPieces(inKept)).toEqual(jsonPieces(inKept));
    expect(answerPieces(inKept)).toContainEqual({ value: long });
    expect(sent(inKept)).toBe(JSON.stringify(inKept));
  });

  it('decides as jsonPieces of the whole answer when a kept expansion is not small or the rest comes near TEXT_MAX', async () => {
    const answer = await answers();
    // a kept expansion of many short strings: not small, looked at with the rest
    const many = answer(Array.from({ length: 2000 }, (_, i) => ({ title: `Item number ${i}` })));
    expect(answerPieces(many)).toBeUndefined();
    expect(sent(many)).toBe(JSON.stringify(many));
    // strings of 16 KiB adding up to just under TEXT_MAX (1 MiB) beside a small kept expansion: one text
    const strings = (n: number) => Array.from({ length: n }, (_, i) => String(i % 10).repeat(16 * 1024));
    const under = answer([{ title: 'Home' }], { strings: strings(63) });
    expect(answerPieces(under)).toBeUndefined();
    expect(sent(under)).toBe(JSON.stringify(under));
    // just over: the strings of 16 KiB go apart
    const over = answer([{ title: 'Home' }], { strings: strings(64) });
    expect(answerPieces(over)).toEqual(jsonPieces(over));
    expect(answerPieces(over)!.filter((p) => typeof p !== 'string')).toHaveLength(64);
    expect(sent(over)).toBe(JSON.stringify(over));
  });
});

