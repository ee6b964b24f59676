// @lock GET/POST/PATCH/DELETE, and the deprecated POST @unlock / @refresh-lock (conflict C5).
// Types without the locking behavior answer {} and are never locked (supplement 17).
import type { ApiRequest, Outcome, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { lockInfo } from '../../serialize/lock.ts';
import { isLockable } from '../../types/schema.ts';
import { applyLockChange, lockChange, lockOptions, wantsForce } from './lock.ts';
import { own } from '../../lib/records.ts';
import { lockSchema, readLockSchema, refreshLockSchema, unlockSchema, type LockBody } from './lock.schema.ts';

const SCHEMAS = { lock: lockSchema, refresh: refreshLockSchema, unlock: unlockSchema };

const MODIFY = 'Modify portal content';

const lockable = (state: SiteState, req: ApiRequest) => {
  const type = own(state.types, req.context.type);
  return !!type && isLockable(type);
};

function answer(state: SiteState, req: ApiRequest, action: 'lock' | 'refresh' | 'unlock'): Outcome {
  if (!lockable(state, req)) return json({});
  const options = action === 'lock' ? lockOptions(req.body as LockBody | undefined) : undefined;
  const change = lockChange(req.context, req, action, action === 'unlock' && wantsForce(req.body));
  if (change === 'none') return json(lockInfo(state, req.context, req));
  const uid = req.context.uid;
  return {
    write: (draft) => applyLockChange(draft, uid, req, change, options),
    respond: (next) => json(lockInfo(next, getNode(next, uid)!, req)),
  };
}

const route = (method: Route['method'], endpoint: string, action: 'lock' | 'refresh' | 'unlock'): Route => ({
  method,
  endpoint,
  on: 'content',
  permission: MODIFY,
  schema: SCHEMAS[action],
  handle: (state, req) => answer(state, req, action),
});

export const lockRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@lock',
    on: 'content',
    permission: 'View',
    schema: readLockSchema,
    handle: (state, req) => json(lockable(state, req) ? lockInfo(state, req.context, req) : {}),
  },
  route('POST', '@lock', 'lock'),
  route('PATCH', '@lock', 'refresh'),
  route('DELETE', '@lock', 'unlock'),
  route('POST', '@unlock', 'unlock'),
  route('POST', '@refresh-lock', 'refresh'),
];

export const lockFamily: FamilyManifest = { name: 'lock', routes: lockRoutes };
