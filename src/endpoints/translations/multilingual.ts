// Multilingual support (supplement 20, appendix B): the LRF/LIF types, the translatable behavior on
// the default types, and one language root folder (with its language independent folder) per language.
import type { ContentNode, SiteState } from '../../state/model.ts';
import { hasChild } from '../../state/children.ts';
import { childNamed } from '../../state/select.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { addChild } from '../../state/tree.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { registryValue } from '../../domain/registry-value.ts';
import type { TypeDef } from '../../types/model.ts';
import { LANGUAGES } from '../../types/vocabularies.ts';
import { linkTranslation } from './groups.ts';
import { own, recordOf } from '../../lib/records.ts';
import { stored } from '../../state/stored.ts';

export const LRF = 'LRF';
export const LIF = 'LIF';
const TRANSLATABLE = 'cms.translatable';
const NOT_SEARCHED = 'plone.types_not_searched';
const TRANSLATABLE_TYPES = ['Document', 'Folder', 'News Item', 'Event', 'File', 'Image', 'Link', 'Collection'];
const FOLDER_BEHAVIORS = ['cms.dublincore', 'cms.excludefromnavigation', 'cms.shortname', 'cms.constraintypes', 'cms.locking', TRANSLATABLE];

const folderType = (id: string, title: string, behaviors: string[]): TypeDef => ({
  id,
  title,
  description: '',
  behaviors,
  schema: [],
  folderish: true,
  allowedTypes: null,
  globalAllow: false,
  defaultView: 'folder_listing',
  views: ['folder_listing'],
  workflow: 'simple_publication_workflow',
  addPermission: `cms.app.multilingual: Add ${id}`,
  fieldsets: [],
});

export const MULTILINGUAL_TYPES: TypeDef[] = [
  folderType(LRF, 'Language Root Folder', [...FOLDER_BEHAVIORS, 'cms.navigationroot']),
  folderType(LIF, 'Language Independent Folder', FOLDER_BEHAVIORS),
];

/** Read as stored: inside a recipe (every create asks, afterCreate), looking makes no draft of the settings. */
export const isMultilingual = (state: SiteState): boolean => stored(state, 'settings').multilingual === true;

export const isTranslatable = (state: SiteState, node: ContentNode): boolean =>
  isMultilingual(state) && !!own(state.types, node.type)?.behaviors.includes(TRANSLATABLE);

/** The language root folder the object is in (or is), if any. */
export function languageRootOf(state: SiteState, node: ContentNode): ContentNode | undefined {
  const root = navigationRoot(state, node);
  return root.type === LRF ? root : undefined;
}

/** The language root folders by language, in the order of the available languages. */
export function languageRoots(state: SiteState): Map<string, ContentNode> {
  const site = mustGetNode(state, state.rootUid);
  const out = new Map<string, ContentNode>();
  for (const lang of state.settings.availableLanguages) {
    const node = childNamed(state, site, lang);
    if (node?.type === LRF) out.set(lang, node);
  }
  return out;
}

export interface SetupContext {
  now: string;
  newUid: () => string;
  creator: string;
}

function addFolder(draft: SiteState, parentUid: string, id: string, type: string, fields: Record<string, unknown>, ctx: SetupContext): ContentNode {
  const node: ContentNode = {
    uid: ctx.newUid(),
    intid: draft.nextIntid++,
    id,
    type,
    parent: parentUid,
    fields: { creators: [ctx.creator], ...fields },
    created: ctx.now,
    modified: ctx.now,
    layout: 'folder_listing',
    reviewState: 'published',
    workflowHistory: [
      { action: null, actor: ctx.creator, comments: '', review_state: 'private', time: ctx.now },
      { action: 'publish', actor: ctx.creator, comments: '', review_state: 'published', time: ctx.now },
    ],
    localRoles: recordOf([[ctx.creator, ['Owner']]]),
    blockLocalRoles: false,
  };
  addChild(draft, parentUid, node);
  return mustGetNode(draft, node.uid);
}

/** The add-on lists its folder types in `plone.types_not_searched` (user-friendly type vocabularies, search). */
function hideFromSearch(draft: SiteState, ids: string[]): void {
  const current = registryValue<string[]>(draft, NOT_SEARCHED, draft.settings.volto ? [] : ['Plone Site', 'TempFolder']);
  draft.registry[NOT_SEARCHED] = [...new Set([...current, ...ids])];
}

/**
 * Draft mutator: install multilingual support for `languages` (default: the available ones).
 * Idempotent: existing language root folders are kept.
 */
export function enableMultilingual(draft: SiteState, languages: string[], ctx: SetupContext): void {
  const langs = languages.length ? languages : draft.settings.availableLanguages;
  draft.settings.multilingual = true;
  draft.settings.availableLanguages = [...langs];
  for (const type of MULTILINGUAL_TYPES) draft.types[type.id] ??= structuredClone(type);
  for (const id of TRANSLATABLE_TYPES) {
    const type = own(draft.types, id);
    if (type && !type.behaviors.includes(TRANSLATABLE)) type.behaviors.push(TRANSLATABLE);
  }
  hideFromSearch(draft, [LRF, LIF]);
  const site = mustGetNode(draft, draft.rootUid);
  site.layout = 'language-switcher';
  let firstRoot: ContentNode | undefined;
  let firstAssets: ContentNode | undefined;
  for (const lang of langs) {
    if (hasChild(site, lang)) continue;
    const root = addFolder(draft, site.uid, lang, LRF, { title: LANGUAGES[lang] ?? lang, language: lang, exclude_from_nav: true }, ctx);
    const assets = addFolder(draft, root.uid, 'assets', LIF, { title: 'Assets', language: lang }, ctx);
    firstRoot = firstRoot ?? languageRoots(draft).values().next().value ?? root;
    firstAssets = firstAssets ?? assets;
    if (firstRoot.uid !== root.uid) linkTranslation(draft, mustGetNode(draft, firstRoot.uid), root);
    if (firstAssets.uid !== assets.uid) linkTranslation(draft, mustGetNode(draft, firstAssets.uid), assets);
  }
}

/** Draft mutator: uninstall multilingual support (the folders stay, as they do in the CMS). */
export function disableMultilingual(draft: SiteState): void {
  draft.settings.multilingual = false;
  const site = mustGetNode(draft, draft.rootUid);
  if (site.layout === 'language-switcher') site.layout = own(draft.types, site.type)?.defaultView ?? 'document_view';
}
