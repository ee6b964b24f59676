// The portal actions of the default profile (supplement 31.4), as data: each action is listed
// when the caller holds its permission on the context and its condition holds.
import type { Principal } from '../../auth/principal.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { registryValue } from '../../serialize/registry-value.ts';

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

const folderish = (c: ActionContext) => !!c.state.types[c.node.type]?.folderish;
const notRoot = (c: ActionContext) => c.node.parent !== null;
const anonymous = (c: ActionContext) => c.principal.id === null;
const member = (c: ActionContext) => c.principal.id !== null;

export const ACTIONS: Record<string, ActionDef[]> = {
  object: [
    { id: 'view', title: 'View', permission: 'View' },
    { id: 'edit', title: 'Edit', permission: 'Modify portal content' },
    { id: 'folderContents', title: 'Contents', permission: 'List folder contents', condition: folderish },
    { id: 'history', title: 'History', permission: 'CMFEditions: Access previous versions' },
    { id: 'local_roles', title: 'Sharing', permission: 'Sharing page: Delegate roles' },
    { id: 'contentrules', title: 'Rules', permission: 'Content rules: Manage rules', condition: (c) => folderish(c) && notRoot(c) },
  ],
  object_buttons: [
    { id: 'cut', title: 'Cut', permission: 'Copy or Move' },
    { id: 'copy', title: 'Copy', permission: 'Copy or Move' },
    { id: 'delete', title: 'Delete', permission: 'Delete objects' },
    { id: 'rename', title: 'Rename', permission: 'Copy or Move' },
    { id: 'redirection', title: 'URL Management', permission: 'Manage Context Aliases', condition: notRoot },
  ],
  user: [
    { id: 'preferences', title: 'Preferences', permission: null, condition: member },
    { id: 'plone_setup', title: 'Site Setup', permission: 'Plone Site Setup: Overview', condition: member },
    { id: 'login', title: 'Log in', permission: null, condition: anonymous },
    {
      id: 'join',
      title: 'Register',
      permission: null,
      condition: (c) => anonymous(c) && registryValue<boolean>(c.state, 'plone.enable_self_reg', false) === true,
    },
    { id: 'logout', title: 'Log out', permission: null, condition: member },
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
};

/** Categories listed when the request names none (as the reference recording answers). */
export const DEFAULT_CATEGORIES = ['object', 'object_buttons', 'user'];
