// Links in rich text and Volto blocks, the source of the read-only `isReferencing` relations.
// Extracted by domain/links.ts; paths are resolved against the state of the read.
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { resolveReference } from '../content/references.ts';
import { linksOf } from '../../domain/links.ts';

/** Strip what follows the object's own path: query, fragment, views and services. */
const objectPart = (link: string) => link.split(/[?#]/)[0].split(/\/@@?[^/]*/)[0];

/**
 * Targets a node's text and blocks link to: UIDs (present or not: a missing one is a broken
 * relation) and internal paths that resolve now. Absolute URLs count only when they name the site.
 */
export function referencedUids(state: SiteState, node: ContentNode): string[] {
  const links = linksOf(node.fields);
  const out = new Set<string>(links.uids);
  for (const link of links.paths) {
    const path = objectPart(link);
    if (/^https?:/.test(path) && !path.split('/').includes(state.settings.siteId)) continue;
    const uid = resolveReference(state, path);
    if (uid && uid !== state.rootUid) out.add(uid);
  }
  out.delete(node.uid);
  return [...out].filter((uid) => /^[0-9A-Za-z-]{8,}$/.test(uid) || getNode(state, uid));
}
