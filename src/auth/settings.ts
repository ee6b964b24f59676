// Security settings that live in the registry (the `security` control panel, supplement 13.3) and
// the site-held override of the default permission grants.
import type { SiteState } from '../state/model.ts';
import { own } from '../lib/records.ts';

export const SECURITY_KEYS = {
  selfRegistration: 'plone.enable_self_reg',
  passwordChoice: 'plone.enable_user_pwd_choice',
  emailLogin: 'plone.use_email_as_login',
  uuidUserIds: 'plone.use_uuid_as_userid',
} as const;

export type SecuritySettings = Record<keyof typeof SECURITY_KEYS, boolean>;

export function securitySettings(state: SiteState): SecuritySettings {
  const read = (key: string) => own(state.registry, key) === true;
  return {
    selfRegistration: read(SECURITY_KEYS.selfRegistration),
    passwordChoice: read(SECURITY_KEYS.passwordChoice),
    emailLogin: read(SECURITY_KEYS.emailLogin),
    uuidUserIds: read(SECURITY_KEYS.uuidUserIds),
  };
}

/**
 * Registry record holding `{<permission title>: [role, ...]}`: replaces the default site-level
 * grant of each listed permission (e.g. take `cms.restapi: Use REST API` from Anonymous).
 * Manager keeps every permission regardless.
 */
export const PERMISSION_ROLES_KEY = 'cms.security.permission_roles';
