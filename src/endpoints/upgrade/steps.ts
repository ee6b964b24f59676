// The site's own profile: its upgrade steps as data and the reducer that runs them.
// The installed (instance) version is the registry record `cms.profile_version`; the file-system
// version is PROFILE_VERSION, which @system reports as well.
import type { Draft } from 'immer';
import type { SiteState } from '../../state/model.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { PROFILE_VERSION } from '../site/defaults.ts';
import { ADDONS, installedAddons, pendingSteps } from '../addons/catalog.ts';
import { upgrade as upgradeAddon } from '../addons/actions.ts';

export const PROFILE_VERSION_KEY = 'cms.profile_version';

export interface SiteStep {
  id: string;
  title: string;
  source: string;
  dest: string;
  /** The step's effect on the site (most steps only touch things this server does not model). */
  run?: (draft: Draft<SiteState>) => void;
}

export const SITE_STEPS: SiteStep[] = [
  { id: 'cb3b910894ab80c94b6367b39bc93039', title: 'Run to6109 upgrade profile.', source: '6108', dest: '6109' },
  { id: 'bb72e6a5b0c9c6131b1efad155868131', title: 'Add a timezone property to portal memberdata if it is missing.', source: '6108', dest: '6109' },
  { id: '62ef4eea9b3bfbd472cf349277de749b', title: 'Fix the portal action icons.', source: '6108', dest: '6109' },
  {
    id: 'e5cad1e9fd65e8bd1b23519d49417e51',
    title: 'Update plonetheme.barceloneta registry',
    source: '6109',
    dest: '6110',
    run: (draft) => {
      if (!Object.hasOwn(draft.registry, 'plonetheme.barceloneta.enabled')) draft.registry['plonetheme.barceloneta.enabled'] = true;
    },
  },
];

/** A new site is created one release behind the file system (as the recorded reference site was). */
export const NEW_SITE_PROFILE_VERSION = SITE_STEPS[0].source;

export const instanceVersion = (state: SiteState): string => String(registryValue(state, PROFILE_VERSION_KEY, NEW_SITE_PROFILE_VERSION));

export function versions(state: SiteState): { fs: string; instance: string } {
  return { fs: PROFILE_VERSION, instance: instanceVersion(state) };
}

/** Pending steps grouped by `<from>-<to>`. */
export function pendingSiteSteps(state: SiteState): Record<string, { id: string; title: string }[]> {
  const from = Number(instanceVersion(state));
  const out: Record<string, { id: string; title: string }[]> = {};
  for (const s of SITE_STEPS) {
    if (Number(s.source) < from || Number(s.dest) > Number(PROFILE_VERSION)) continue;
    (out[`${s.source}-${s.dest}`] ??= []).push({ id: s.id, title: s.title });
  }
  return out;
}

/** The whole upgrade: site steps, then installed core add-ons. Returns the report lines. */
export function runUpgrade(draft: Draft<SiteState>): string[] {
  const state = draft as SiteState;
  const from = instanceVersion(state);
  const log = [`Starting the migration from version: ${from}`, 'Role / permission map imported.', 'Actions tool imported.'];
  for (const s of SITE_STEPS) {
    if (Number(s.source) < Number(from) || Number(s.dest) > Number(PROFILE_VERSION)) continue;
    s.run?.(draft);
    log.push(`Ran upgrade step: ${s.title}`);
  }
  draft.registry[PROFILE_VERSION_KEY] = PROFILE_VERSION;
  log.push('End of upgrade path, main migration has finished.', 'Starting upgrade of core addons.');
  const installed = installedAddons(state);
  for (const a of ADDONS) {
    const version = installed[a.id];
    if (!a.installedByDefault || version === undefined || !pendingSteps(a, version).length) continue;
    upgradeAddon(draft, a);
    log.push(`Upgraded ${a.id} to ${a.profileVersion}.`);
  }
  log.push('Control panel imported.', 'Done upgrading core addons.', 'Your Plone instance is now up-to-date.');
  return log;
}
