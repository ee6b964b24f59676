// The source of a field of the context's type (supplement 16.1): inline choices, or the named
// vocabulary the field (or its value type) is bound to. Catalog-backed ones are query sources.
import type { RoutePath } from '../../http/route-path.ts';
import type { ApiRequest } from '../../http/types.ts';
import { ApiError } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { fieldOf } from '../../types/schema.ts';
import type { VocabularyContext } from './model.ts';
import { vocabularyNamed } from './registry.ts';
import { termsOf, type Term } from './terms.ts';
import { own } from '../../lib/records.ts';

export interface FieldSource {
  /** Enumerable; else it can only be searched (@querysources). */
  iterable: boolean;
  terms: (c: VocabularyContext) => Term[];
}

const notFound = (message: string) => new ApiError(404, 'Not Found', message, 'service');
export const badRequest = (message: string) => new ApiError(400, 'Bad Request', message, 'service');

/** Python repr of a name, as the messages quote it. */
const repr = (name: string) => `'${name}'`;

function sourceOf(field: FieldDef): FieldSource | undefined {
  if (field.choices) {
    const terms = termsOf(field.choices);
    return { iterable: true, terms: () => terms };
  }
  const vocabulary = field.vocabulary ? vocabularyNamed(field.vocabulary) : undefined;
  if (!vocabulary) return undefined;
  return { iterable: !vocabulary.querySource, terms: vocabulary.terms };
}

/** `@sources/{field}`, `@querysources/{field}`: exactly one segment, a field of the context's type. */
export const FIELD: RoutePath = {
  forms: ['/{field}'],
  params: { field: { description: 'Name of a field of the object\'s type that has a source.' } },
  refuse: () => badRequest('Must supply exactly one path parameter (fieldname)'),
};

/** The path parameter (a field name of the context's type) and that field's source. */
export function fieldSource(state: SiteState, req: ApiRequest): { name: string; source: FieldSource } {
  const name = req.url.params[0];
  const type = own(state.types, req.context.type);
  const field = type && fieldOf(type, name);
  if (!field) throw notFound(`No such field: ${repr(name)}`);
  const source = sourceOf(field);
  if (!source) throw notFound(`Field ${repr(name)} does not have a source`);
  return { name, source };
}

export const notQuerySource = (name: string) => notFound(`Field ${repr(name)} does not have a query source`);

export const notIterable = (name: string) => badRequest(`Source for field ${repr(name)} is not iterable. `);

/** Terms of a query source matching the search text (title contains it, or token equals it). */
export function searchTerms(terms: Term[], text: string): Term[] {
  const needle = text.trim().toLowerCase();
  return terms.filter((t) => t.title.toLowerCase().includes(needle) || t.token.toLowerCase() === needle);
}
