import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { parseQuery } from '../domain/query.ts';
import { NO_JSON, objectBodySchema, queryBoolean, queryRecord, validateRequest, z, type RouteSchema } from './schema.ts';

function refusal(schema: RouteSchema, body: unknown, search = '', json = true): ApiError | undefined {
  try {
    validateRequest(schema, parseQuery(search), body, json);
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

const schema: RouteSchema = {
  query: z.looseObject({ flag: queryBoolean.optional() }),
  body: objectBodySchema({ name: z.string({ error: (iss) => (iss.input === undefined ? "Property 'name' is required" : undefined) }), tags: z.array(z.string()).optional() }),
};

describe('validateRequest', () => {
  it('lets a fitting request through, other members and parameters included', () => {
    expect(refusal(schema, { name: 'a', tags: ['x'], other: 1 }, 'flag=yes&more=1')).toBeUndefined();
  });

  it('answers a missing or non-object body with Plone\'s DeserializationError', () => {
    expect(refusal(schema, undefined)).toMatchObject({ status: 400, type: 'DeserializationError', shape: 'service', message: NO_JSON });
    expect(refusal(schema, [1])).toMatchObject({ status: 400, type: 'DeserializationError', message: 'Malformed body' });
    expect(refusal(schema, 'text')).toMatchObject({ status: 400, message: 'Malformed body' });
  });

  it('names the member of the wrong type, or keeps the message a schema gives', () => {
    expect(refusal(schema, { name: 'a', tags: ['x', 2] })).toMatchObject({ status: 400, type: 'BadRequest', shape: 'service', message: "Body member 'tags[1]': Invalid input: expected string, received number" });
    expect(refusal(schema, {})).toMatchObject({ message: "Property 'name' is required" });
    expect(refusal(schema, { name: 5 })?.message).toBe("Body member 'name': Invalid input: expected string, received number");
  });

  it('checks query parameters, a repeated one as a list', () => {
    expect(refusal(schema, { name: 'a' }, 'flag=maybe')).toMatchObject({ status: 400, type: 'BadRequest', message: "Could not parse value 'maybe' as boolean" });
    expect(refusal(schema, { name: 'a' }, 'flag=1&flag=0')?.message).toMatch(/^Query parameter 'flag': Invalid input: expected string, received array/);
  });

  it('judges a query member by member as the whole schema does, and parses the whole where that differs', () => {
    const loose: RouteSchema = { query: z.looseObject({ flag: queryBoolean.optional(), size: z.string().regex(/^\d+$/).optional() }) };
    const whole = (q: RouteSchema, search: string) => {
      const result = q.query!.safeParse(queryRecord(parseQuery(search)));
      return result.success ? undefined : result.error.issues[0].message;
    };
    for (const search of ['', 'other=1', 'flag=yes&size=10', '__proto__=1&valueOf=2&flag=on', 'flag=maybe', 'size=x&flag=no', 'size=1&size=2']) {
      const refused = refusal(loose, undefined, search);
      expect(refused === undefined).toBe(whole(loose, search) === undefined);
    }
    expect(refusal(loose, undefined, 'size=x')?.message).toBe("Query parameter 'size': Invalid string: must match pattern /^\\d+$/");
    // a required member, an object check or a strict object: the schema is parsed whole
    expect(refusal({ query: z.looseObject({ need: z.string() }) }, undefined, 'other=1')?.message).toMatch(/^Query parameter 'need'/);
    const checked = z.looseObject({ a: z.string().optional() }).refine((q) => q.a !== 'no', { error: 'Not no' });
    expect(refusal({ query: checked as unknown as z.ZodObject }, undefined, 'a=no')?.message).toBe('Not no');
    expect(refusal({ query: z.strictObject({ a: z.string().optional() }) }, undefined, 'b=1')).toMatchObject({ status: 400 });
  });

  it("keeps a schema's own sentence, also one that starts like zod's messages", () => {
    const own: RouteSchema = { body: objectBodySchema({ timeout: z.number({ error: (iss) => `Invalid timeout: ${String(iss.input)}` }).optional(), mail: z.email().optional() }) };
    expect(refusal(own, { timeout: 'soon' })?.message).toBe('Invalid timeout: soon');
    expect(refusal(own, { mail: 'nobody' })?.message).toBe("Body member 'mail': Invalid email address");
  });

  it('takes the error type and shape a route declares', () => {
    const own: RouteSchema = { ...schema, malformed: { type: 'BadRequest', shape: 'exception' }, invalid: { type: 'ValueError', shape: 'exception' } };
    expect(refusal(own, 3)).toMatchObject({ type: 'BadRequest', shape: 'exception' });
    expect(refusal(own, { name: 1 })).toMatchObject({ type: 'ValueError', shape: 'exception' });
  });

  it('judges a form body as no body, unless the route takes forms', () => {
    expect(refusal(schema, undefined, '', false)?.message).toBe(NO_JSON);
    expect(refusal({ ...schema, form: true }, undefined, '', false)).toBeUndefined();
  });

  it('never throws anything but the 400 on hostile bodies', () => {
    const hostile = JSON.parse('{"__proto__": {"name": "x"}, "constructor": 1, "name": {"toString": "no"}}');
    expect(refusal(schema, hostile)).toMatchObject({ status: 400 });
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
  });
});
