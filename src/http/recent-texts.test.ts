// RecentTexts gives the JSON text of an answer equal to a recent one again: always byte for byte
// JSON.stringify of the answer it is given (whatever was given before under the same @id), and
// over HTTP, after any writes, the same bytes as a site that makes every text anew.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { RecentTexts } from './recent-texts.ts';
import { joinPieces, LONG_STRING } from '../lib/json-pieces.ts';
import { keep } from '../serialize/kept.ts';
import { testSite } from '../compose/test-site.ts';

/** What the server sends for a JSON value: the text, or its pieces joined. */
const sent = (json: ReturnType<RecentTexts['json']>) => (typeof json === 'string' ? json : joinPieces(json));

class Point {
  constructor(readonly x: number) {}
}

const ID = 'http://localhost:8080/Plone/d';
const leaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -2, max: 2 }), fc.constantFrom(0, -0, NaN, 1.5, true, false, null, undefined));
/** Values a member may hold: plain JSON, undefined, NaN and -0, values with toJSON, class instances, kept (frozen) values. */
const member: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('record'), tie('odd')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  record: fc.dictionary(fc.constantFrom('a', 'b', 'c', '1', '__proto__'), tie('value'), { maxKeys: 3 }),
  odd: fc.oneof(
    fc.constant(new Point(1)),
    fc.constant(new Date(0)),
    fc.constant({ toJSON: () => 'j' }),
    // a toJSON JSON.stringify calls though for...in does not list it, and one on an array
    fc.constant(Object.defineProperty({ a: 1 }, 'toJSON', { value: () => 'hidden', enumerable: false })),
    fc.constant(Object.assign([1], { toJSON: () => 'array' })),
    fc.constant(Object.create(null, { a: { value: 1, enumerable: true } })),
    fc.constant(keep({ kept: [1, 2] })),
  ),
})).value;

/** A body with the @id, its other members drawn from a small set of names (so that bodies resemble each other). */
const body = fc
  .dictionary(fc.constantFrom('a', 'b', 'c', 'text', '2'), member, { maxKeys: 4 })
  .chain((rest) => fc.constantFrom({ '@id': ID, ...rest }, { ...rest, '@id': ID }, { '@id': `${ID}/other`, ...rest }));

afterEach(() => vi.restoreAllMocks());

