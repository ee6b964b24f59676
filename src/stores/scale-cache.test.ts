import { describe, expect, it } from 'vitest';
import { ScaleCache, type ScaleEntry } from './scale-cache.ts';

const entry = (size: number): ScaleEntry => ({ bytes: new Uint8Array(size), contentType: 'image/png' });

describe('ScaleCache', () => {
  it('keeps the total bytes under the bound, evicting the least recently used', async () => {
    const cache = new ScaleCache(100);
    await cache.get('a', async () => entry(40));
    await cache.get('b', async () => entry(40));
    await cache.get('a', async () => entry(999)); // hit: 'a' becomes most recent
    await cache.get('c', async () => entry(40)); // 120 > 100: 'b' goes
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.bytes).toBe(80);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
  });

  it('does not keep an entry larger than the bound but still returns it', async () => {
    const cache = new ScaleCache(10);
    const got = await cache.get('big', async () => entry(11));
    expect(got.bytes.length).toBe(11);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('shares one job between concurrent first requests', async () => {
    const cache = new ScaleCache();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const make = async () => {
      runs++;
      await gate;
      return entry(5);
    };
    const all = Promise.all([cache.get('k', make), cache.get('k', make), cache.get('k', make)]);
    release();
    const [x, y, z] = await all;
    expect(runs).toBe(1);
    expect(x).toBe(y);
    expect(y).toBe(z);
    await cache.get('k', make);
    expect(runs).toBe(1);
  });

  it('forgets a failed job so the next request retries', async () => {
    const cache = new ScaleCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.has('k')).toBe(false);
    const ok = await cache.get('k', async () => entry(3));
    expect(ok.bytes.length).toBe(3);
  });
});
