// @workingcopy (supplement 31.21): GET the check-out info, POST check-out, PATCH check-in,
// DELETE cancel. Refusals answer 401 to anonymous callers and 403 to the others.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import { hasPermission } from '../../auth/check.ts';
import { ApiError } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { checkAddableIn } from '../types/constrains.ts';
import { urlOf } from '../../domain/urls.ts';
import { checkOutOf, workingCopyInfo, type CheckOut } from '../../serialize/working-copy.ts';
import { cancelSchema, checkInSchema, checkOutSchema, readWorkingCopySchema } from './workingcopy.schema.ts';
import { cancelCheckOut, checkIn, checkOut } from './workingcopy.ts';

const refused = (req: ApiRequest, message: string, anonymousToo = true) =>
  req.principal.id === null && anonymousToo
    ? new ApiError(401, 'Not authenticated', message, 'service')
    : new ApiError(403, 'Not authorized', message, 'service');

function mayCheckOut(state: SiteState, req: ApiRequest): boolean {
  const node = req.context;
  return node.parent !== null && !checkOutOf(state, node) && hasPermission(state, req.principal, node, 'iterate : Check out content');
}

/** The check-out of the context (baseline or working copy), or the refusal `message`. */
function checkOutHere(state: SiteState, req: ApiRequest, permission: string, message: string, anonymousToo?: boolean): CheckOut {
  const out = checkOutOf(state, req.context);
  if (!out || !hasPermission(state, req.principal, out.baseline, permission)) throw refused(req, message, anonymousToo);
  return out;
}

const messageOf = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined);

export const workingCopyRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@workingcopy',
    schema: readWorkingCopySchema,
    on: 'content',
    permission: 'View',
    handle: (state, req) => json(workingCopyInfo(state, req.context, req)),
  },
  {
    method: 'POST',
    endpoint: '@workingcopy',
    schema: checkOutSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req) => {
      if (!mayCheckOut(state, req)) throw refused(req, 'Checkout not allowed');
      // the copy is pasted next to the baseline, so its container must still take the type
      checkAddableIn(state, mustGetNode(state, req.context.parent!), req.context.type);
      return {
        write: (draft) => checkOut(draft, req, req.context.uid),
        respond: (next, uid: string) => {
          const copyUrl = urlOf(next, getNode(next, uid)!, req.url.siteUrl);
          return json({ '@id': copyUrl }, 201, { Location: urlOf(next, req.context, req.url.siteUrl) });
        },
      };
    },
  },
  {
    method: 'PATCH',
    endpoint: '@workingcopy',
    schema: checkInSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req) => {
      const out = checkOutHere(state, req, 'iterate : Check in content', 'Checkin not allowed');
      return { write: (draft) => checkIn(draft, req, out.baseline.uid, messageOf(req.body)), respond: () => noContent() };
    },
  },
  {
    method: 'DELETE',
    endpoint: '@workingcopy',
    schema: cancelSchema,
    on: 'content',
    permission: 'Delete objects',
    handle: (state, req) => {
      const out = checkOutHere(state, req, 'Delete objects', 'Cancel not allowed', false);
      return { write: (draft) => cancelCheckOut(draft, out.baseline.uid), respond: () => noContent() };
    },
  },
];

export const workingCopyFamily: FamilyManifest = { name: 'workingcopy', routes: workingCopyRoutes };
