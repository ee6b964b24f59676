// What @sharing accepts and answers (seed "Sharing"). Refusals keep the DeserializationError
// (service shape) the handler answered before.
import { objectBodySchema, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const setting = z.union([z.boolean(), z.enum(['global', 'acquired'])]);

export const readSharingSchema: RouteSchema = {
  query: z.looseObject({ search: queryList.optional().meta({ description: 'Also list the users and groups this text finds (by id, name or e-mail), with the roles they would get.' }) }),
  responses: {
    200: z.strictObject({
      available_roles: z.array(z.strictObject({ id: z.string(), title: z.string() })),
      entries: z.array(z.strictObject({ disabled: z.boolean().optional(), id: z.string(), login: z.string().nullable(), roles: z.record(z.string(), setting), title: z.string(), type: z.enum(['user', 'group']) })),
      inherit: z.boolean(),
    }),
  },
};

export const changeSharingSchema: RouteSchema = {
  body: objectBodySchema({
    entries: z
      .array(
        z.looseObject({ id: z.string({ error: 'Each entry needs an id' }), roles: z.record(z.string(), z.unknown(), { error: "'roles' must be an object" }).optional() }, { error: 'Each entry needs an id' }),
        { error: "'entries' must be a list" },
      )
      .optional()
      .meta({ description: 'Principals (users and groups) with the local roles to give (true) or take (false).' }),
    inherit: z.boolean({ error: "'inherit' must be a boolean" }).optional().meta({ description: 'Whether local roles of the objects above apply here too.' }),
  }),
  invalid: { type: 'DeserializationError', shape: 'service' },
  responses: { 204: noBody },
};
