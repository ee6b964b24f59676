// Resolve a reference sent by a client (UID, site path, absolute URL, intid, or a summary with
// @id, or with a UID when its @id does not resolve) to a UID.
import type { SiteState } from '../../state/model.ts';
import { allNodes, getNode } from '../../state/nodes.ts';
import { traverse } from '../../state/select.ts';
import { indexedCatalog } from '../../catalog/catalog.ts';

export function resolveReference(state: SiteState, value: unknown): string | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    // a summary: Plone resolves it by its @id (Volto sends {"@id": ..., "UID": ""} for new picks)
    const v = value as Record<string, unknown>;
    const byId = typeof v['@id'] === 'string' && v['@id'] ? resolveReference(state, v['@id']) : undefined;
    return byId ?? (typeof v.UID === 'string' && v.UID ? resolveReference(state, v.UID) : undefined);
  }
  if (typeof value === 'number' && Number.isInteger(value)) {
    const catalog = indexedCatalog(state);
    if (catalog) {
      // the catalog's documents are numbered by intid
      const uid = catalog.uidOfIntid(value);
      return uid !== undefined && getNode(state, uid)?.intid === value ? uid : undefined;
    }
    for (const node of allNodes(state)) if (node.intid === value) return node.uid;
    return undefined;
  }
  if (typeof value !== 'string' || !value) return undefined;
  if (getNode(state, value)) return value;
  let path = value;
  if (/^https?:\/\//.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  const segments = path
    .split('/')
    .filter((s) => s && s !== '++api++')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  // The path as site-relative, else below the site id (physical paths, URLs).
  const candidates = [segments];
  const at = segments.indexOf(state.settings.siteId);
  if (at !== -1) candidates.push(segments.slice(at + 1));
  for (const candidate of candidates) {
    const node = traverse(state, candidate);
    if (node) return node.uid;
  }
  return undefined;
}
