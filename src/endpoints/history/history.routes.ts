// GET @history, GET @history/<version>, PATCH @history {version}. Content objects only.
import type { Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { getNode } from '../../state/nodes.ts';
import { historySchema, revertSchema } from './history.schema.ts';
import { ACCESS, checkRevert, historyEntries, revert, REVERT, serializeVersion } from './history.ts';

export const historyRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@history',
    on: 'item',
    permission: ACCESS,
    path: { forms: ['', '/{version}'], params: { version: { description: 'Version number (0 is the first).' } } },
    schema: historySchema,
    handle: (state, req, services) => {
      if (req.url.params.length === 1) return json(serializeVersion(state, req.context, req, services, req.url.params[0]));
      return json(historyEntries(state, req.context, req));
    },
  },
  {
    method: 'PATCH',
    endpoint: '@history',
    on: 'item',
    permission: REVERT,
    path: { forms: [''], params: {} },
    schema: revertSchema,
    handle: (_state, req) => {
      const n = checkRevert(req.context, req.body);
      const uid = req.context.uid;
      return {
        write: (draft) => revert(draft, uid, req, n),
        respond: (next) => {
          const node = getNode(next, uid)!;
          const title = (node.fields.title as string) || node.id;
          return json({ message: `${title} has been reverted to revision ${n}.` });
        },
      };
    },
  },
];

export const historyFamily: FamilyManifest = { name: 'history', routes: historyRoutes };
