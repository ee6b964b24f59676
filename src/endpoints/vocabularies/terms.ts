// Vocabulary terms (seed "Vocabulary term") and the answer every term list gets (supplement 16.2
// and 3): title/token/tokens filters, `sort_on=title`, batching, `b_size=-1` for all terms.
import type { ApiRequest } from '../../http/types.ts';
import { all, first, has } from '../../domain/query.ts';
import { ApiError } from '../../lib/errors.ts';
import { batch, canonicalUrl } from '../../serialize/batching.ts';

export interface Term {
  token: string;
  title: string;
}

/** A term; the title falls back to the token. */
export const term = (token: string, title?: string | null): Term => ({ title: title || token, token });

/** Terms from [token, title] pairs. */
export const termsOf = (pairs: readonly (readonly [string, string?])[]): Term[] => pairs.map(([token, title]) => term(token, title));

/** Terms whose token is their title. */
export const plainTerms = (tokens: readonly string[]): Term[] => tokens.map((t) => term(t));

export const byTitle = (a: Term, b: Term) => {
  const x = a.title.toLowerCase();
  const y = b.title.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The service-shaped 400 of the vocabulary endpoints. */
export const invalidParameters = (message: string) => new ApiError(400, 'Invalid parameters', message, 'service');

/** Apply `title`, `token`, `tokens` and `sort_on=title` of the request. */
export function filterTerms(req: ApiRequest, terms: Term[]): Term[] {
  const title = first(req.query, 'title');
  const token = first(req.query, 'token');
  if (title && token) throw invalidParameters('You can not filter by title and token at the same time.');
  let out = terms;
  if (token) out = out.filter((t) => t.token.toLowerCase() === token.toLowerCase());
  else if (has(req.query, 'tokens')) {
    const wanted = new Set(all(req.query, 'tokens').map((t) => t.toLowerCase()));
    out = out.filter((t) => wanted.has(t.token.toLowerCase()));
  } else if (title) {
    const needle = title.toLowerCase();
    out = out.filter((t) => t.title.toLowerCase().includes(needle));
  }
  if (first(req.query, 'sort_on') === 'title') out = [...out].sort(byTitle);
  return out;
}

const wantsAll = (req: ApiRequest) => first(req.query, 'b_size')?.trim() === '-1';

/** `{@id, items, items_total}` (+ `batching`); `b_size=-1` gives every term (items_total kept, decision C18). */
export function termsBody(req: ApiRequest, terms: Term[]): Record<string, unknown> {
  const id = canonicalUrl(req);
  if (wantsAll(req)) return { '@id': id, items: terms, items_total: terms.length };
  const page = batch(req, terms.length, (start, end) => terms.slice(start, end));
  return { '@id': id, ...page };
}
