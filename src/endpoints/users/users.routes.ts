// The @users family (seed "Users", supplement 11): list, read, create (also CSV import and
// self-registration), update, delete, reset-password. Passwords are hashed in `prepare`.
import type { RoutePath } from '../../http/route-path.ts';
import { grantHolders } from '../../catalog/catalog.ts';
import { dropLocalRolesOf, dropMemberships } from '../../auth/local-roles.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { canManageUsers, isManager } from '../../auth/roles.ts';
import { forgetUser } from '../../auth/token-state.ts';
import { first } from '../../domain/query.ts';
import { json, noContent, type ApiRequest, type Route, type Services, type WriteOutcome } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { portraitRoutes } from './portrait.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { traverse } from '../../state/select.ts';
import { removeSubtree } from '../../state/tree.ts';
import { grantOf, insertUser, planUser, stillFree, type UserPlan } from './create.ts';
import { checkPrincipalChange } from '../../auth/grants.ts';
import { planCsv } from './import.ts';
import { listUsers } from './list.ts';
import { unauthorizedNull } from './policy.ts';
import { getUser } from './records.ts';
import { newSecret, resetPasswordRoute, sendResetMail, storeResetToken, type Plan as ResetPlan } from './reset.ts';
import { serializeUser, shownRoles, userUrl } from './serialize.ts';
import { applyUpdate, prepareUpdate, type UserChanges } from './update.ts';
import { own } from '../../lib/records.ts';
import { createUserSchema, deleteUserSchema, readUsersSchema, updateUserSchema, type NewUser } from './users.schema.ts';
import { bodyFields, objectBody } from '../../http/body.ts';

interface Prepared {
  users: { plan: UserPlan; hash: string; reset?: string; groups: string[] }[];
  csv: boolean;
}

/**
 * A flag of DELETE @users/<id>, from the query string or a form-like JSON body (supplement 4 and
 * 11.6): off for 0, "0", false, "false", "no"; on otherwise, and when absent.
 */
function deleteOption(req: ApiRequest, name: string): boolean {
  const body = bodyFields(req.body);
  const raw = first(req.query, name) ?? (Object.hasOwn(body, name) ? body[name] : undefined);
  if (raw === undefined) return true;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  return !(text === 0 || text === false || text === '0' || text === 'false' || text === 'no');
}

const isReset = (req: ApiRequest) => req.url.params.length === 2;

const USER_ID = { userid: { description: 'Id of the user.' } };
/** One user (its id in the URL). */
export const ONE_USER: RoutePath = { forms: ['/{userid}'], params: USER_ID };

async function prepareCreate(state: SiteState, req: ApiRequest, services: Services): Promise<Prepared> {
  const root = services.auth.root;
  let planned: { plan: UserPlan; groups: string[] }[];
  if (req.rawBody !== undefined) {
    if (!canManageUsers(state, req.principal)) throw unauthorized();
    planned = planCsv(state, root, req);
  } else {
    checkPrincipalChange(state, req.principal, { kind: 'create-user' });
    const body = objectBody(req) as NewUser; // the schema lets a form through; a JSON POST needs a body
    checkPrincipalChange(state, req.principal, { kind: 'create-user' }, grantOf(body));
    planned = [{ plan: planUser(state, root, req, body, canManageUsers(state, req.principal)), groups: [] }];
  }
  const users = await Promise.all(
    planned.map(async ({ plan, groups }) => {
      const hash = await hashPassword(plan.password ?? newSecret(services));
      delete plan.password;
      return { plan, hash, groups, reset: plan.sendReset && plan.profile.email ? newSecret(services) : undefined };
    }),
  );
  return { users, csv: req.rawBody !== undefined };
}

