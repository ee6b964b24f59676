// The portal actions of the default profile (supplement 31.4), as data: each action is listed
// when the caller holds its permission on the context and its condition holds. Icons are the
// names Plone 6 gives its toolbar actions (`toolbar-action/<id>`, resolved by its icon registry);
// actions without one answer "".
import type { Principal } from '../../auth/principal.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { own, recordOf } from '../../lib/records.ts';

export interface ActionContext {
  state: SiteState;
  principal: Principal;
  node: ContentNode;
}

export interface ActionDef {
  id: string;
  title: string;
  icon?: string;
  /** Checked on the context. */
  permission: string | null;
  condition?: (c: ActionContext) => boolean;
}

const folderish = (c: ActionContext) => !!own(c.state.types, c.node.type)?.folderish;
const notRoot = (c: ActionContext) => c.node.parent !== null;
const anonymous = (c: ActionContext) => c.principal.id === null;
const member = (c: ActionContext) => c.principal.id !== null;

export const ACTIONS: Record<string, ActionDef[]> = recordOf({
  object: [
    { id: 'view', icon: 'toolbar-action/view', title: 'View', permission: 'View' },
    { id: 'edit', icon: 'toolbar-action/edit', title: 'Edit', permission: 'Modify portal content' },
    { id: 'folderContents', icon: 'toolbar-action/folderContents', title: 'Contents', permission: 'List folder contents', condition: folderish },
    { id: 'history', icon: 'toolbar-action/history', title: 'History', permission: 'CMFEditions: Access previous versions' },
    { id: 'local_roles', icon: 'toolbar-action/local_roles', title: 'Sharing', permission: 'Sharing page: Delegate roles' },
    { id: 'contentrules', icon: 'toolbar-action/contentrules', title: 'Rules', permission: 'Content rules: Manage rules', condition: (c) => folderish(c) && notRoot(c) },
  ],
  object_buttons: [
    { id: 'cut', icon: 'toolbar-action/cut', title: 'Cut', permission: 'Copy or Move' },
    { id: 'copy', icon: 'toolbar-action/copy', title: 'Copy', permission: 'Copy or Move' },
    { id: 'delete', icon: 'toolbar-action/delete', title: 'Delete', permission: 'Delete objects' },
    { id: 'rename', icon: 'toolbar-action/rename', title: 'Rename', permission: 'Copy or Move' },
    { id: 'redirection', icon: 'toolbar-action/redirection', title: 'URL Management', permission: 'Manage Context Aliases', condition: notRoot },
  ],
  user: [
    { id: 'preferences', icon: 'toolbar-action/preferences', title: 'Preferences', permission: null, condition: member },
    { id: 'plone_setup', icon: 'toolbar-action/plone_setup', title: 'Site Setup', permission: 'Plone Site Setup: Overview', condition: member },
    { id: 'login', icon: 'toolbar-action/login', title: 'Log in', permission: null, condition: anonymous },
    {
      id: 'join',
      icon: 'toolbar-action/join',
      title: 'Register',
      permission: null,
      condition: (c) => anonymous(c) && registryValue<boolean>(c.state, 'plone.enable_self_reg', false) === true,
    },
    { id: 'logout', icon: 'toolbar-action/logout', title: 'Log out', permission: null, condition: member },
  ],
  site_actions: [
    { id: 'sitemap', title: 'Site Map', permission: 'View' },
    { id: 'accessibility', title: 'Accessibility', permission: 'View' },
    { id: 'contact', title: 'Contact', permission: 'View' },
  ],
  portal_tabs: [{ id: 'index_html', title: 'Home', permission: 'View' }],
  document_actions: [
    {
      id: 'extedit',
      title: 'Edit with external application',
      permission: 'Modify portal content',
      condition: (c) => registryValue<boolean>(c.state, 'plone.ext_editor', false) === true,
    },
  ],
});

/** Categories listed when the request names none: every category Plone's @actions lists. */
export const DEFAULT_CATEGORIES = ['document_actions', 'object', 'object_buttons', 'portal_tabs', 'site_actions', 'user'];
