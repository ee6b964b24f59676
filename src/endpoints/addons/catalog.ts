// The add-ons the site knows about, as data: profile ids, versions, upgrade steps, translations.
// Installed state lives in SiteState.addons (id -> installed profile version).
import type { SiteState } from '../../state/model.ts';

export interface UpgradeStep {
  id: string;
  title: string;
  source: string;
  dest: string;
}

export interface AddonDef {
  id: string;
  title: string;
  description: string;
  /** Package version. */
  version: string;
  /** Profile version on the file system. */
  profileVersion: string;
  installProfile: string;
  /** Uninstall profile name, or null when the add-on cannot be uninstalled. */
  uninstallProfile: string | null;
  otherProfiles: string[];
  upgradeSteps: UpgradeStep[];
  /** Installed in a new site, at this profile version. */
  installedByDefault?: string;
  /** Translated title/description by language. */
  i18n?: Record<string, { title: string; description: string }>;
}

const addon = (id: string, title: string, description: string, more: Partial<AddonDef> = {}): AddonDef => ({
  id,
  title,
  description,
  version: '1.2.3',
  profileVersion: '1000',
  installProfile: 'default',
  uninstallProfile: 'uninstall',
  otherProfiles: [],
  upgradeSteps: [],
  ...more,
});

export const ADDONS: AddonDef[] = [
  addon('Products.CMFPlacefulWorkflow', 'Workflow Policy Support (CMFPlacefulWorkflow)', 'Add in Plone the capability to change workflow chains for types in every object. Depends on Plone basic types.', {
    installProfile: 'CMFPlacefulWorkflow',
    i18n: { es: { title: 'Soporte de Política de Flujo de trabajo (CMFPlacefulWorkflow)', description: 'Agrega a Plone la capacidad de cambiar las cadenas de flujo de trabajo para los tipos en cada objeto. Tiene dependencias de los tipos básicos de Plone.' } },
  }),
  addon('cms.app.caching', 'HTTP caching support', 'Installs cms.app.caching', {
    i18n: { es: { title: 'Soporte a Caché HTTP', description: 'Instalar cms.app.caching' } },
  }),
  addon('cms.app.discussion', 'Discussion Support', 'Plone Discussions', {
    profileVersion: '3000',
    installedByDefault: '3000',
    i18n: { es: { title: 'Soporte para discusiones', description: 'Infraestructura de comentarios de Plone' } },
  }),
  addon('cms.app.iterate', 'Working Copy Support (Iterate)', 'Adds working copy support (in-place checkout and checkin) to Plone.', {
    i18n: { es: { title: 'Soporte de Copia de Trabajo (Repetir)', description: 'Añade soporte de copia de trabajo (modificaciones in situ) a Plone.' } },
  }),
  addon('cms.app.layout', 'cms.app.layout', 'Installs the cms.app.layout add-on.'),
  addon('cms.app.multilingual', 'Multilingual Support', 'Install to enable multilingual content support with cms.app.multilingual', {
    i18n: { es: { title: 'Soporte Multiidioma', description: 'Instalar para activar el soporte de contenido multilingüe con cms.app.multilingual' } },
  }),
  addon('cms.restapi', 'cms.restapi', 'RESTful hypermedia API for Plone.', {
    // Installed one profile version behind: the site shows one add-on with a pending upgrade.
    profileVersion: '0007',
    installedByDefault: '0006',
    upgradeSteps: [{ id: '7c0b6c5e0d1a4f5e9b2a3c4d5e6f7a8b', title: 'Add the cms.restapi token settings record.', source: '0006', dest: '0007' }],
    i18n: { es: { title: 'cms.restapi', description: 'API hipermedia RESTful para Plone.' } },
  }),
  addon('cms.session', 'Session refresh support', 'Optional cms.session refresh support.', {
    i18n: { es: { title: 'Soporte de actualización de sesión', description: 'Soporte opcional de refresco de cms.session.' } },
  }),
];

/**
 * An add-on by id; the real package name (`plone.app.discussion` for `cms.app.discussion`)
 * answers too, as Volto and @plone/client name add-ons (as vocabularies already do).
 */
export const findAddon = (id: string): AddonDef | undefined =>
  ADDONS.find((a) => a.id === id) ?? (id.startsWith('plone.') ? ADDONS.find((a) => a.id === `cms.${id.slice('plone.'.length)}`) : undefined);

/** id -> installed profile version, for this state. */
export function installedAddons(state: SiteState): Record<string, string> {
  if (state.addons) return state.addons;
  const out: Record<string, string> = {};
  for (const a of ADDONS) if (a.installedByDefault) out[a.id] = a.installedByDefault;
  // A site made multilingual by its fixture has the multilingual add-on installed.
  if ((state.settings as { multilingual?: boolean }).multilingual) out['cms.app.multilingual'] = findAddon('cms.app.multilingual')!.profileVersion;
  return out;
}

/** Upgrade steps from the installed version up to the file-system version. */
export const pendingSteps = (a: AddonDef, installed: string): UpgradeStep[] =>
  a.upgradeSteps.filter((s) => Number(s.source) >= Number(installed) && Number(s.dest) <= Number(a.profileVersion));
