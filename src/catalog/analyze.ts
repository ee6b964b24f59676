// Text analysis for the full-text indexes: Lunr's tokenizer separator, trimmer, English stop-word
// filter and Porter stemmer (lunr's default pipeline), with a cache per raw word because the
// pipeline runs on every word of every document.
import lunr from 'lunr';
import { Parser } from 'htmlparser2';

export const SEPARATOR = lunr.tokenizer.separator; // /[\s\-]+/
const cache = new Map<string, string | null>();
const CACHE_LIMIT = 500_000;

function runPipeline(word: string): string | null {
  let token: lunr.Token | undefined = new lunr.Token(word, {});
  token = lunr.trimmer(token) as lunr.Token | undefined;
  if (!token || !token.toString()) return null;
  token = lunr.stopWordFilter(token) as lunr.Token | undefined;
  if (!token) return null;
  token = lunr.stemmer(token) as lunr.Token | undefined;
  const out = token?.toString() ?? '';
  return out ? out : null;
}

/**
 * termOf without the cache, for a caller that keeps its own per raw word (termdict.ts: the
 * catalog's raw words would otherwise be held twice, ~36 B per object at 100,000 documents).
 */
export const termOfUncached = (word: string): string | null => runPipeline(word.toLowerCase());

/** The index term of one raw word (stemmed), or null for stop words and punctuation. */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  let term = cache.get(lower);
  if (term === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    term = runPipeline(lower);
    cache.set(lower, term);
  }
  return term;
}

/** Terms of a text, in order (stop words dropped). */
export function analyze(text: string): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (const word of text.split(SEPARATOR)) {
    if (!word) continue;
    const term = termOf(word);
    if (term) out.push(term);
  }
  return out;
}

/** Normalise a prefix/glob word the way the index stores terms, without stemming. */
export function normalizeGlob(word: string): string {
  return word.toLowerCase().replace(/^[^\w*?]+/, '').replace(/[^\w*?]+$/, '');
}

/** Plain text of an HTML fragment for indexing: text and attribute-free, the content of script and
 * style elements dropped, every entity decoded (htmlparser2's tokenizer, the one sanitize-html uses). */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const parts: string[] = [];
  let skipped = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script' || name === 'style') skipped++;
        parts.push(' ');
      },
      onclosetag(name) {
        if ((name === 'script' || name === 'style') && skipped > 0) skipped--;
        parts.push(' ');
      },
      ontext(text) {
        if (skipped === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}
