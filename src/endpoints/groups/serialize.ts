// A group as the interface shows it (seed "Group", supplement 12): `roles` lists Authenticated
// for every group but the virtual one; `members` is batched.
import { AUTHENTICATED_GROUP } from '../../auth/membership.ts';
import type { ApiRequest } from '../../http/types.ts';
import { batch } from '../../serialize/batching.ts';
import type { Group, SiteState } from '../../state/model.ts';

export const groupUrl = (siteUrl: string, id: string) => `${siteUrl}/@groups/${id}`;

export function groupSummary(group: Group, siteUrl: string) {
  return {
    '@id': groupUrl(siteUrl, group.id),
    description: group.description,
    email: group.email,
    groupname: group.id,
    id: group.id,
    roles: group.id === AUTHENTICATED_GROUP ? [...group.roles] : [...group.roles, 'Authenticated'],
    title: group.title,
  };
}

export function serializeGroup(group: Group, req: ApiRequest, batched = true) {
  const members = [...group.members].sort();
  const page = batched
    ? batch(req, members.length, (s, e) => members.slice(s, e))
    : { items: members.slice(0, 25), items_total: members.length };
  return { ...groupSummary(group, req.url.siteUrl), members: { '@id': req.url.requestUrl, ...page } };
}

/** Every group, the virtual group of logged-in users last (as the group plugins enumerate them). */
export function allGroups(state: SiteState): Group[] {
  const groups = Object.values(state.groups);
  return [...groups.filter((g) => g.id !== AUTHENTICATED_GROUP), ...groups.filter((g) => g.id === AUTHENTICATED_GROUP)];
}
