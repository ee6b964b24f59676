// What @userschema answers (seed "User schema"): the JSON schema of the user (or registration) form.
import { z, type RouteSchema } from '../../http/schema.ts';

export const userschemaSchema: RouteSchema = {
  responses: {
    200: z.looseObject({
      fieldsets: z.array(z.looseObject({ id: z.string(), fields: z.array(z.string()) })),
      properties: z.record(z.string(), z.looseObject({ title: z.string(), type: z.string() })),
      required: z.array(z.string()),
      type: z.literal('object'),
    }),
  },
};
