// The signing secrets of login tokens. Generated randomly on first use and kept in
// `<data-dir>/jwt-secret` (mode 0600) when there is a data dir, else in memory only. Never put in
// the site state, a response, a log line or a fixture.
//
// Two kinds, as in the JWT plugin (supplement 29.2): one per-plugin secret (keyring off), and a
// keyring of RING_SIZE secrets (keyring on) whose first entry signs and all of which verify;
// rotating it pushes a fresh secret in front and drops the oldest, so tokens signed with an old
// secret stay valid until it leaves the ring.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecrets, type SecretSource } from '../lib/secret-source.ts';

export const RING_SIZE = 5;

interface SecretsFile {
  secret: string;
  keyring: string[];
  /** When the keyring last rotated, seconds since the epoch. */
  rotated: number;
}

function valid(data: unknown): data is SecretsFile {
  const d = data as SecretsFile;
  return (
    !!d &&
    typeof d.secret === 'string' &&
    d.secret.length >= 32 &&
    Array.isArray(d.keyring) &&
    d.keyring.length > 0 &&
    d.keyring.every((k) => typeof k === 'string' && k.length >= 32) &&
    typeof d.rotated === 'number'
  );
}

export class TokenSecrets {
  private data: SecretsFile;
  private readonly file?: string;

  private readonly fresh: () => string;

  /**
   * `dataDir` undefined: secrets live in memory and die with the process. `source`: where new
   * secrets come from (seeded with --deterministic, which then keeps no file either).
   */
  constructor(dataDir?: string, nowSeconds = 0, source: SecretSource = randomSecrets) {
    this.fresh = () => source.bytes(32).toString('hex');
    this.file = dataDir ? join(dataDir, 'jwt-secret') : undefined;
    const loaded = this.file ? this.load(this.file) : undefined;
    this.data = loaded ?? { secret: this.fresh(), keyring: Array.from({ length: RING_SIZE }, this.fresh), rotated: nowSeconds };
    if (!loaded) this.save();
  }

  private load(file: string): SecretsFile | undefined {
    if (!existsSync(file)) return undefined;
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    try {
      const data = JSON.parse(readFileSync(file, 'utf8'));
      return valid(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(join(this.file, '..'), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  signingKey(useKeyring: boolean): string {
    return useKeyring ? this.data.keyring[0] : this.data.secret;
  }

  verifyingKeys(useKeyring: boolean): readonly string[] {
    return useKeyring ? this.data.keyring : [this.data.secret];
  }

  get lastRotation(): number {
    return this.data.rotated;
  }

  /** How many times the keyring rotated in this process (answers cached per token depend on it). */
  generation = 0;

  /** The secrets now, for rollback() (the site's keyring comes back with the site, as in Plone). */
  mark(): object {
    return this.data;
  }

  rollback(mark: object): void {
    if (mark === this.data) return;
    this.data = mark as SecretsFile;
    this.generation += 1;
    this.save();
  }

  /** Push a fresh secret in front of the keyring, dropping the oldest. */
  rotate(nowSeconds: number): void {
    this.generation += 1;
    this.data = { ...this.data, keyring: [this.fresh(), ...this.data.keyring].slice(0, RING_SIZE), rotated: nowSeconds };
    this.save();
  }

  /** Does `text` contain any secret? (for tests that look for leaks) */
  leaksInto(text: string): boolean {
    return [this.data.secret, ...this.data.keyring].some((s) => text.includes(s) || text.includes(Buffer.from(s).toString('base64')));
  }
}
