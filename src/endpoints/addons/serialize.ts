// Add-on resources: the list item (seed fields and the real service's fields, booleans as JSON
// booleans — supplement 30 C12) and the detail.
import type { ApiRequest } from '../../http/types.ts';
import { canonicalUrl } from '../../serialize/batching.ts';
import type { SiteState } from '../../state/model.ts';
import { ADDONS, installedAddons, pendingSteps, type AddonDef } from './catalog.ts';

/** Title and description in the request's language, when translated. */
function texts(a: AddonDef, req: ApiRequest): { title: string; description: string } {
  const lang = (req.header('accept-language') ?? '').split(',')[0].split(/[-;]/)[0].trim().toLowerCase();
  return a.i18n?.[lang] ?? { title: a.title, description: a.description };
}

function upgradeInfo(a: AddonDef, installed: string | undefined): Record<string, unknown> {
  if (installed === undefined) return {};
  return {
    available: pendingSteps(a, installed).length > 0,
    hasProfile: true,
    installedVersion: installed,
    newVersion: a.profileVersion,
    required: installed !== a.profileVersion,
  };
}

export function addonItem(state: SiteState, req: ApiRequest, a: AddonDef): Record<string, unknown> {
  const installed = installedAddons(state)[a.id];
  return {
    '@id': `${req.url.siteUrl}/@addons/${a.id}`,
    id: a.id,
    ...texts(a, req),
    version: a.version,
    is_installed: installed !== undefined,
    has_uninstall_profile: a.uninstallProfile !== null,
    install_profile_id: `${a.id}:${a.installProfile}`,
    uninstall_profile_id: a.uninstallProfile ? `${a.id}:${a.uninstallProfile}` : '',
    profile_type: a.installProfile === 'default' ? 'default' : a.installProfile,
    upgrade_info: upgradeInfo(a, installed),
  };
}

function profile(a: AddonDef, name: string, req: ApiRequest): Record<string, unknown> {
  return {
    id: `${a.id}:${name}`,
    product: a.id,
    title: name === a.uninstallProfile ? `Uninstall ${texts(a, req).title}` : texts(a, req).title,
    description: texts(a, req).description,
    for: null,
    type: 2,
    version: name === a.installProfile ? a.profileVersion : null,
    pre_handler: null,
    post_handler: null,
  };
}

export function addonDetail(state: SiteState, req: ApiRequest, a: AddonDef): Record<string, unknown> {
  const installed = installedAddons(state)[a.id];
  const steps = installed === undefined ? [] : pendingSteps(a, installed);
  return {
    ...addonItem(state, req, a),
    upgrade_profiles: steps.length ? { [`${a.id}:${a.installProfile}`]: steps.map((s) => ({ id: s.id, title: s.title, source: s.source, dest: s.dest })) } : {},
    other_profiles: a.otherProfiles.map((p) => profile(a, p, req)),
    install_profile: profile(a, a.installProfile, req),
    uninstall_profile: a.uninstallProfile ? profile(a, a.uninstallProfile, req) : {},
  };
}

export function addonList(state: SiteState, req: ApiRequest, upgradeableOnly = false): Record<string, unknown> {
  let items = ADDONS.map((a) => addonItem(state, req, a));
  if (upgradeableOnly) items = items.filter((i) => (i.upgrade_info as { available?: boolean }).available === true);
  return { '@id': canonicalUrl(req), items, items_total: items.length };
}
