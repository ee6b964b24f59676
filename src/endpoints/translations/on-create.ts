// Creation in a multilingual site: a translatable object created inside a language root folder
// takes its language when none was given, and `translation_of` + `language` link it at once.
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { resolveReference } from '../content/references.ts';
import { languageOf, linkTranslation, translationsOf } from './groups.ts';
import { isTranslatable, languageRootOf } from './multilingual.ts';

export function afterCreate(draft: SiteState, _req: ApiRequest, uid: string, body: Record<string, unknown>): void {
  const node = mustGetNode(draft, uid);
  if (!isTranslatable(draft, node)) return;
  if (!languageOf(node)) {
    const root = languageRootOf(draft, node);
    if (root) node.fields.language = languageOf(root);
  }
  if (body.translation_of === undefined || body.language === undefined) return;
  const originalUid = resolveReference(draft, body.translation_of);
  const original = originalUid ? getNode(draft, originalUid) : undefined;
  if (!original || original.uid === uid || translationsOf(draft, original).has(languageOf(node))) return;
  linkTranslation(draft, original, node);
}