describe('RecentTexts', () => {
  it('gives JSON.stringify of each answer, whatever answers of the same @id came before', () => {
    fc.assert(
      fc.property(fc.array(body, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(11), { maxLength: 12 }), (bodies, again) => {
        const texts = new RecentTexts();
        // each body, and some of them a second time (a request like an earlier one)
        for (const b of [...bodies, ...again.map((i) => bodies[i % bodies.length])]) expect(sent(texts.json(b))).toBe(JSON.stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it('sees a change made to an answer it has kept the text of (its copy is its own)', () => {
    const texts = new RecentTexts();
    const b = { '@id': ID, title: 'one', list: ['x'], nested: { n: 1 } };
    for (let i = 0; i < 3; i++) expect(texts.json(b)).toBe(JSON.stringify(b));
    b.list.push('y');
    expect(texts.json(b)).toBe(JSON.stringify(b));
    b.nested.n = 2;
    expect(texts.json(b)).toBe(JSON.stringify(b));
    const reordered = { title: 'one', '@id': ID, list: ['x', 'y'], nested: { n: 2 } };
    expect(texts.json(reordered)).toBe(JSON.stringify(reordered));
    // the same values under other names, or in another order
    const ab = { '@id': ID, a: 1, b: 1, c: [] };
    for (let i = 0; i < 3; i++) expect(texts.json(ab)).toBe(JSON.stringify(ab));
    // a toJSON inherited by every object (a changed prototype) is JSON.stringify's too
    Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'inherited', configurable: true });
    let inherited: unknown;
    try {
      inherited = texts.json(ab);
    } finally {
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
    }
    expect(inherited).toBe('"inherited"');
    // the same members with a toJSON of their own that for...in does not list, or on an array
    const plain = { '@id': ID, x: { a: 1 }, y: [1] };
    for (let i = 0; i < 3; i++) expect(texts.json(plain)).toBe(JSON.stringify(plain));
    const hidden = { '@id': ID, x: Object.defineProperty({ a: 1 }, 'toJSON', { value: () => 'hidden', enumerable: false }), y: [1] };
    expect(texts.json(hidden)).toBe('{"@id":"' + ID + '","x":"hidden","y":[1]}');
    const onArray = { '@id': ID, x: { a: 1 }, y: Object.assign([1], { toJSON: () => 'array' }) };
    expect(texts.json(onArray)).toBe('{"@id":"' + ID + '","x":{"a":1},"y":"array"}');
    for (const other of [{ '@id': ID, b: 1, a: 1, c: [] }, { '@id': ID, a: 1, d: 1, c: [] }, { '@id': ID, a: 1, b: 1 }, { '@id': ID, a: 1, b: 1, c: [], d: undefined }, { '@id': ID, a: 1, b: 1, c: [undefined] }])
      expect(texts.json(other)).toBe(JSON.stringify(other));
  });

  it('makes no text of an answer equal to one of the last two of its @id, from the third ask on; sends long strings in pieces', () => {
    const texts = new RecentTexts();
    const anonymous = { '@id': ID, lock: {}, text: keep({ data: '<p>x</p>' }) };
    const editor = { '@id': ID, lock: { locked: false, stealable: true }, text: anonymous.text };
    for (const b of [anonymous, editor, anonymous, editor]) texts.json(structuredClone(b));
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(texts.json({ ...anonymous })).toBe(JSON.stringify(anonymous));
    expect(texts.json({ ...editor, lock: { ...editor.lock } })).toBe(JSON.stringify(editor));
    expect(stringify).toHaveBeenCalledTimes(2); // the two of the expectations
    const long = { '@id': ID, text: 'x'.repeat(LONG_STRING) };
    for (let i = 0; i < 3; i++) expect(texts.json(long)).toContainEqual({ value: long.text });
  });

  it('keeps a bounded weight of texts and copies: answers of many objects make it forget all at once', () => {
    const texts = new RecentTexts();
    const byId = () => (texts as unknown as { byId: Map<string, unknown> }).byId;
    let most = 0;
    for (let i = 0; i < 3000; i++) {
      const b = { '@id': `${ID}${i}`, text: 'x'.repeat(4000), list: [i, i + 1] };
      for (let ask = 0; ask < 2; ask++) expect(texts.json(b)).toBe(JSON.stringify(b));
      most = Math.max(most, byId().size);
    }
    // 8 MB of 4 KB texts: about 2,000 kept at most, then forgotten
    expect(most).toBeGreaterThan(1500);
    expect(most).toBeLessThan(2100);
    expect(byId().size).toBeLessThan(most);
  });
});

describe('RecentTexts over HTTP', () => {
  type Op =
    | { kind: 'edit'; title: string; text: string }
    | { kind: 'rename'; id: string }
    | { kind: 'move' }
    | { kind: 'publish' }
    | { kind: 'lock'; on: boolean }
    | { kind: 'share'; role: string }
    | { kind: 'field'; title: string }
    | { kind: 'registry'; on: boolean };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('edit' as const), title: fc.string({ maxLength: 5 }), text: fc.constantFrom('<p>a</p>', '<p>b</p><script>x()</script>', '') }),
    fc.record({ kind: fc.constant('rename' as const), id: fc.constantFrom('d1', 'd2') }),
    fc.record({ kind: fc.constant('move' as const) }),
    fc.record({ kind: fc.constant('publish' as const) }),
    fc.record({ kind: fc.constant('lock' as const), on: fc.boolean() }),
    fc.record({ kind: fc.constant('share' as const), role: fc.constantFrom('Reader', 'Editor') }),
    fc.record({ kind: fc.constant('field' as const), title: fc.constantFrom('Subtitle', 'Byline') }),
    fc.record({ kind: fc.constant('registry' as const), on: fc.boolean() }),
  );

  it('answers the same bytes as a site that makes each text anew, after any writes, to anonymous and to an editor', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 6 }), async (ops) => {
        const sites = [await testSite({ deterministic: true }), await testSite({ deterministic: true, recentTexts: false })];
        // where the document is now (it is renamed and moved)
        let folder = 'f';
        let id = 'd';
        const all = async (method: string, path: () => string, body?: unknown) => {
          const answers = [];
          for (const { call } of sites) answers.push(await call(method, path(), body));
          expect(answers[0].status).toBe(answers[1].status);
          expect(answers[0].text).toBe(answers[1].text);
          return answers[0];
        };
        for (const f of ['f', 'g']) await all('POST', () => '', { '@type': 'Folder', id: f, title: f });
        await all('POST', () => '/f', { '@type': 'Document', id: 'd', title: 'D', text: { data: '<p>t</p>', 'content-type': 'text/html', encoding: 'utf-8' } });
        await all('POST', () => '/f', { '@type': 'Document', id: 'e', title: 'E' });
        await all('POST', () => '/f/@workflow/publish', {});
        let n = 0;
        const reads = async () => {
          for (const who of ['anonymous', 'admin'] as const)
            for (let i = 0; i < 3; i++) {
              const answers = [];
              for (const { call } of sites) answers.push(await call('GET', `/${folder}/${id}?n=${n}`, undefined, who));
              n++;
              expect(answers[0].status).toBe(answers[1].status);
              expect(answers[0].text).toBe(answers[1].text);
            }
        };
        await reads();
        for (const o of ops) {
          if (o.kind === 'edit') await all('PATCH', () => `/${folder}/${id}`, { title: o.title, text: { data: o.text, 'content-type': 'text/html', encoding: 'utf-8' } });
          else if (o.kind === 'rename' && o.id !== id) {
            await all('PATCH', () => `/${folder}/${id}`, { id: o.id });
            id = o.id;
          } else if (o.kind === 'move') {
            const to = folder === 'f' ? 'g' : 'f';
            await all('POST', () => `/${to}/@move`, { source: `http://localhost:8080/Plone/${folder}/${id}` });
            folder = to;
          } else if (o.kind === 'publish') await all('POST', () => `/${folder}/${id}/@workflow/publish`, {});
          else if (o.kind === 'lock') await all(o.on ? 'POST' : 'DELETE', () => `/${folder}/${id}/@lock`, {});
          else if (o.kind === 'share') await all('POST', () => `/${folder}/${id}/@sharing`, { entries: [{ id: 'AuthenticatedUsers', type: 'group', roles: { [o.role]: true } }] });
          else if (o.kind === 'field') await all('POST', () => '/@types/Document', { factory: 'label_textline_field', title: o.title, required: false });
          else if (o.kind === 'registry') await all('PATCH', () => '/@registry', { 'plone.disable_filtering': o.on });
          await reads();
        }
        runs++;
      }),
      { numRuns: 12 },
    );
    expect(runs).toBe(12);
  }, 120_000);
});
