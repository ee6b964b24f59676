// Looking up the type a `@types/<type>` URL names (404 in the service's own words).
import { ApiError } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { own } from '../../lib/records.ts';

export function typeNamed(state: SiteState, id: string): TypeDef {
  if (!Object.hasOwn(state.types, id)) throw new ApiError(404, 'NotFound', `Type '${id}' could not be found.`);
  return own(state.types, id)!;
}

export const fieldsetOrFieldNotFound = (name: string) => new ApiError(404, 'NotFound', `Field(set) '${name}' could not be found.`);
