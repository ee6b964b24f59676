// Site-level permission grants per role (supplement 6.3/6.4). Workflow states override
// View / Access contents information / Modify portal content on content (src/workflow).
import { PERMISSION_ROLES_KEY, SECURITY_KEYS } from './settings.ts';
import { recordOf } from '../lib/records.ts';

const M = 'Manager';
const SA = 'Site Administrator';
const ALL = ['Anonymous', 'Authenticated', 'Member', 'Owner', 'Contributor', 'Editor', 'Reader', 'Reviewer', SA, M];

export const PERMISSION_ROLES: Record<string, string[]> = recordOf({
  'cms.restapi: Use REST API': ALL,
  View: ALL,
  'Access contents information': ALL,
  'List folder contents': [M, SA, 'Owner', 'Editor', 'Contributor', 'Reader', 'Reviewer'],
  'Access inactive portal content': [M, SA, 'Owner'],
  'Add portal content': [M, SA, 'Owner', 'Contributor'],
  'Modify portal content': [M, SA, 'Owner', 'Editor'],
  'Delete objects': [M, SA, 'Owner', 'Editor'],
  'Request review': [M, SA, 'Owner', 'Editor'],
  'Review portal content': [M, SA, 'Reviewer'],
  'Manage portal': [M],
  'Modify view template': [M, SA, 'Owner', 'Editor'],
  'Plone Site Setup: Overview': [M, SA],
  'Plone Site Setup: Users and Groups': [M, SA],
  'cms.schemaeditor.ManageSchemata': [M],
  'Sharing page: Delegate roles': [M, SA, 'Owner', 'Editor', 'Reviewer'],
  'Sharing page: Delegate Contributor role': [M, SA, 'Owner'],
  'Sharing page: Delegate Editor role': [M, SA, 'Owner', 'Editor'],
  'Sharing page: Delegate Reader role': [M, SA, 'Owner', 'Editor', 'Reviewer'],
  'Sharing page: Delegate Reviewer role': [M, SA, 'Reviewer'],
  'Set own properties': ['Authenticated', M, SA],
  'Change local roles': [M, SA, 'Owner'],
  'Manage Context Aliases': [M, SA, 'Owner', 'Editor'],
  'Modify constrain types': [M, SA, 'Owner'],
  'Manage Portal Aliases': [M, SA],
  'Copy or Move': [M, SA, 'Owner', 'Editor', 'Contributor'],
  'CMFEditions: Access previous versions': [M, SA, 'Owner', 'Editor', 'Reviewer', 'Contributor'],
  'CMFEditions: Revert to previous versions': [M, SA, 'Owner', 'Editor', 'Reviewer'],
  'Set own password': ['Authenticated', M, SA],
  'Add portal member': [M, SA, 'Owner'],
  'cms.restapi: Access Plone user information': [M, SA],
  'cms.restapi: Access Plone vocabularies': [M, SA],
  'View comments': ALL,
  'Reply to item': ['Authenticated', 'Member', M, SA, 'Reviewer'],
  'Edit comments': [M, SA, 'Reviewer', 'Owner'],
  'Delete comments': [M, SA, 'Reviewer'],
  'Delete own comments': [M, SA, 'Reviewer', 'Owner'],
  'Review comments': [M, SA, 'Reviewer'],
  'Content rules: Manage rules': [M, SA],
  'List undoable changes': [M, SA, 'Member'],
  'Undo changes': [M, SA, 'Owner'],
  'Use mailhost services': [M, SA],
  'Use version control': [M, SA, 'Owner', 'Editor'],
  'Manage Translations': [M, SA, 'Owner', 'Editor'],
  'iterate : Check out content': [M, SA, 'Owner', 'Editor'],
  'iterate : Check in content': [M, SA, 'Owner', 'Editor'],
});

function defaultRoles(permission: string): string[] {
  if (permission.startsWith('cms.app.contenttypes: Add ')) return PERMISSION_ROLES['Add portal content'];
  return PERMISSION_ROLES[permission] ?? [M];
}

const isRoleList = (v: unknown): v is string[] => Array.isArray(v) && v.every((r) => typeof r === 'string');

/**
 * Roles holding a site-level permission; unknown permissions are Manager-only. The site may
 * override a grant (registry record PERMISSION_ROLES_KEY), and enabling self-registration gives
 * Anonymous "Add portal member" (supplement 6.3).
 */
export function siteRolesFor(permission: string, registry: Record<string, unknown> = {}): string[] {
  const overrides = registry[PERMISSION_ROLES_KEY] as Record<string, unknown> | undefined;
  const override = overrides && typeof overrides === 'object' ? overrides[permission] : undefined;
  const roles = isRoleList(override) ? override : defaultRoles(permission);
  if (permission === 'Add portal member' && registry[SECURITY_KEYS.selfRegistration] === true) return [...roles, 'Anonymous'];
  return roles;
}
