// @aliases on an object (Manage Context Aliases) and on the site root (Manage Portal Aliases).
// GET answers 201 as the seed says (decision C2); the root answers CSV when asked for text/csv.
import type { ApiRequest, Outcome, Route } from '../../http/types.ts';
import type { Component, FamilyManifest } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { hasPermission } from '../../auth/check.ts';
import { unauthorized } from '../../lib/errors.ts';
import { aliasCsv, aliasListing } from './listing.ts';
import { editAliasesSchema, listAliasesSchema } from './aliases.schema.ts';
import { planContextAliases, planCsvAliases, planRemoval, planSiteAliases, removeAliases, storeAliases } from './edit.ts';

const CONTEXT = 'Manage Context Aliases';
const PORTAL = 'Manage Portal Aliases';

function guard(state: SiteState, req: ApiRequest): boolean {
  const isRoot = req.context.parent === null;
  if (isRoot && !hasPermission(state, req.principal, req.context, PORTAL)) throw unauthorized();
  return isRoot;
}

const failedOr204 = (failed: unknown[]) => (failed.length ? json({ type: 'error', failed }) : noContent());

function post(state: SiteState, req: ApiRequest): Outcome {
  if (guard(state, req)) {
    const add = req.rawBody !== undefined ? planCsvAliases(state, req) : planSiteAliases(state, req);
    return add.length ? { write: (draft) => storeAliases(draft, add), respond: () => noContent() } : noContent();
  }
  const { add, failed } = planContextAliases(state, req);
  if (!add.length) return failedOr204(failed);
  return { write: (draft) => storeAliases(draft, add), respond: () => failedOr204(failed) };
}

function remove(state: SiteState, req: ApiRequest): Outcome {
  guard(state, req);
  const { remove: paths, failed } = planRemoval(state, req);
  if (!paths.length) return failedOr204(failed);
  return { write: (draft) => removeAliases(draft, paths), respond: () => failedOr204(failed) };
}

export const aliasesRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@aliases',
    schema: listAliasesSchema,
    on: 'content',
    permission: CONTEXT,
    handle: (state, req) => {
      guard(state, req);
      if ((req.header('accept') ?? '').includes('text/csv')) return aliasCsv(state, req);
      return json(aliasListing(state, req), 201);
    },
  },
  { method: 'POST', endpoint: '@aliases', on: 'content', permission: CONTEXT, bigBody: true, schema: editAliasesSchema, handle: post },
  { method: 'DELETE', endpoint: '@aliases', on: 'content', permission: CONTEXT, schema: editAliasesSchema, handle: remove },
];

// Expanding the component needs what GET @aliases needs (as for `types`, a refusal fails the
// whole request): the alias list is not for every viewer.
const aliasesComponent: Component = {
  name: 'aliases',
  expand: (state, req) => {
    if (!hasPermission(state, req.principal, req.context, CONTEXT)) throw unauthorized();
    guard(state, req);
    return aliasListing(state, req);
  },
};

export const aliasesFamily: FamilyManifest = { name: 'aliases', routes: aliasesRoutes, components: [aliasesComponent] };
