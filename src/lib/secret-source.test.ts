import { describe, expect, it } from 'vitest';
import { randomSecrets, seededSecrets } from './secret-source.ts';

describe('secret sources', () => {
  it('a seeded source repeats its sequence, per purpose, whatever the chunk sizes', () => {
    const a = seededSecrets();
    const b = seededSecrets();
    const first = Buffer.concat([a.for('jti').bytes(9), a.for('jti').bytes(40)]);
    expect(Buffer.concat([b.for('jti').bytes(20), b.for('jti').bytes(29)])).toEqual(first);
    // another purpose is another stream, and drawing from it does not move the first
    expect(a.for('jwt-secret').bytes(49)).not.toEqual(first);
    expect(a.for('jti').bytes(8)).toEqual(seededSecrets().for('jti').bytes(57).subarray(49));
  });

  it('another seed gives other bytes; the random source never repeats', () => {
    expect(seededSecrets('x').bytes(32)).not.toEqual(seededSecrets('y').bytes(32));
    expect(randomSecrets.for('jti').bytes(32)).not.toEqual(randomSecrets.for('jti').bytes(32));
  });
});
