// The response check every spec-test request goes through (responses.ts) refuses what does not
// match: a success body against its route's schema, an undeclared status, a malformed error.
import { describe, expect, it } from 'vitest';
import { checkAnswer, routeOf } from './responses.ts';

const base = 'http://localhost:8080/Plone';
const json = new Headers({ 'Content-Type': 'application/json' });
const answer = (status: number, body: unknown) => ({ status, headers: json, body, text: body === undefined ? '' : JSON.stringify(body) });

describe('response check', () => {
  it('finds the route as dispatch does', () => {
    expect(routeOf(base, 'GET', `${base}/news/item`)).toMatchObject({ method: 'GET', endpoint: null });
    expect(routeOf(base, 'post', `${base}/++api++/news/@lock`)).toMatchObject({ method: 'POST', endpoint: '@lock' });
    expect(routeOf(base, 'GET', `${base}/img/@@images/image`)).toBeUndefined();
    expect(routeOf(base, 'GET', `${base}/++dev++/changes/2`)).toBeUndefined();
    expect(routeOf(base, 'GET', `${base}/++api++/openapi.json`)).toBeUndefined();
    expect(routeOf(base, 'GET', 'http://localhost:8080/openapi.json')).toBeUndefined();
  });

  it('accepts a body that fits and refuses one that does not', () => {
    const good = { '@id': `${base}/page`, '@type': 'Document', id: 'page', UID: 'a'.repeat(32), title: 'Page' };
    expect(() => checkAnswer(base, 'GET', `${base}/page`, answer(200, good))).not.toThrow();
    expect(() => checkAnswer(base, 'GET', `${base}/page`, answer(200, { ...good, '@id': 'page' }))).toThrow(/'@id'/);
    expect(() => checkAnswer(base, 'GET', `${base}/page`, answer(200, { ...good, id: 3 }))).toThrow(/response schema refuses/);
  });

  it('refuses a status the route declares no schema for', () => {
    expect(() => checkAnswer(base, 'DELETE', `${base}/page`, answer(200, {}))).toThrow(/declares no schema/);
    expect(() => checkAnswer(base, 'DELETE', `${base}/page`, answer(204, undefined))).not.toThrow();
  });

  it('takes the two error bodies, null and no body, and refuses other error bodies', () => {
    expect(() => checkAnswer(base, 'GET', `${base}/nope`, answer(404, { type: 'NotFound', message: 'Resource not found', context: base }))).not.toThrow();
    expect(() => checkAnswer(base, 'POST', `${base}/@lock`, answer(403, { error: { type: 'Forbidden', message: 'no' } }))).not.toThrow();
    expect(() => checkAnswer(base, 'GET', `${base}/x`, answer(404, null))).not.toThrow();
    expect(() => checkAnswer(base, 'GET', `${base}/x`, answer(401, { detail: 'no' }))).toThrow(/not an error body/);
  });
});
