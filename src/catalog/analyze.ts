// Text analysis for the full-text indexes: Lunr's tokenizer separator, trimmer, English stop-word
// filter and Porter stemmer (lunr's default pipeline), with a cache per raw word because the
// pipeline runs on every word of every document.
import lunr from 'lunr';

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

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** Plain text of an HTML fragment (tags dropped, common entities decoded). */
export function htmlToText(html: string): string {
  let out = html;
  if (/<(script|style)/i.test(out)) out = out.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  if (out.includes('<')) out = out.replace(/<[^>]+>/g, ' ');
  if (out.includes('&')) out = decodeEntities(out);
  return out;
}

function decodeEntities(text: string): string {
  // same result as six passes in the order nbsp, amp, lt, gt, quot, #39 ('&amp;lt;' -> '<'):
  // the last four cannot create one another, so they share one pass
  let out = text.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
  if (out.includes('&')) out = out.replace(/&(lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]);
  return out;
}
