// GET /@site (supplement 31.11) and GET /@system (31.12): site-wide settings and software versions.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { rootOf } from '../../state/select.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { ALLOWED_SIZES, PROFILE_VERSION, ROBOTS_TXT, SYSTEM_VERSIONS } from './defaults.ts';
import { siteSchema, systemSchema } from './site.schema.ts';
import { instanceVersion } from '../upgrade/steps.ts';

/** `filenameb64:<b64>;datab64:<b64>` (the registry's form of an uploaded logo) -> the file name. */
function logoFilename(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const match = /^filenameb64:([^;]*);/.exec(value);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : null;
}

function siteInfo(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const base = req.url.siteUrl;
  const logo = logoFilename(registryValue(state, 'plone.site_logo', null));
  return {
    '@id': `${base}/@site`,
    features: {
      filter_aliases_by_date: true,
      multilingual: state.settings.multilingual === true || registryValue<boolean>(state, 'plone.multilingual', false) === true,
    },
    'plone.allowed_sizes': registryValue(state, 'plone.allowed_sizes', ALLOWED_SIZES),
    'plone.available_languages': registryValue(state, 'plone.available_languages', state.settings.availableLanguages),
    'plone.default_language': registryValue(state, 'plone.default_language', state.settings.defaultLanguage),
    'plone.portal_timezone': registryValue(state, 'plone.portal_timezone', state.settings.timezone),
    'plone.robots_txt': registryValue(state, 'plone.robots_txt', ROBOTS_TXT),
    'plone.site_logo': logo ? `${base}/@@site-logo/${encodeURIComponent(logo)}` : null,
    'plone.site_title': registryValue(state, 'plone.site_title', (rootOf(state).fields.title as string) ?? ''),
  };
}

function systemInfo(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const installed = instanceVersion(state);
  return {
    '@id': `${req.url.siteUrl}/@system`,
    ...SYSTEM_VERSIONS,
    plone_gs_metadata_version_file_system: PROFILE_VERSION,
    plone_gs_metadata_version_installed: installed,
    upgrade: installed !== PROFILE_VERSION,
  };
}

export const siteRoutes: Route[] = [
  { method: 'GET', endpoint: '@site', on: 'site', permission: null, schema: siteSchema, handle: (state, req) => json(siteInfo(state, req)) },
  {
    method: 'GET',
    endpoint: '@system',
    schema: systemSchema,
    on: 'site',
    permission: 'Plone Site Setup: Overview',
    handle: (state, req) => json(systemInfo(state, req)),
  },
];

export const siteFamily: FamilyManifest = { name: 'site', routes: siteRoutes };
