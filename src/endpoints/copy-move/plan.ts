// Checks shared by @copy and @move (supplement 25): the sources (URL, path, UID or intid, one or
// a list; unresolvable ones are skipped), the destination permission (401 anonymous / 403
// authenticated, body null), and the per-source permission and type checks.
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { hasChild } from '../../state/children.ts';
import { getNode } from '../../state/nodes.ts';
import { ancestors } from '../../state/select.ts';
import { canView, hasPermission } from '../../auth/check.ts';
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts';
import { resolveReference } from '../content/references.ts';
import { addableIn } from '../types/constrains.ts';
import { bodyFields } from '../../http/body.ts';

export const denied = (req: ApiRequest) =>
  req.principal.id === null ? new ApiError(401, 'Unauthorized', '', 'null') : new ApiError(403, 'Forbidden', '', 'null');

function sourceValues(body: unknown): unknown[] {
  const source = bodyFields(body).source;
  if (source === undefined || source === null || source === '') throw badRequest("Property 'source' is required");
  return Array.isArray(source) ? source : [source];
}

/** The source objects, in request order, without duplicates, the root or objects the caller cannot see. */
export function resolveSources(state: SiteState, req: ApiRequest): ContentNode[] {
  const seen = new Set<string>();
  const out: ContentNode[] = [];
  for (const value of sourceValues(req.body)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const uid = resolveReference(state, value);
    const node = uid ? getNode(state, uid) : undefined;
    if (!node || node.parent === null || seen.has(node.uid) || !canView(state, req.principal, node)) continue;
    seen.add(node.uid);
    out.push(node);
  }
  return out;
}

export function checkDestination(state: SiteState, req: ApiRequest, sources: ContentNode[]): void {
  const dest = req.context;
  if (!hasPermission(state, req.principal, dest, 'Add portal content')) throw denied(req);
  const allowed = addableIn(state, dest).allowed;
  for (const source of sources) {
    if (!allowed.has(source.type)) throw forbidden(`Disallowed subobject type: ${source.type}`);
    if (!hasPermission(state, req.principal, source, 'Copy or Move')) throw denied(req);
  }
}

export function checkMovable(state: SiteState, req: ApiRequest, sources: ContentNode[]): void {
  const dest = req.context;
  const chain = new Set([...ancestors(state, dest).map((n) => n.uid), dest.uid]);
  for (const source of sources) {
    const parent = getNode(state, source.parent!)!;
    const may = hasPermission(state, req.principal, source, 'Delete objects') || hasPermission(state, req.principal, parent, 'Delete objects');
    if (!may) throw new ApiError(403, 'Forbidden', '', 'null');
    if (chain.has(source.uid)) throw badRequest('This object cannot be pasted into itself');
  }
}

/** Sources without those inside another source (they move along with it). */
export function outermost(state: SiteState, sources: ContentNode[]): ContentNode[] {
  const uids = new Set(sources.map((s) => s.uid));
  return sources.filter((s) => !ancestors(state, s).some((a) => uids.has(a.uid)));
}

const COPY_ID = /^copy([0-9]*)_of_(.*)$/;

/** The id an object gets in `container`: its own when free, else copy_of_, copy2_of_, ... (OFS). */
export function pasteId(container: ContentNode, id: string): string {
  const match = COPY_ID.exec(id);
  let n = match ? Number(match[1] || '1') : 0;
  const base = match ? match[2] : id;
  let candidate = id;
  while (hasChild(container, candidate)) {
    candidate = `copy${n ? n + 1 : ''}_of_${base}`;
    n += 1;
  }
  return candidate;
}
