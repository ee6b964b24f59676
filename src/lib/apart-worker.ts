// A worker thread that does one kind of work apart from the server's thread (filtering long rich
// text, reading and scaling images), so that other callers are answered meanwhile. The worker's
// file is plain JavaScript (Node runs it without a TypeScript loader, from the sources and from
// the bundle alike). It is started on first use, one per kind, never keeping the process alive.
// It is asked {id, ...ask} and answers {id, answer} or {id, error}. If it cannot start or dies,
// `call` answers undefined from then on and the caller does the work in place.
import { Worker, type Transferable } from 'node:worker_threads';

/** The worker could not start or died: the work was not done (do it in place). */
export class WorkerUnavailable extends Error {}

interface Waiting<A> {
  resolve: (answer: A) => void;
  reject: (err: Error) => void;
}

export class ApartWorker<Ask extends object, Answer> {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting<Answer>>();

  constructor(private readonly file: string) {}

  private start(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(this.file, { execArgv: [] });
      worker.unref();
      worker.on('message', (m: { id: number; answer?: Answer; error?: string }) => {
        const w = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (!w) return;
        if (m.error === undefined) w.resolve(m.answer as Answer);
        else w.reject(new Error(m.error));
      });
      const fail = (err: unknown) => {
        this.broken = true;
        this.worker = undefined;
        const gone = new WorkerUnavailable(`worker ${this.file}: ${err instanceof Error ? err.message : String(err)}`);
        for (const w of this.waiting.values()) w.reject(gone);
        this.waiting.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`exited (${code})`)));
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** Whether there is a worker to ask (it is started if need be). */
  available(): boolean {
    return this.start() !== undefined;
  }

  /** The worker's answer to `ask`; undefined when there is no worker (do the work in place). */
  call(ask: Ask, transfer: readonly Transferable[] = []): Promise<Answer> | undefined {
    const worker = this.start();
    if (!worker) return undefined;
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...ask, id }, transfer);
    });
  }

  /** Stops the worker (tests). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.broken = true;
    if (worker) await worker.terminate();
  }
}
