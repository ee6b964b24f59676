// Public URLs of objects, built from the site URL of the request.
import type { ContentNode, SiteState } from '../state/model.ts';
import { pathOf } from '../state/select.ts';

/** Characters of ids that need no escaping (most ids): such a segment is its own encoding. */
const PLAIN = /^[A-Za-z0-9._~-]*$/;

const enc = (s: string) => (PLAIN.test(s) ? s : encodeURIComponent(s).replace(/%40/g, '@').replace(/%2B/g, '+'));

export function urlOf(state: SiteState, node: ContentNode, siteUrl: string): string {
  const path = pathOf(state, node);
  return path.length ? `${siteUrl}/${path.map(enc).join('/')}` : siteUrl;
}
