// The worker thread that filters long rich texts (src/serialize/safe-html.worker.mjs, plain
// JavaScript so that Node runs it without a TypeScript loader, from the sources and from the
// bundle alike: it is found from the package root). Started on first use, one per process, never
// keeping the process alive. If it cannot start or dies, `filter` answers undefined from then on
// and the caller filters in place.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import type { FilterLists } from './safe-html-core.mjs';

export const WORKER_FILE = join(PACKAGE_ROOT, 'src', 'serialize', 'safe-html.worker.mjs');

interface Waiting {
  resolve: (clean: string) => void;
  reject: (err: Error) => void;
}

export class FilterWorker {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly file = WORKER_FILE) {}

  private start(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(this.file, { execArgv: [] });
      worker.unref();
      worker.on('message', (m: { id: number; clean?: string; error?: string }) => {
        const w = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (!w) return;
        if (m.clean !== undefined) w.resolve(m.clean);
        else w.reject(new Error(m.error ?? 'filter failed'));
      });
      const fail = (err: unknown) => {
        this.broken = true;
        this.worker = undefined;
        for (const w of this.waiting.values()) w.reject(err instanceof Error ? err : new Error(String(err)));
        this.waiting.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`filter worker exited (${code})`)));
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** `html` filtered with `lists` in the worker; undefined when there is no worker (filter in place). */
  filter(key: string, lists: FilterLists, html: string): Promise<string> | undefined {
    const worker = this.start();
    if (!worker) return undefined;
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, key, lists, html });
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
