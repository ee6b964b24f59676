// The worker thread that filters long rich texts (src/serialize/safe-html.worker.mjs, found from
// the package root): lib/apart-worker.ts does the rest.
import { join } from 'node:path';
import { ApartWorker } from '../lib/apart-worker.ts';
import { BIG_INPUT } from '../lib/turn.ts';
import { encodeInTurns } from '../lib/utf8-in-turns.ts';
import { EncodedString } from '../lib/json-pieces.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import type { FilterLists } from './safe-html-core.mjs';

export const WORKER_FILE = join(PACKAGE_ROOT, 'src', 'serialize', 'safe-html.worker.mjs');

export class FilterWorker {
  private readonly worker: ApartWorker<{ key: string; lists: FilterLists; html?: string; bytes?: Uint8Array }, string | { json: Uint8Array; length: number }>;

  constructor(file = WORKER_FILE) {
    this.worker = new ApartWorker(file);
  }

  /**
   * `html` filtered with `lists` in the worker; undefined when there is no worker (filter in
   * place). A text of a MiB or more is handed over as UTF-8 bytes encoded in turns, and its result
   * comes back as the bytes of its JSON literal (both moved, not copied: a copy of megabytes would
   * be one long step of this thread).
   */
  filter(key: string, lists: FilterLists, html: string): Promise<string | EncodedString> | undefined {
    if (html.length < BIG_INPUT) return this.worker.call({ key, lists, html }) as Promise<string> | undefined;
    if (!this.worker.available()) return undefined;
    return encodeInTurns(html)
      .then((bytes) => this.worker.call({ key, lists, bytes }, [bytes.buffer as ArrayBuffer]) ?? Promise.reject(new Error('filter worker gone')))
      .then((answer) => (typeof answer === 'string' ? answer : new EncodedString(answer.json, answer.length)));
  }

  /** Stops the worker (tests). */
  close(): Promise<void> {
    return this.worker.close();
  }
}
