// The publication window (effective .. expires) and who may see content outside it: one rule for
// the catalog (its search filter) and for every listing built from the tree (folder `items`,
// navigation, breadcrumbs, previous/next item). A caller without "Access inactive portal content"
// (on the site, or on every object the listing is scoped to: Plone's `allow_inactive`) is shown
// only objects whose window holds the request time. Reading an object by its URL is not a listing:
// it needs View only, as in Plone.
import type { ContentNode, SiteState } from '../state/model.ts';
import { rootOf } from '../state/select.ts';
import { canView, hasPermission } from './check.ts';
import type { Principal } from './principal.ts';

export const ACCESS_INACTIVE = 'Access inactive portal content';

/** Milliseconds of a stored date, or null when unset or unreadable. */
export const toMs = (v: unknown): number | null => {
  if (typeof v !== 'string' || !v) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};

export interface PublicationWindow {
  /** effective (ms), -Infinity when unset */
  eff: number;
  /** expires (ms), +Infinity when unset */
  exp: number;
}

export function publicationWindow(fields: Record<string, unknown>): PublicationWindow {
  return { eff: toMs(fields.effective) ?? -Infinity, exp: toMs(fields.expires) ?? Infinity };
}

/** The window holds the moment `at` (ms). */
export const inWindow = (w: PublicationWindow, at: number) => w.eff <= at && at <= w.exp;

/**
 * The moment (ms) listings for this caller are filtered by, or undefined when the caller may see
 * inactive content: site-wide, or on every object of `scope` (the folders a listing is about).
 */
export function activeAt(state: SiteState, principal: Principal, now: string, scope: readonly ContentNode[] = []): number | undefined {
  if (hasPermission(state, principal, rootOf(state), ACCESS_INACTIVE)) return undefined;
  if (scope.length && scope.every((node) => hasPermission(state, principal, node, ACCESS_INACTIVE))) return undefined;
  return Date.parse(now);
}

/** A listing may show `node`: the caller may View it, and it is inside its window unless `at` is undefined. */
export const isListed = (state: SiteState, principal: Principal, node: ContentNode, at: number | undefined) =>
  (at === undefined || inWindow(publicationWindow(node.fields), at)) && canView(state, principal, node);

/** `isListed` as a filter for one listing. */
export const listable = (state: SiteState, principal: Principal, at: number | undefined) => (node: ContentNode) =>
  isListed(state, principal, node, at);
