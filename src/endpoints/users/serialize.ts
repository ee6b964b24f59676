// A user as the interface shows it (seed "User", supplement 11.2): empty strings as null,
// `roles` = global roles including those from groups, `groups` = every group, nested included.
import { AUTHENTICATED_GROUP, effectiveRoles, groupsOf } from '../../auth/membership.ts';
import { AUTOMATIC_ROLES } from '../../auth/roles.ts';
import type { ApiRequest } from '../../http/types.ts';
import { DEFAULT_BATCH_SIZE } from '../../serialize/batching.ts';
import type { SiteState, User } from '../../state/model.ts';
import { own } from '../../lib/records.ts';


const nul = (s: string) => (s ? s : null);
export const userUrl = (siteUrl: string, id: string) => `${siteUrl}/@users/${id}`;
export const portraitUrl = (siteUrl: string, id: string) => `${siteUrl}/@portrait/${id}`;

/** Global roles shown for a user: its own and its groups', without the automatic ones, sorted. */
export function shownRoles(state: SiteState, user: User): string[] {
  return effectiveRoles(state, user.roles, groupsOf(state, user.id))
    .filter((r) => !AUTOMATIC_ROLES.has(r))
    .sort();
}

export function userGroups(state: SiteState, user: User): { id: string; title: string }[] {
  const groups = groupsOf(state, user.id).map((id) => ({ id, title: own(state.groups, id)?.title || id }));
  return [...groups, { id: AUTHENTICATED_GROUP, title: AUTHENTICATED_GROUP }].sort((a, b) => a.title.localeCompare(b.title));
}

/** User summary: everything but `groups` (@principals). */
export function userSummary(state: SiteState, user: User, siteUrl: string) {
  return {
    '@id': userUrl(siteUrl, user.id),
    description: nul(user.description),
    email: nul(user.email),
    fullname: nul(user.fullname),
    home_page: nul(user.home_page),
    id: user.id,
    location: nul(user.location),
    portrait: user.portrait ? portraitUrl(siteUrl, user.id) : null,
    roles: shownRoles(state, user),
    username: user.username,
  };
}

export function serializeUser(state: SiteState, user: User, req: ApiRequest) {
  const groups = userGroups(state, user);
  return {
    ...userSummary(state, user, req.url.siteUrl),
    groups: { '@id': req.url.requestUrl, items: groups.slice(0, DEFAULT_BATCH_SIZE), items_total: groups.length },
  };
}
