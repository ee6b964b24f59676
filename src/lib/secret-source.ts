// Where secrets and unguessable values come from: signing secrets of login tokens and `__ac`
// tickets, token ids (`jti`), password-reset tokens. Normally the system's random generator;
// with --deterministic a seeded generator, so two servers answer the same requests with the same
// bytes. Each purpose draws from its own stream (`for`), so one purpose drawing more values
// never shifts another's.
import { createHmac, randomBytes } from 'node:crypto';

export interface SecretSource {
  /** `n` unpredictable (or, when seeded, reproducible) bytes. */
  bytes(n: number): Buffer;
  /** The stream of one purpose ('jwt-secret', 'jti', 'reset-token', ...). */
  for(purpose: string): SecretSource;
}

export const randomSecrets: SecretSource = {
  bytes: (n) => randomBytes(n),
  for: () => randomSecrets,
};

/** The seed of --deterministic: fixed, so every deterministic server draws the same values. */
export const DETERMINISTIC_SEED = 'cms-oracle --deterministic';

/** HMAC-SHA256(seed, block counter) blocks: the same seed gives the same sequence. */
export function seededSecrets(seed: string = DETERMINISTIC_SEED): SecretSource {
  let block = 0;
  let pending = Buffer.alloc(0);
  const streams = new Map<string, SecretSource>();
  return {
    bytes(n: number): Buffer {
      while (pending.length < n) pending = Buffer.concat([pending, createHmac('sha256', seed).update(String(block++)).digest()]);
      const out = pending.subarray(0, n);
      pending = pending.subarray(n);
      return Buffer.from(out);
    },
    for(purpose: string): SecretSource {
      let stream = streams.get(purpose);
      if (!stream) streams.set(purpose, (stream = seededSecrets(`${seed}/${purpose}`)));
      return stream;
    },
  };
}
