// The route table: every family's routes, and the binary views.
import type { RouteTable } from '../http/dispatch.ts';
import { contentRoutes } from './content/content.routes.ts';
import { fileViews } from './files/files.views.ts';

export function routeTable(): RouteTable {
  return {
    routes: [...contentRoutes],
    views: { ...fileViews },
  };
}
