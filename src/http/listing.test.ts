import { describe, expect, it } from 'vitest';
import { jsonListing } from './listing.ts';
import { FEW_ITEMS } from '../lib/turn.ts';
import { joinPieces, LONG_STRING } from '../lib/json-pieces.ts';

const shapeOf = (items: unknown[]) => ({ '@id': 'http://x/@search', items, items_total: items.length, note: '@@items- is only text' });

describe('listing answers', () => {
  it('a few items: the body at once, no JSON text of its own', () => {
    const r = jsonListing({ page: [1, 2], render: (n) => ({ n }), shape: shapeOf });
    expect(r).not.toBeInstanceOf(Promise);
    expect(r).toEqual({ status: 200, body: shapeOf([{ n: 1 }, { n: 2 }]), headers: undefined });
  });

  it('many items: made in turns; the JSON text, in parts (one per item), is exactly JSON.stringify of the body', async () => {
    const page = Array.from({ length: FEW_ITEMS * 3 }, (_, i) => i);
    const render = (n: number) => ({ n, text: `"quoted" $& $1 ${n}`, nested: { items: [n] } });
    const pending = jsonListing({ page, render, shape: shapeOf });
    expect(pending).toBeInstanceOf(Promise);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.jsonParts!.join('')).toBe(JSON.stringify(shapeOf(page.map(render))));
    expect(r.body).toEqual(shapeOf(page.map(render)));
    expect(r.jsonParts!.length).toBe(FEW_ITEMS * 3 + 2);
    expect(JSON.parse(r.jsonParts!.join('')).items).toHaveLength(FEW_ITEMS * 3);
  });

  it('an item holding a long string keeps it apart, unescaped, to be escaped as it is sent', async () => {
    const long = '"<p>\\'.repeat(LONG_STRING / 4) + 'é😀';
    const page = Array.from({ length: FEW_ITEMS * 2 }, (_, i) => i);
    const render = (n: number) => ({ n, text: { data: n === 7 ? long : 'short' } });
    const r = await jsonListing({ page, render, shape: shapeOf });
    expect(r.jsonParts!.filter((p) => typeof p !== 'string')).toEqual([{ value: long }]);
    expect(joinPieces(r.jsonParts!)).toBe(JSON.stringify(shapeOf(page.map(render))));
    expect((r.body as { items: { text: { data: string } }[] }).items[7].text.data).toBe(long);
  });
});
