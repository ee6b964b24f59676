// The worker thread that filters long rich texts (src/serialize/safe-html.worker.mjs, found from
// the package root): lib/apart-worker.ts does the rest.
import { join } from 'node:path';
import { ApartWorker } from '../lib/apart-worker.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import type { FilterLists } from './safe-html-core.mjs';

export const WORKER_FILE = join(PACKAGE_ROOT, 'src', 'serialize', 'safe-html.worker.mjs');

export class FilterWorker {
  private readonly worker: ApartWorker<{ key: string; lists: FilterLists; html: string }, string>;

  constructor(file = WORKER_FILE) {
    this.worker = new ApartWorker(file);
  }

  /** `html` filtered with `lists` in the worker; undefined when there is no worker (filter in place). */
  filter(key: string, lists: FilterLists, html: string): Promise<string> | undefined {
    return this.worker.call({ key, lists, html });
  }

  /** Stops the worker (tests). */
  close(): Promise<void> {
    return this.worker.close();
  }
}
