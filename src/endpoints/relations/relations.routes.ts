// /@relations on the site root: GET (stats or queries), POST and DELETE (Modify portal content at
// the root; per relation View on the target and Modify on the source), POST /@relations/rebuild.
import type { RoutePath } from '../../http/route-path.ts';
import type { ApiResponse, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { noContent } from '../../http/types.ts';
import { hasPermission } from '../../auth/check.ts';
import { errorResponse } from '../../http/errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { applyRelations, planCreate, planDelete, purgeBroken, unprocessable, type Failure } from './edit.ts';
import { createRelationsSchema, deleteRelationsSchema, readRelationsSchema } from './relations.schema.ts';
import { relationsQuery } from './query.ts';

const MODIFY = 'Modify portal content';

const answer = (failed: Failure[], message: string): ApiResponse =>
  failed.length ? errorResponse(unprocessable(message, failed), { requestUrl: '', contextUrl: '' }) : noContent();

/** The relations endpoint takes no segments after it. */
const NONE: RoutePath = { forms: [''], params: {} };

export const relationsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@relations',
    schema: readRelationsSchema,
    on: 'site',
    permission: 'View',
    path: NONE,
    handle: (state, req) => {
      return relationsQuery(state, req);
    },
  },
  {
    method: 'POST',
    endpoint: '@relations',
    schema: createRelationsSchema,
    on: 'site',
    permission: MODIFY,
    path: { forms: ['', '/rebuild'], params: {} },
    handle: (state, req) => {
      if (req.url.params.length) {
        if (!hasPermission(state, req.principal, req.context, 'Manage portal')) throw new ApiError(403, 'Forbidden', 'Forbidden', 'service');
        return { write: (draft) => purgeBroken(draft), respond: () => noContent() };
      }
      const { ops, failed } = planCreate(state, req);
      if (!ops.length) return answer(failed, 'Failed on creating relations');
      return { write: (draft) => applyRelations(draft, ops, true), respond: () => answer(failed, 'Failed on creating relations') };
    },
  },
  {
    method: 'DELETE',
    endpoint: '@relations',
    schema: deleteRelationsSchema,
    on: 'site',
    permission: MODIFY,
    path: NONE,
    handle: (state, req) => {
      const { ops, failed } = planDelete(state, req);
      if (!ops.length) return answer(failed, 'Failed on deleting relations');
      return { write: (draft) => applyRelations(draft, ops, false), respond: () => answer(failed, 'Failed on deleting relations') };
    },
  },
];

export const relationsFamily: FamilyManifest = { name: 'relations', routes: relationsRoutes };
