// Keys of in-memory caches that stand for secrets (credentials): SHA-256 of a secret drawn at
// random for each hasher, followed by the text. Without the secret, which never leaves the
// process, a key can neither be turned back into its text nor found by hashing guesses; the
// text itself is never kept. (One-shot `crypto.hash`: a fifth of the cost of an HMAC object.)
import { hash, randomBytes } from 'node:crypto';

export type KeyedHash = (text: string) => string;

export function keyedHash(): KeyedHash {
  const secret = randomBytes(32).toString('base64');
  return (text) => hash('sha256', secret + text, 'base64');
}
