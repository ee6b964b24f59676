// TUS uploads expire one hour after their last write, by the request clock.
import { describe, expect, it } from 'vitest';
import { TusStore } from './tus-uploads.ts';

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes)).toISOString();

describe('TusStore', () => {
  it('forgets an upload an hour after its last write', () => {
    const store = new TusStore();
    const upload = store.create('u1', 'create', 4, {}, at(0));
    expect(store.get('u1', at(59))).toBe(upload);
    store.append(upload, new Uint8Array([1, 2]), at(30));
    expect(store.get('u1', at(89))).toBe(upload);
    expect(store.get('u1', at(90))).toBeUndefined();
  });

  it('hands over the bytes once, in order', () => {
    const store = new TusStore();
    const upload = store.create('u2', 'replace', 3, {}, at(0));
    store.append(upload, new Uint8Array([1]), at(1));
    store.append(upload, new Uint8Array([2, 3]), at(2));
    expect([...store.take(upload)]).toEqual([1, 2, 3]);
    expect(store.get('u2', at(3))).toBeUndefined();
  });
});
