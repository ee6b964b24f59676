// What GET @upgrade answers (seed "Site upgrade"): the pending steps by version range.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const readUpgradeSchema: RouteSchema = {
  responses: {
    200: z.strictObject({
      '@id': url,
      upgrade_steps: z.record(z.string(), z.array(z.strictObject({ id: z.string(), title: z.string() }))),
      versions: z.strictObject({ fs: z.string(), instance: z.string() }),
    }),
  },
};
