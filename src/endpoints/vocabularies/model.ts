// A vocabulary as data: its name, the permission reading it needs, and how its terms are made.
import type { ApiRequest, Services } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import type { Term } from './terms.ts';

export interface VocabularyContext {
  state: SiteState;
  req: ApiRequest;
  services: Services;
}

export interface Vocabulary {
  name: string;
  /** Permission on the context (default View, supplement 16.3). */
  permission?: string;
  /** Catalog-backed: a field bound to it is a query source (not enumerable through @sources). */
  querySource?: boolean;
  terms: (c: VocabularyContext) => Term[];
}

/** A vocabulary whose terms do not depend on the site. */
export const fixed = (name: string, terms: Term[]): Vocabulary => ({ name, terms: () => terms });
