// Password hashing with scrypt (node:crypto): salted, cost parameters stored with the hash.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { keyedHash } from '../lib/keyed-hash.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

// N=2^14, r=8, p=1: ~30 ms on this class of machine, 16 MiB of memory per hash.
const N = 16384;
const R = 8;
const P = 1;
const LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Remembers passwords that verified, keyed by a keyed hash (lib/keyed-hash.ts) of (user,
 * password, stored hash), so that logging in again does not pay the hash each time; the password
 * is not kept. Changing a password changes the stored hash and so invalidates the entry.
 */
export class VerifiedCache {
  private readonly seen = new Map<string, true>();
  private readonly digest = keyedHash();
  constructor(private readonly max = 10000) {}

  private key(user: string, password: string, stored: string) {
    return this.digest(`${user}\0${password}\0${stored}`);
  }

  async verify(user: string, password: string, stored: string): Promise<boolean> {
    const k = this.key(user, password, stored);
    if (this.seen.has(k)) return true;
    const ok = await verifyPassword(password, stored);
    if (ok) {
      if (this.seen.size >= this.max) this.seen.clear();
      this.seen.set(k, true);
    }
    return ok;
  }
}
