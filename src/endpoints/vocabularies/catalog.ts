// Catalog-backed vocabularies: tags in use, and objects by title (the source of relation fields).
// Only what the caller may see counts.
import { callerFilter } from '../../catalog/caller.ts';
import type { Entry } from '../../catalog/record.ts';
import { getNode } from '../../state/nodes.ts';
import type { Vocabulary, VocabularyContext } from './model.ts';
import { term, type Term } from './terms.ts';

const MODIFY = 'Modify portal content';

/** Catalog entries the caller may see, by title. */
function visible({ state, req, services }: VocabularyContext): Entry[] {
  const filter = callerFilter(state, req.principal, req.now, false);
  return services.catalog.search(state, { criteria: [], sort: [{ index: 'sortable_title', reverse: false }], ...filter }).items;
}

function keywords(c: VocabularyContext): Term[] {
  const tags = new Set<string>();
  for (const rec of visible(c)) for (const tag of (rec.v.Subject as string[] | null) ?? []) tags.add(tag);
  return [...tags].sort().map((t) => term(t));
}

/** Objects as terms: token = UID, title = the object's title. */
const objectTerms = (c: VocabularyContext, keep: (rec: Entry) => boolean = () => true): Term[] =>
  visible(c)
    .filter(keep)
    .map((rec) => term(rec.uid, String(getNode(c.state, rec.uid)?.fields.title ?? '')));

const FEED_TYPES = new Set(['Folder', 'Collection']);

const objects = (name: string, permission = 'View'): Vocabulary => ({ name, permission, querySource: true, terms: (c) => objectTerms(c) });

export const KEYWORDS = 'cms.app.vocabularies.Keywords';
export const CATALOG = 'cms.app.vocabularies.Catalog';

export const catalogVocabularies: Vocabulary[] = [
  { name: KEYWORDS, permission: MODIFY, terms: keywords },
  {
    name: 'cms.app.vocabularies.SyndicatableFeedItems',
    permission: MODIFY,
    terms: (c) => objectTerms(c, (rec) => FEED_TYPES.has(String(rec.v.portal_type))),
  },
  objects('cms.formwidget.relations.cmfcontentsearch'),
  objects(CATALOG),
  objects('cms.app.multilingual.RootCatalog'),
];
