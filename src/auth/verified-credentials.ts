// HTTP Basic credentials that verified, so that a client sending them with every request (the
// acceptance suites, scripts, CI) does not pay for decoding and checking them each time. An entry
// is found by a keyed hash of the Authorization header (lib/keyed-hash.ts): neither the header nor
// the password is kept. It records what the check found (login name, user id, the stored password
// hash it verified against) and is used only while those still hold on the request's state: the
// login names the same user, whose stored hash is the same. A changed password (or a reset site,
// or a removed or renamed user) makes it fail that test and it is dropped; roles and groups are
// read from the state on every request, never from here.
export interface VerifiedLogin {
  login: string;
  userId: string;
  stored: string;
}

export class VerifiedCredentials {
  private readonly entries = new Map<string, VerifiedLogin>();
  constructor(private readonly max = 10_000) {}

  get(key: string): VerifiedLogin | undefined {
    return this.entries.get(key);
  }

  set(key: string, login: VerifiedLogin): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, login);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
