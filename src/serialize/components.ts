// `@components` of an object: each endpoint family's component (services.extensions.components)
// appears as {@id} and is embedded when named in `expand`.
import { isDraft } from 'immer';
import type { Principal } from '../auth/principal.ts';
import type { ApiRequest, Component, Services } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { all, has, listParam } from '../domain/query.ts';
import { urlOf } from '../domain/urls.ts';
import { responseLanguage } from '../i18n/translate.ts';
import { keep } from './kept.ts';

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
 * language and what the component reads. Kept answers are frozen: they are shared by answers
 * (kept.ts).
 */
const expansions = new WeakMap<SiteState, WeakMap<Principal, Map<string, unknown>>>();


function expand(state: SiteState, component: Component, req: ApiRequest, services: Services): unknown {
  if (!component.reads || isDraft(state)) return component.expand(state, req, services);
  let byCaller = expansions.get(state);
  if (!byCaller) expansions.set(state, (byCaller = new WeakMap()));
  let kept = byCaller.get(req.principal);
  if (!kept) byCaller.set(req.principal, (kept = new Map()));
  const key = `${component.name}\u0000${req.context.uid}\u0000${req.url.siteUrl}\u0000${responseLanguage(state, req)}\u0000${component.reads(req)}`;
  if (kept.has(key)) return kept.get(key);
  const value = keep(component.expand(state, req, services));
  if (kept.size >= MAX_EXPANSIONS) kept.clear();
  kept.set(key, value);
  return value;
}

/** Objects' URLs whose links-only @components are kept (per components table), at most (then forgotten all at once). */
const MAX_LINK_RECORDS = 4096;

/**
 * The links-only @components of an object (nothing expanded), per components table, object URL
 * and which components are present (a bit each): the same links for every read of that
 * object, kept frozen and shared (their JSON text is made once, http/answer-text.ts). A present
 * component with a link of its own (made from the request) is not kept. Only reads keep them:
 * the answer of a write (a POST's new object, answered once) would keep ~2.5 KB per write (the
 * record, its text, their places) that outlive young-generation collections, to be dropped later.
 */
const linkRecords = new WeakMap<ReadonlyMap<string, Component>, Map<string, Map<number, Record<string, unknown>>>>();

function linksOnly(table: ReadonlyMap<string, Component>, present: number, url: string, req: ApiRequest): Record<string, unknown> {
  let byUrl = linkRecords.get(table);
  if (!byUrl) linkRecords.set(table, (byUrl = new Map()));
  let byPresent = byUrl.get(url);
  let record = byPresent?.get(present);
  if (record) return record;
  record = {};
  let bit = 1;
  for (const [name, component] of table) {
    if (present & bit) record[name] = { '@id': component.link?.(url, req) ?? `${url}/@${name}` };
    bit *= 2;
  }
  keep(record);
  if (!byPresent) {
    if (byUrl.size >= MAX_LINK_RECORDS) byUrl.clear();
    byUrl.set(url, (byPresent = new Map()));
  }
  byPresent.set(present, record);
  return record;
}

export function components(state: SiteState, node: ContentNode, req: ApiRequest, services: Services): Record<string, unknown> {
  const url = urlOf(state, node, req.url.siteUrl);
  // most requests name no expansion (a write's answer, a read without it): no set of names made
  const wanted = has(req.query, 'expand') ? expandedNames(req) : undefined;
  const table = services.extensions.components;
  if (!wanted?.size && table.size <= 30 && req.method === 'GET') {
    // which components are present, a bit each; a present one with a link of its own is not kept
    let present = 0;
    let bit = 1;
    let kept = true;
    for (const component of table.values()) {
      if (!component.present || component.present(state, node, req)) {
        present |= bit;
        if (component.link) kept = false;
      }
      bit *= 2;
    }
    if (kept) return linksOnly(table, present, url, req);
  }
  const out: Record<string, unknown> = {};
  for (const [name, component] of table) {
    if (component.present && !component.present(state, node, req)) continue;
    const link = component.link?.(url, req) ?? `${url}/@${name}`;
    out[name] = wanted?.has(name) ? expand(state, component, req.context === node ? req : { ...req, context: node }, services) : { '@id': link };
  }
  return out;
}
