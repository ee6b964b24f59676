// What @contextnavigation answers (supplement 31.3): the navigation portlet's tree.
import { queryBoolean, queryInt, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const PREFIX = 'expand.contextnavigation.';
const flag = (description: string) => z.union([queryBoolean, z.literal('')]).optional().meta({ description });

/** The portlet's options (supplement 31.3), each under `expand.contextnavigation.`. */
const query = z.looseObject({
  [`${PREFIX}topLevel`]: queryInt('Start the tree this many levels below the navigation root (default 1).').optional(),
  [`${PREFIX}bottomLevel`]: queryInt('How many levels the tree shows (0: all).').optional(),
  [`${PREFIX}includeTop`]: flag('Include the root of the tree.'),
  [`${PREFIX}currentFolderOnly`]: flag('Only the current folder and what is below it.'),
  [`${PREFIX}no_icons`]: flag('Leave out icons.'),
  [`${PREFIX}no_thumbs`]: flag('Leave out thumbnails.'),
});

export const contextNavigationSchema: RouteSchema = {
  query,
  responses: { 200: z.looseObject({ '@id': url, available: z.boolean(), has_custom_name: z.boolean(), items: z.array(z.looseObject({ '@id': url, title: z.string() })), title: z.string(), url }) },
};
