// Looking up the type a `@types/<type>` URL names (404 in the service's own words).
import { ApiError, badRequest } from '../../lib/errors.ts';
import type { RoutePath } from '../../http/route-path.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { own } from '../../lib/records.ts';

export function typeNamed(state: SiteState, id: string): TypeDef {
  if (!Object.hasOwn(state.types, id)) throw new ApiError(404, 'NotFound', `Type '${id}' could not be found.`);
  return own(state.types, id)!;
}

export const fieldsetOrFieldNotFound = (name: string) => new ApiError(404, 'NotFound', `Field(set) '${name}' could not be found.`);

const TYPE_PARAMS = {
  type: { description: 'Id of the content type, e.g. `Document`.' },
  name: { description: 'Id of a fieldset or a field of the type.' },
};

/** `@types/{type}[/{name}]` on reading: further segments are not looked at. */
export const readTypePath: RoutePath = { forms: ['', '/{type}', '/{type}/{name}'], params: TYPE_PARAMS, more: 'ignored' };

/**
 * `@types/{type}[/{name}]` on writing: the forms a verb takes (`{name}` where it edits a field
 * or fieldset); too few or too many segments are refused as the schema editor does.
 */
export const editTypePath = (forms: string[]): RoutePath => ({
  forms,
  params: forms.some((f) => f.includes('{name}')) ? TYPE_PARAMS : { type: TYPE_PARAMS.type },
  refuse: (segments) =>
    !segments.length ? badRequest('Missing parameter typename') : segments.length === 1 ? badRequest('Missing parameter fieldname') : badRequest('Too many parameters'),
});
