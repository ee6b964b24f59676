// Creation in a multilingual site: a translatable object created inside a language root folder
// takes its language when none was given, and `translation_of` + `language` link it at once.
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode, peekNode } from '../../state/nodes.ts';
import { resolveReference } from '../content/references.ts';
import { languageOf, linkTranslation, translationsOf } from './groups.ts';
import { isMultilingual, isTranslatable, languageRootOf } from './multilingual.ts';

export function afterCreate(draft: SiteState, _req: ApiRequest, uid: string, body: Record<string, unknown>): void {
  if (!isMultilingual(draft)) return;
  const node = peekNode(draft, uid); // the node this recipe made: a plain object, changed in place
  if (!node) throw new Error(`dangling UID ${uid}`);
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
