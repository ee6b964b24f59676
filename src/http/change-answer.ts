// How a write's answer carries its change: the caller who asked (request header
// X-CMS-Oracle-Changes) and may read changes gets the change's number in X-CMS-Oracle-Change
// (the explorer then reads it at /++dev++/changes/<seq>); --trace reads it from the answer.
import type { Principal } from '../auth/principal.ts';
import type { ApiResponse } from './types.ts';
import type { SiteState } from '../state/model.ts';
import { parseBoolean } from '../domain/query.ts';
import { ASK_HEADER, CHANGE_HEADER, type ChangeEvent, type ChangeFeed } from '../changes/feed.ts';

/** The caller asked to see the change of this write, and may. */
export function showChange(feed: ChangeFeed | undefined, state: SiteState, principal: Principal, headers: Headers): boolean {
  const asked = headers.get(ASK_HEADER);
  return !!feed && asked !== null && parseBoolean(asked) === true && feed.allows(state, principal);
}

export function withChange(answer: ApiResponse, change: ChangeEvent | undefined, shown: boolean): ApiResponse {
  if (!change) return answer;
  return shown ? { ...answer, change, headers: { ...answer.headers, [CHANGE_HEADER]: String(change.seq) } } : { ...answer, change };
}
