// Where a new translation of an object belongs (plone.app.multilingual's default locator): the
// translation of the nearest ancestor that has one in the target language, else that language's
// root folder, else the site root.
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { translationsOf } from './groups.ts';
import { languageRoots } from './multilingual.ts';

export function translationLocation(state: SiteState, node: ContentNode, language: string): ContentNode {
  let current = node.parent === null ? undefined : getNode(state, node.parent);
  while (current && current.parent !== null) {
    const translated = translationsOf(state, current).get(language);
    if (translated) return translated;
    current = getNode(state, current.parent);
  }
  return languageRoots(state).get(language) ?? mustGetNode(state, state.rootUid);
}
