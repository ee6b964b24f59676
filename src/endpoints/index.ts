// The route table: every family's routes, and the binary views.
import type { RouteTable } from '../http/dispatch.ts';
import { contentRoutes } from './content/content.routes.ts';
import { actionsRoutes } from './actions/actions.ts';
import { breadcrumbsRoutes } from './breadcrumbs/breadcrumbs.ts';
import { contextNavigationRoutes } from './contextnavigation/contextnavigation.ts';
import { navigationRoutes } from './navigation/navigation.ts';
import { navrootRoutes } from './navroot/navroot.ts';
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

export function routeTable(): RouteTable {
  return {
    routes: [
      ...contentRoutes,
      ...breadcrumbsRoutes,
      ...navigationRoutes,
      ...contextNavigationRoutes,
      ...actionsRoutes,
      ...navrootRoutes,
      ...typesRoutes,
      ...workflowRoutes,
      ...siteRoutes,
      ...lockRoutes,
      ...historyRoutes,
      ...copyMoveRoutes,
      ...aliasesRoutes,
      ...relationsRoutes,
      ...linkIntegrityRoutes,
      ...loginRoutes,
      ...usersRoutes,
      ...portraitRoutes,
      ...groupsRoutes,
      ...principalsRoutes,
      ...rolesRoutes,
      ...sharingRoutes,
      ...userschemaRoutes,
      ...searchRoutes,
      ...querystringRoutes,
    ],
    views: { ...fileViews },
    unresolved: aliasRedirect,
  };
}
