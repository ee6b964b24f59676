// The pattern of several families: a component of `@components` and the GET route `@<name>` on
// any content object that answers the same JSON (seed: expansion).
import { json, type Component, type Route } from '../http/types.ts';
import { z } from '../http/schema.ts';

export interface ComponentEndpoint {
  component: Component;
  route: Route;
}

/** The `expand.*` parameters of a component route's query schema: what the embedded expansion reads too. */
function expandOptions(schema: Route['schema']): Pick<Component, 'options'> {
  const shape = schema?.query?.shape;
  const keys = shape ? Object.keys(shape).filter((k) => k.startsWith('expand.')) : [];
  return keys.length ? { options: z.looseObject(Object.fromEntries(keys.map((k) => [k, shape![k]]))) } : {};
}

/** The component `name` (embedded under `expand=<name>`) and `GET <obj>/@<name>` (View), with its route schema. */
export function componentEndpoint(name: string, expand: Component['expand'], schema?: Route['schema'], reads?: Component['reads']): ComponentEndpoint {
  return {
    component: { name, expand, ...(reads ? { reads } : {}), ...expandOptions(schema) },
    route: { method: 'GET', endpoint: `@${name}`, ...(schema ? { schema } : {}), on: 'content', permission: 'View', handle: (state, req, services) => json(expand(state, req, services)) },
  };
}
