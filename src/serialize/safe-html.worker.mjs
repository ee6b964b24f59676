// The safe-HTML filter's worker thread (src/serialize/filter-worker.ts): filters long rich texts
// so that the server's thread keeps answering meanwhile. Asked {id, key, lists, html or bytes}; answers
// {id, answer: clean} (asked html), {id, answer: {json, length}} (asked bytes) or {id, error}
// (src/lib/apart-worker.ts).
import { parentPort } from 'node:worker_threads';
import sanitizeHtml from 'sanitize-html';
import { sanitizeOptions } from './safe-html-core.mjs';

const optionsByKey = new Map();

parentPort.on('message', ({ id, key, lists, html, bytes }) => {
  try {
    let options = optionsByKey.get(key);
    if (!options) {
      if (optionsByKey.size >= 8) optionsByKey.clear();
      optionsByKey.set(key, (options = sanitizeOptions(lists)));
    }
    if (html !== undefined) {
      parentPort.postMessage({ id, answer: sanitizeHtml(html, options) });
      return;
    }
    // A long text comes as UTF-8 bytes (src/serialize/filter-worker.ts) and goes back as the bytes
    // of its JSON literal, moved: a string answer of megabytes would be copied into the server's
    // heap in one step.
    const clean = sanitizeHtml(new TextDecoder().decode(bytes), options);
    const json = new TextEncoder().encode(JSON.stringify(clean));
    parentPort.postMessage({ id, answer: { json, length: clean.length } }, [json.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
