// GET/POST <ctx>/@sharing (supplement 31.10): local roles per principal on an object, and
// whether it inherits its parents' local roles. Only roles the caller may delegate are shown
// and changed; the inherit flag needs "Change local roles".
import { hasPermission } from '../../auth/check.ts';
import { setLocalRoles } from '../../auth/local-roles.ts';
import { AUTHENTICATED_GROUP } from '../../auth/membership.ts';
import { SHARING_ROLES } from '../../auth/roles.ts';
import { first } from '../../domain/query.ts';
import { translate } from '../../i18n/translate.ts';
import { json, noContent, type ApiRequest, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { getUser } from '../users/records.ts';
import { noBody } from '../users/policy.ts';
import { sharingEntries } from './entries.ts';
import { changeSharingSchema, readSharingSchema } from './sharing.schema.ts';
import { own } from '../../lib/records.ts';

const DELEGATE = 'Sharing page: Delegate roles';

function delegable(state: SiteState, req: ApiRequest): typeof SHARING_ROLES {
  if (!hasPermission(state, req.principal, req.context, DELEGATE)) throw noBody(403, 'Forbidden');
  return SHARING_ROLES.filter((r) => hasPermission(state, req.principal, req.context, r.permission)).sort((a, b) => a.id.localeCompare(b.id));
}


interface EntryChange {
  id: string;
  roles: Record<string, boolean>;
}

function readBody(body: unknown): { entries: EntryChange[]; inherit?: boolean } {
  const { entries = [], inherit } = body as { entries?: { id: string; roles?: Record<string, boolean> }[]; inherit?: boolean };
  return { entries: entries.map((e) => ({ id: e.id, roles: e.roles ?? {} })), inherit };
}

export const sharingRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@sharing',
    on: 'content',
    schema: readSharingSchema,
    permission: 'View',
    handle: (state, req, services) => {
      const available = delegable(state, req);
      const ids = available.map((r) => r.id);
      return json({
        available_roles: available.map(({ id, title }) => ({ id, title: translate(state, req, title) })),
        entries: sharingEntries(state, services.auth.root, req.context, ids, req.principal.id, first(req.query, 'search')),
        inherit: !req.context.blockLocalRoles,
      });
    },
  },
  {
    method: 'POST',
    endpoint: '@sharing',
    on: 'content',
    schema: changeSharingSchema,
    permission: 'View',
    handle: (state, req, services) => {
      const allowed = new Set(delegable(state, req).map((r) => r.id));
      const { entries, inherit } = readBody(req.body);
      const known = (id: string) => id === AUTHENTICATED_GROUP || Object.hasOwn(state.groups, id) || !!getUser(state, services.auth.root, id);
      const canBlock = hasPermission(state, req.principal, req.context, 'Change local roles');
      const uid = req.context.uid;
      return {
        write: (draft) => {
          const node = getNode(draft as SiteState, uid);
          if (!node) return;
          for (const { id, roles } of entries) {
            if (!known(id)) continue;
            const current = new Set(own(node.localRoles, id) ?? []);
            for (const [role, on] of Object.entries(roles)) {
              if (!allowed.has(role) || typeof on !== 'boolean') continue;
              if (on) current.add(role);
              else current.delete(role);
            }
            setLocalRoles(draft, uid, id, [...current]);
          }
          if (inherit !== undefined && canBlock) node.blockLocalRoles = !inherit;
        },
        respond: () => noContent(),
      };
    },
  },
];

export const sharingFamily: FamilyManifest = { name: 'sharing', routes: sharingRoutes };
