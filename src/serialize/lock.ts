// Lock information of an object as the interface shows it (seed "Lock").
import type { ApiRequest } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { formatDate } from './dates.ts';
import { own } from '../lib/records.ts';

export function activeLock(node: ContentNode, now: string) {
  const lock = node.lock;
  if (!lock) return undefined;
  const expires = Date.parse(lock.created) + lock.timeout * 1000;
  return Date.parse(now) < expires ? lock : undefined;
}

export function lockInfo(state: SiteState, node: ContentNode, req: ApiRequest): Record<string, unknown> {
  const lock = activeLock(node, req.now);
  if (!lock) return { locked: false, stealable: true };
  const user = own(state.users, lock.creator);
  return {
    created: formatDate(lock.created),
    creator: lock.creator,
    creator_name: user?.fullname || lock.creator,
    creator_url: `${req.url.siteUrl}/author/${lock.creator}`,
    locked: true,
    name: lock.type ?? 'plone.locking.stealable',
    // Whether the caller could remove it: always for the owner, else unless non-stealable; a
    // check-out's lock never.
    stealable: !lock.type && (lock.stealable || lock.creator === req.principal.id),
    time: Date.parse(lock.created) / 1000,
    timeout: lock.timeout,
    token: lock.token,
  };
}
