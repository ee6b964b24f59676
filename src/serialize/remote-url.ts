// A Link's `remoteUrl` as Plone answers it (supplement 8.1 and 10.2): internal targets stored as
// `${portal_url}/resolveuid/<uid>` (or any relative `…/resolveuid/<uid>`) become the target's URL;
// the link variables `${navigation_root_url}` and `${portal_url}` are expanded against the site the
// request came through. The stored value (and the `getRemoteUrl` column) stays as written.
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { navigationRoot } from '../domain/navigation-root.ts';
import { urlOf } from '../domain/urls.ts';

const PORTAL = '${portal_url}';
const NAVROOT = '${navigation_root_url}';
/** `<prefix>resolveuid/<uid><rest>`: prefix empty, a variable, or a relative path. */
const RESOLVE_UID = /^(.*?)(?:^|\/)resolveuid\/([^/?#]+)(.*)$/;

const isInternalPrefix = (prefix: string, siteUrl: string) =>
  prefix === '' || prefix === PORTAL || prefix === NAVROOT || prefix === siteUrl || !/^[a-z][a-z0-9+.-]*:/i.test(prefix);

export function resolvedRemoteUrl(state: SiteState, link: ContentNode, stored: string, siteUrl: string): string {
  const ref = RESOLVE_UID.exec(stored);
  if (ref && isInternalPrefix(ref[1], siteUrl)) {
    const target = getNode(state, ref[2]);
    if (target) return urlOf(state, target, siteUrl) + ref[3];
    return stored.replace(PORTAL, '');
  }
  let out = stored;
  if (out.includes(NAVROOT)) out = out.split(NAVROOT).join(urlOf(state, navigationRoot(state, link), siteUrl));
  if (out.includes(PORTAL)) out = out.split(PORTAL).join(siteUrl);
  return out;
}
