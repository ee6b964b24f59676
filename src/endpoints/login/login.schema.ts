// What @login, @login-renew and @logout accept and answer (seed "Authentication").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const MISSING = 'Login and password must be provided in body.';
const token = z.strictObject({ token: z.string().min(1) });

export const loginSchema: RouteSchema = {
  body: objectBodySchema({
    login: z.string({ error: MISSING }).min(1, { error: MISSING }).meta({ description: 'User name (or e-mail address, where the site logs in by e-mail).' }),
    password: z.string({ error: MISSING }).meta({ description: 'The password, in clear over HTTPS.' }),
  }),
  invalid: { type: 'Missing credentials', shape: 'service' },
  responses: { 200: token },
};

export const loginOptionsSchema: RouteSchema = { responses: { 200: z.strictObject({ options: z.array(z.looseObject({ id: z.string() })) }) } };

export const renewSchema: RouteSchema = { responses: { 200: token } };

export const logoutSchema: RouteSchema = { responses: { 204: noBody } };
