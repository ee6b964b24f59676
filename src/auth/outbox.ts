// Mail the server would send (password-reset links). Kept in memory only — never logged, since
// a reset link is a credential; tests and a future mail gateway read it from here.
export interface Mail {
  to: string;
  subject: string;
  body: string;
  time: string;
}

export class Outbox {
  readonly messages: Mail[] = [];
  constructor(private readonly max = 200) {}

  /** The messages now (bounded: a copy), for rollback(). */
  mark(): Mail[] {
    return [...this.messages];
  }

  rollback(mark: Mail[]): void {
    this.messages.splice(0, this.messages.length, ...mark);
  }

  send(mail: Mail): void {
    this.messages.push(mail);
    if (this.messages.length > this.max) this.messages.shift();
  }
}