function create(state: SiteState, req: ApiRequest, services: Services, p: Prepared): WriteOutcome {
  const root = services.auth.root;
  for (const u of p.users) stillFree(state, root, u.plan);
  return {
    write: (draft: Parameters<typeof insertUser>[0]) => {
      for (const u of p.users) {
        insertUser(draft, u.plan, u.hash);
        for (const g of u.groups) {
          const group = own(draft.groups, g);
          if (group && !group.members.includes(u.plan.id)) group.members.push(u.plan.id);
        }
        if (u.reset) storeResetToken(draft, u.reset, u.plan.id, req.now);
      }
    },
    after: (next: SiteState) => {
      for (const u of p.users) if (u.reset) sendResetMail(services.auth.outbox, own(next.users, u.plan.id)!, u.reset, req.url.siteUrl, req.now);
    },
    respond: (next: SiteState) => {
      const users = p.users.map((u) => serializeUser(next, own(next.users, u.plan.id)!, req));
      if (p.csv) return json({ items: users, items_total: users.length }, 201);
      return json(users[0], 201, { Location: userUrl(req.url.siteUrl, p.users[0].plan.id) });
    },
  };
}

export const usersRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@users',
    on: 'site',
    path: { forms: ['', '/{userid}'], params: USER_ID },
    schema: readUsersSchema,
    permission: null,
    handle: (state, req, services) => {
      const root = services.auth.root;
      const params = req.url.params;
      if (params.length === 0) {
        if (!isManager(state, req.principal)) throw unauthorizedNull();
        return listUsers(state, root, req);
      }
      if (req.principal.id !== params[0] && !isManager(state, req.principal)) throw unauthorizedNull();
      const user = getUser(state, root, params[0]);
      if (!user) throw notFound();
      return json(serializeUser(state, user, req));
    },
  },
  {
    method: 'POST',
    endpoint: '@users',
    on: 'site',
    // a new user, or a password reset (`/{userid}` alone: real Plone answers a 500 'Unknown Endpoint')
    path: { forms: ['', '/{userid}/reset-password'], params: USER_ID },
    schema: createUserSchema,
    permission: null,
    bigBody: true, // CSV imports (multipart)
    prepare: async (state, req, services) =>
      isReset(req) ? { reset: await resetPasswordRoute.prepare(state, req, services) } : { create: await prepareCreate(state, req, services) },
    handle: (state, req, services, prepared: { reset?: ResetPlan; create?: Prepared }) => {
      if (prepared.reset) return resetPasswordRoute.handle(state, req, services, prepared.reset);
      return create(state, req, services, prepared.create!);
    },
  },
  {
    method: 'PATCH',
    endpoint: '@users',
    on: 'site',
    path: ONE_USER,
    schema: updateUserSchema,
    permission: null,
    bigBody: true, // portraits (base64)
    prepare: prepareUpdate,
    handle: (_state, _req, services, changes: UserChanges) => ({
      write: (draft) => applyUpdate(draft, services.auth.root, changes),
      respond: () => noContent(),
    }),
  },
  {
    method: 'DELETE',
    endpoint: '@users',
    on: 'site',
    path: ONE_USER,
    schema: deleteUserSchema,
    permission: 'Plone Site Setup: Users and Groups',
    handle: (state, req, services) => {
      const [id] = req.url.params;
      if (!isManager(state, req.principal)) throw unauthorized();
      if (id === services.auth.root.id) throw badRequest('The administrator given on the command line cannot be deleted.');
      const user = own(state.users, id);
      if (!user) throw new ApiError(404, 'NotFound', '');
      if (shownRoles(state, user).includes('Manager') && !isManager(state, req.principal)) {
        throw badRequest("You don't have permission to delete a user with 'Manager' role.");
      }
      const dropLocal = deleteOption(req, 'delete_localroles');
      const memberArea = deleteOption(req, 'delete_memberareas') ? traverse(state, ['Members', id]) : undefined;
      return {
        write: (draft) => {
          delete draft.users[id];
          dropMemberships(draft, id);
          forgetUser(draft, id);
          if (dropLocal) dropLocalRolesOf(draft, grantHolders(state, id), id);
          if (memberArea) removeSubtree(draft as SiteState, memberArea.uid);
        },
        respond: () => noContent(),
      };
    },
  },
];

export const usersFamily: FamilyManifest = { name: 'users', routes: [...usersRoutes, ...portraitRoutes] };
