// The route table: every family's manifest (a family is a folder of src/endpoints/), combined here.
import type { Component, CustomPanel, AddonHook, CreateHook, Extensions, FamilyManifest } from '../http/types.ts';
import type { Route, RouteTable } from '../http/types.ts';
import type { SchemaVariant } from '../http/schema.ts';
import { contentFamily } from './content/content.routes.ts';
import { tusFamily } from './tus/tus.routes.ts';
import { workingCopyFamily } from './workingcopy/workingcopy.routes.ts';
import { inheritFamily } from './inherit/inherit.ts';
import { breadcrumbsFamily } from './breadcrumbs/breadcrumbs.ts';
import { navigationFamily } from './navigation/navigation.ts';
import { contextNavigationFamily } from './contextnavigation/contextnavigation.ts';
import { actionsFamily } from './actions/actions.ts';
import { navrootFamily } from './navroot/navroot.ts';
import { translationsFamily } from './translations/translations.routes.ts';
import { typesFamily } from './types/types.routes.ts';
import { workflowFamily } from './workflow/workflow.routes.ts';
import { siteFamily } from './site/site.routes.ts';
import { lockFamily } from './lock/lock.routes.ts';
import { historyFamily } from './history/history.routes.ts';
import { copyMoveFamily } from './copy-move/copymove.routes.ts';
import { aliasesFamily } from './aliases/aliases.routes.ts';
import { relationsFamily } from './relations/relations.routes.ts';
import { linkIntegrityFamily } from './linkintegrity/linkintegrity.routes.ts';
import { loginFamily } from './login/login.routes.ts';
import { usersFamily } from './users/users.routes.ts';
import { groupsFamily } from './groups/groups.routes.ts';
import { principalsFamily } from './principals/principals.ts';
import { rolesFamily } from './roles/roles.ts';
import { sharingFamily } from './sharing/sharing.ts';
import { userschemaFamily } from './userschema/userschema.ts';
import { searchFamily } from './search/search.routes.ts';
import { querystringFamily } from './querystring/querystring.routes.ts';
import { addonsFamily } from './addons/addons.routes.ts';
import { upgradeFamily } from './upgrade/upgrade.routes.ts';
import { contentRulesFamily } from './content-rules/assignments.ts';
import { transactionsFamily } from './transactions/transactions.routes.ts';
import { databaseFamily } from './database/database.routes.ts';
import { emailFamily } from './email/email.routes.ts';
import { commentsFamily } from './comments/comments.routes.ts';
import { vocabulariesFamily } from './vocabularies/vocabularies.routes.ts';
import { controlpanelsFamily } from './controlpanels/controlpanels.routes.ts';
import { registryFamily } from './registry/registry.routes.ts';
import { fileViews } from './files/files.views.ts';
import { aliasRedirect } from './aliases/redirect.ts';
import { recordOf } from '../lib/records.ts';

/** The families of endpoints (folders of src/endpoints/), in the order their routes are tried. */
export const FAMILIES: FamilyManifest[] = [
  contentFamily,
  tusFamily,
  workingCopyFamily,
  inheritFamily,
  breadcrumbsFamily,
  navigationFamily,
  contextNavigationFamily,
  actionsFamily,
  navrootFamily,
  translationsFamily,
  typesFamily,
  workflowFamily,
  siteFamily,
  lockFamily,
  historyFamily,
  copyMoveFamily,
  aliasesFamily,
  relationsFamily,
  linkIntegrityFamily,
  loginFamily,
  usersFamily,
  groupsFamily,
  principalsFamily,
  rolesFamily,
  sharingFamily,
  userschemaFamily,
  searchFamily,
  querystringFamily,
  addonsFamily,
  upgradeFamily,
  contentRulesFamily,
  transactionsFamily,
  databaseFamily,
  emailFamily,
  commentsFamily,
  vocabulariesFamily,
  controlpanelsFamily,
  registryFamily,
];

/** The families' components, panels and hooks, combined (a later family cannot replace an earlier one's). */
export function extensionsOf(families: readonly FamilyManifest[]): Extensions {
  const components = new Map<string, Component>();
  const panels = new Map<string, CustomPanel>();
  const create: CreateHook[] = [];
  const addons = new Map<string, AddonHook[]>();
  let collectionResults: Extensions['collectionResults'] | undefined;
  const once = (what: string, taken: boolean) => {
    if (taken) throw new Error(`Two endpoint families declare ${what}`);
  };
  for (const family of families) {
    for (const c of family.components ?? []) (once(`the component ${c.name}`, components.has(c.name)), components.set(c.name, c));
    for (const p of family.panels ?? []) (once(`the control panel ${p.id}`, panels.has(p.id)), panels.set(p.id, p));
    const hooks = family.hooks;
    if (hooks?.create) create.push(hooks.create);
    for (const [id, hook] of Object.entries(hooks?.addons ?? {})) addons.set(id, [...(addons.get(id) ?? []), hook]);
    if (hooks?.collectionResults) (once('the collection results', !!collectionResults), (collectionResults = hooks.collectionResults));
  }
  return {
    components: new Map([...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    panels,
    create,
    addons,
    collectionResults: collectionResults ?? (() => []),
  };
}

/**
 * A route whose answer embeds components takes their options (`expand.navigation.depth`, ...) in
 * its query too: declared once, by the component's own route, checked on both.
 */
function withComponentOptions(route: Route, components: Extensions['components']): Route {
  if (!route.expandsComponents || !route.schema?.query) return route;
  let query = route.schema.query;
  for (const c of components.values()) if (c.options) query = query.extend(c.options.shape);
  return { ...route, schema: { ...route.schema, query } };
}

/** The custom panels' bodies as the variants of the @controlpanels route of their method. */
function withPanelBodies(route: Route, panels: Extensions['panels']): Route {
  if (!route.panelBodies || !route.schema) return route;
  const variants: SchemaVariant[] = [];
  for (const panel of panels.values()) {
    for (const body of panel.bodies ?? []) {
      if (body.method !== route.method) continue;
      variants.push({
        name: body.name ? `${panel.id}/${body.name}` : panel.id,
        // `name`'s fixed segments (`{rule}/condition`) must be those of the URL
        applies: (params) => {
          const given = params.filter(Boolean);
          const fixed = body.name ? body.name.split('/') : [];
          return given[0] === panel.id && given.length - 1 === body.depth && fixed.every((s, i) => s.startsWith('{') || given[i + 1] === s);
        },
        params: body.depth + 1,
        schema: body.schema,
        ...(body.forState ? { forState: body.forState } : {}),
        ...(body.permission ? { permission: body.permission } : {}),
      });
    }
  }
  return variants.length ? { ...route, schema: { ...route.schema, variants: [...(route.schema.variants ?? []), ...variants] } } : route;
}

export function routeTable(families: readonly FamilyManifest[] = FAMILIES): RouteTable {
  const extensions = extensionsOf(families);
  const declared = families.map((f) => ({ ...f, routes: f.routes.map((r) => withPanelBodies(withComponentOptions(r, extensions.components), extensions.panels)) }));
  return {
    routes: declared.flatMap((f) => f.routes),
    families: declared,
    extensions,
    views: recordOf(fileViews),
    unresolved: aliasRedirect,
  };
}
