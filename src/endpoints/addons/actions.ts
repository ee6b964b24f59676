// Reducers of the add-on state table (seed: Add-on): install, uninstall, upgrade, import.
import type { Draft } from 'immer';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import type { AddonHook, RequestContext } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { installedAddons, type AddonDef } from './catalog.ts';
import { recordOf } from '../../lib/records.ts';

/** The families' add-on hooks by add-on id (services.extensions.addons): their effects of (un)installing. */
export type AddonHooks = ReadonlyMap<string, readonly AddonHook[]>;

function installedMap(draft: Draft<SiteState>): Record<string, string> {
  if (!draft.addons) draft.addons = recordOf(installedAddons(draft as SiteState));
  return draft.addons;
}

export function install(draft: Draft<SiteState>, a: AddonDef, hooks: AddonHooks, ctx?: RequestContext): void {
  const map = installedMap(draft);
  if (map[a.id] !== undefined) return;
  map[a.id] = a.profileVersion;
  for (const hook of hooks.get(a.id) ?? []) hook(draft, true, ctx);
}

export function uninstall(draft: Draft<SiteState>, a: AddonDef, hooks: AddonHooks, ctx?: RequestContext): void {
  if (!a.uninstallProfile) throw badRequest(`The add-on ${a.id} has no uninstall profile.`, 'service');
  const map = installedMap(draft);
  if (map[a.id] === undefined) return;
  delete map[a.id];
  for (const hook of hooks.get(a.id) ?? []) hook(draft, false, ctx);
}

export function upgrade(draft: Draft<SiteState>, a: AddonDef): void {
  const map = installedMap(draft);
  if (map[a.id] === undefined) throw badRequest(`The add-on ${a.id} is not installed.`, 'service');
  map[a.id] = a.profileVersion;
}

/** Runs a named profile of the add-on: its install profile installs it, others change nothing here. */
export function importProfile(draft: Draft<SiteState>, a: AddonDef, name: string | undefined, hooks: AddonHooks, ctx?: RequestContext): void {
  if (name === a.installProfile) return install(draft, a, hooks, ctx);
  if (name && (name === a.uninstallProfile || a.otherProfiles.includes(name))) return;
  throw notFound(`Profile ${a.id}:${name ?? ''} could not be found.`, 'service');
}

export function runAction(draft: Draft<SiteState>, a: AddonDef, action: string, profile: string | undefined, hooks: AddonHooks, ctx?: RequestContext): void {
  switch (action) {
    case 'install':
      return install(draft, a, hooks, ctx);
    case 'uninstall':
      return uninstall(draft, a, hooks, ctx);
    case 'upgrade':
      return upgrade(draft, a);
    case 'import':
      return importProfile(draft, a, profile, hooks, ctx);
    default:
      throw notFound(`Unknown action: ${action}`, 'service');
  }
}
