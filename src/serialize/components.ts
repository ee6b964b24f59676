// `@components` of an object: each endpoint family's component (services.extensions.components)
// appears as {@id} and is embedded when named in `expand`.
import { isDraft } from 'immer';
import type { Principal } from '../auth/principal.ts';
import type { ApiRequest, Component, Services } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { all, listParam } from '../domain/query.ts';
import { urlOf } from '../domain/urls.ts';
import { responseLanguage } from '../i18n/translate.ts';

/** The names of each `expand` value seen (a page load asks with the same one every time), at most this many. */
const MAX_EXPAND_VALUES = 256;
const namesOf = new Map<string, ReadonlySet<string>>();

export function expandedNames(req: ApiRequest): ReadonlySet<string> {
  const values = all(req.query, 'expand');
  if (values.length !== 1) return new Set(listParam(req.query, 'expand'));
  let names = namesOf.get(values[0]);
  if (!names) {
    if (namesOf.size >= MAX_EXPAND_VALUES) namesOf.clear();
    namesOf.set(values[0], (names = new Set(listParam(req.query, 'expand'))));
  }
  return names;
}

/** Expansions kept per (state, caller), at most (then forgotten all at once). */
const MAX_EXPANSIONS = 512;

/**
 * Expansions of components that declare what they read (Component.reads), per state object and
 * caller: a page load expands the same navigation, actions, types and workflow for every object
 * of a state. Both keys are immutable; the rest of the key is the context, the site URL, the
 * language and what the component reads. Kept answers are frozen: they are shared by answers.
 */
const expansions = new WeakMap<SiteState, WeakMap<Principal, Map<string, unknown>>>();

/** The kept expansions (deep-frozen: their JSON text never changes; http/answer-text.ts makes it once). */
const shared = new WeakSet<object>();

/** Whether `value` is a kept expansion, deep-frozen. */
export const isSharedExpansion = (value: object): boolean => shared.has(value);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function expand(state: SiteState, component: Component, req: ApiRequest, services: Services): unknown {
  if (!component.reads || isDraft(state)) return component.expand(state, req, services);
  let byCaller = expansions.get(state);
  if (!byCaller) expansions.set(state, (byCaller = new WeakMap()));
  let kept = byCaller.get(req.principal);
  if (!kept) byCaller.set(req.principal, (kept = new Map()));
  const key = `${component.name}\u0000${req.context.uid}\u0000${req.url.siteUrl}\u0000${responseLanguage(state, req)}\u0000${component.reads(req)}`;
  if (kept.has(key)) return kept.get(key);
  const value = deepFreeze(component.expand(state, req, services));
  if (value && typeof value === 'object') shared.add(value);
  if (kept.size >= MAX_EXPANSIONS) kept.clear();
  kept.set(key, value);
  return value;
}

export function components(state: SiteState, node: ContentNode, req: ApiRequest, services: Services): Record<string, unknown> {
  const url = urlOf(state, node, req.url.siteUrl);
  const wanted = expandedNames(req);
  const out: Record<string, unknown> = {};
  for (const [name, component] of services.extensions.components) {
    if (component.present && !component.present(state, node, req)) continue;
    const link = component.link?.(url, req) ?? `${url}/@${name}`;
    out[name] = wanted.has(name) ? expand(state, component, req.context === node ? req : { ...req, context: node }, services) : { '@id': link };
  }
  return out;
}
