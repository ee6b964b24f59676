// The route table: every family's routes (a family is a folder of src/endpoints/), and the binary views.
import type { RouteFamily, RouteTable } from '../http/dispatch.ts';
import { contentRoutes } from './content/content.routes.ts';
import { tusRoutes } from './tus/tus.routes.ts';
import { workingCopyRoutes } from './workingcopy/workingcopy.routes.ts';
import { inheritRoutes } from './inherit/inherit.ts';
import { actionsRoutes } from './actions/actions.ts';
import { breadcrumbsRoutes } from './breadcrumbs/breadcrumbs.ts';
import { contextNavigationRoutes } from './contextnavigation/contextnavigation.ts';
import { navigationRoutes } from './navigation/navigation.ts';
import { navrootRoutes } from './navroot/navroot.ts';
import { translationsRoutes } from './translations/translations.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { typesRoutes } from './types/types.routes.ts';
import { workflowRoutes } from './workflow/workflow.routes.ts';
import { fileViews } from './files/files.views.ts';
import { lockRoutes } from './lock/lock.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { copyMoveRoutes } from './copy-move/copymove.routes.ts';
import { aliasesRoutes } from './aliases/aliases.routes.ts';
import { aliasRedirect } from './aliases/redirect.ts';
import { relationsRoutes } from './relations/relations.routes.ts';
import { linkIntegrityRoutes } from './linkintegrity/linkintegrity.routes.ts';
import { loginRoutes } from './login/login.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { portraitRoutes } from './users/portrait.ts';
import { groupsRoutes } from './groups/groups.routes.ts';
import { principalsRoutes } from './principals/principals.ts';
import { rolesRoutes } from './roles/roles.ts';
import { sharingRoutes } from './sharing/sharing.ts';
import { userschemaRoutes } from './userschema/userschema.ts';
import { searchRoutes } from './search/search.routes.ts';
import { querystringRoutes } from './querystring/querystring.routes.ts';
import { addonsRoutes } from './addons/addons.routes.ts';
import { upgradeRoutes } from './upgrade/upgrade.routes.ts';
import { contentRulesRoutes } from './content-rules/assignments.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';
import { databaseRoutes } from './database/database.routes.ts';
import { emailRoutes } from './email/email.routes.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { vocabulariesRoutes } from './vocabularies/vocabularies.routes.ts';
import { controlpanelsRoutes } from './controlpanels/controlpanels.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';

/** The families of endpoints (folders of src/endpoints/), in the order their routes are tried. */
export const FAMILIES: RouteFamily[] = [
  { name: 'content', routes: contentRoutes },
  { name: 'tus', routes: tusRoutes },
  { name: 'workingcopy', routes: workingCopyRoutes },
  { name: 'inherit', routes: inheritRoutes },
  { name: 'breadcrumbs', routes: breadcrumbsRoutes },
  { name: 'navigation', routes: navigationRoutes },
  { name: 'contextnavigation', routes: contextNavigationRoutes },
  { name: 'actions', routes: actionsRoutes },
  { name: 'navroot', routes: navrootRoutes },
  { name: 'translations', routes: translationsRoutes },
  { name: 'types', routes: typesRoutes },
  { name: 'workflow', routes: workflowRoutes },
  { name: 'site', routes: siteRoutes },
  { name: 'lock', routes: lockRoutes },
  { name: 'history', routes: historyRoutes },
  { name: 'copy-move', routes: copyMoveRoutes },
  { name: 'aliases', routes: aliasesRoutes },
  { name: 'relations', routes: relationsRoutes },
  { name: 'linkintegrity', routes: linkIntegrityRoutes },
  { name: 'login', routes: loginRoutes },
  { name: 'users', routes: [...usersRoutes, ...portraitRoutes] },
  { name: 'groups', routes: groupsRoutes },
  { name: 'principals', routes: principalsRoutes },
  { name: 'roles', routes: rolesRoutes },
  { name: 'sharing', routes: sharingRoutes },
  { name: 'userschema', routes: userschemaRoutes },
  { name: 'search', routes: searchRoutes },
  { name: 'querystring', routes: querystringRoutes },
  { name: 'addons', routes: addonsRoutes },
  { name: 'upgrade', routes: upgradeRoutes },
  { name: 'content-rules', routes: contentRulesRoutes },
  { name: 'transactions', routes: transactionsRoutes },
  { name: 'database', routes: databaseRoutes },
  { name: 'email', routes: emailRoutes },
  { name: 'comments', routes: commentsRoutes },
  { name: 'vocabularies', routes: vocabulariesRoutes },
  { name: 'controlpanels', routes: controlpanelsRoutes },
  { name: 'registry', routes: registryRoutes },
];

export function routeTable(): RouteTable {
  return {
    routes: FAMILIES.flatMap((f) => f.routes),
    families: FAMILIES,
    views: { ...fileViews },
    unresolved: aliasRedirect,
  };
}
