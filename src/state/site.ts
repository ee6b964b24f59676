// A new, empty site: the root object, the default types, the built-in groups, default registry.
import { freezeState } from './freeze.ts';
import type { ContentNode, SiteSettings, SiteState } from './model.ts';
import { defaultTypes, SITE_ROOT_TYPE } from '../types/defaults.ts';
import { emptyLevel, putNode } from './nodes.ts';
import { emptyRecord, recordOf } from '../lib/records.ts';

export interface NewSite {
  settings: SiteSettings;
  title: string;
  description?: string;
  rootUid: string;
  now: string;
  creator: string;
}

export function createSite(input: NewSite): SiteState {
  const state: SiteState = {
    rootUid: input.rootUid,
    nodes: emptyLevel(),
    nodeCount: 0,
    types: recordOf(defaultTypes(input.settings.volto)),
    settings: input.settings,
    users: emptyRecord(),
    groups: recordOf({
      Administrators: { id: 'Administrators', title: 'Administrators', description: '', email: '', roles: ['Manager'], members: [] },
      Reviewers: { id: 'Reviewers', title: 'Reviewers', description: '', email: '', roles: ['Reviewer'], members: [] },
      'Site Administrators': { id: 'Site Administrators', title: 'Site Administrators', description: '', email: '', roles: ['Site Administrator'], members: [] },
      AuthenticatedUsers: { id: 'AuthenticatedUsers', title: 'Authenticated Users (Virtual Group)', description: 'Automatic Group Provider', email: '', roles: [], members: [] },
    }),
    registry: emptyRecord(),
    nextIntid: 1,
    aliases: emptyRecord(),
    relations: emptyRecord(),
  };
  const root: ContentNode = {
    uid: input.rootUid,
    intid: state.nextIntid++,
    id: input.settings.siteId,
    type: SITE_ROOT_TYPE,
    parent: null,
    fields: {
      title: input.title,
      description: input.description ?? '',
      creators: [input.creator],
      language: input.settings.defaultLanguage,
      ...(input.settings.volto ? { blocks: {}, blocks_layout: { items: [] } } : {}),
    },
    created: input.now,
    modified: input.now,
    layout: 'document_view',
    reviewState: null,
    workflowHistory: [],
    localRoles: emptyRecord(),
    blockLocalRoles: false,
  };
  putNode(state, root);
  return freezeState(state);
}
