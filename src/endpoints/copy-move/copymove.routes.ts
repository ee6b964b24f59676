// POST <destination>/@copy and @move: 200 [{source, target}] in processing order (seed, supplement 25).
import type { ApiRequest, Outcome, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { urlOf } from '../../domain/urls.ts';
import { checkDestination, checkMovable, outermost, resolveSources } from './plan.ts';
import { copySubtree, moveNode } from './copy-move.ts';
import { copyMoveSchema } from './copymove.schema.ts';

function handle(state: SiteState, req: ApiRequest, move: boolean): Outcome {
  let sources = resolveSources(state, req);
  checkDestination(state, req, sources);
  if (move) {
    checkMovable(state, req, sources);
    sources = outermost(state, sources);
  }
  if (!sources.length) return json([]);
  const before = sources.map((s) => ({ uid: s.uid, url: urlOf(state, s, req.url.siteUrl) }));
  const destUid = req.context.uid;
  return {
    write: (draft) =>
      before.map(({ uid }) => {
        if (!move) return copySubtree(draft, req, uid, destUid);
        moveNode(draft, req, uid, destUid);
        return uid;
      }),
    respond: (next, targets: string[]) =>
      json(before.map((b, i) => ({ source: b.url, target: urlOf(next, getNode(next, targets[i])!, req.url.siteUrl) }))),
  };
}

export const copyMoveRoutes: Route[] = [
  { method: 'POST', endpoint: '@copy', on: 'folderish', permission: 'View', schema: copyMoveSchema, handle: (state, req) => handle(state, req, false) },
  { method: 'POST', endpoint: '@move', on: 'folderish', permission: 'View', schema: copyMoveSchema, handle: (state, req) => handle(state, req, true) },
];

export const copyMoveFamily: FamilyManifest = { name: 'copy-move', routes: copyMoveRoutes };
