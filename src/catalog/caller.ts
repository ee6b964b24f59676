// What a caller may see in search results: the allowedRolesAndUsers tokens (none for Managers)
// and, unless inactive content is allowed, the publication window at the request time.
import type { Principal } from '../auth/principal.ts';
import { hasPermission } from '../auth/check.ts';
import type { SiteState } from '../state/model.ts';
import { rootOf } from '../state/select.ts';
import { principalTokens } from './record.ts';

export interface CallerFilter {
  tokens: string[] | null;
  activeAt?: number;
}

export function callerFilter(state: SiteState, principal: Principal, now: string, showInactive: boolean): CallerFilter {
  const tokens = principal.roles.includes('Manager') ? null : principalTokens(principal);
  const inactiveOk = showInactive || hasPermission(state, principal, rootOf(state), 'Access inactive portal content');
  return { tokens, activeAt: inactiveOk ? undefined : Date.parse(now) };
}
