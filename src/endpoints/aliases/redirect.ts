// Requests to a path that no longer resolves but has an alias (supplement 1.4): 302 for GET
// (and HEAD), 307 for any other method; the longest aliased prefix is replaced, the rest of the
// path, the service or view and the query string are kept, ++api++ is put back if it was used.
import type { ApiResponse } from '../../http/types.ts';
import type { ParsedUrl } from '../../http/parse-url.ts';
import type { SiteState } from '../../state/model.ts';
import { pathOf } from '../../state/select.ts';
import { findRedirect } from './store.ts';

const enc = (s: string) => encodeURIComponent(s).replace(/%40/g, '@').replace(/%2B/g, '+').replace(/%3A/g, ':');

export function aliasRedirect(state: SiteState, url: ParsedUrl, method: string): ApiResponse | undefined {
  const found = findRedirect(state, url.contentPath);
  if (!found) return undefined;
  const tail = url.endpoint ? [url.endpoint, ...url.params] : url.view ? [url.view, ...url.viewParams] : [];
  const segments = [...(url.api ? ['++api++'] : []), ...pathOf(state, found.node), ...found.rest, ...tail];
  const search = url.requestUrl.slice(url.requestPath.length);
  const location = url.siteUrl + (segments.length ? '/' + segments.map(enc).join('/') : '') + search;
  return { status: method === 'GET' || method === 'HEAD' ? 302 : 307, headers: { Location: location } };
}
