// Route schemas (zod) as JSON Schema 2020-12, the dialect of OpenAPI 3.1.
import { z } from 'zod';

type Json = Record<string, unknown>;

/** The JSON Schema of what a schema accepts (its input), without the `$schema` keyword. */
export function jsonSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** The JSON Schema of each query parameter a route's query schema names. */
export function queryProperties(query: z.ZodObject | undefined): Map<string, Json> {
  const out = new Map<string, Json>();
  if (!query) return out;
  const properties = (jsonSchema(query).properties ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(properties)) out.set(name, schema);
  return out;
}
