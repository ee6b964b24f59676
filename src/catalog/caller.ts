// What a caller may see in search results: the allowedRolesAndUsers tokens (none for Managers)
// and, unless inactive content is allowed, the publication window at the request time (the rule
// of auth/publication.ts, which the tree listings apply too).
import type { Principal } from '../auth/principal.ts';
import { hasPermission } from '../auth/check.ts';
import { activeAt } from '../auth/publication.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { principalTokens } from './record.ts';

export interface CallerFilter {
  tokens: string[] | null;
  activeAt?: number;
}

/**
 * `showInactive`: the query asks for inactive content too (`show_inactive`, or a querystring row
 * that the caller's roles satisfy). Stricter than Plone: a bare `show_inactive` is honoured only
 * for callers who may list the context's contents ("List folder contents": the contents view),
 * so an anonymous visitor cannot lift an embargo by asking.
 */
export function callerFilter(state: SiteState, principal: Principal, now: string, showInactive: boolean, context?: ContentNode): CallerFilter {
  const tokens = principal.roles.includes('Manager') ? null : principalTokens(principal);
  const lifted = showInactive && (!context || hasPermission(state, principal, context, 'List folder contents'));
  return { tokens, activeAt: lifted ? undefined : activeAt(state, principal, now) };
}
