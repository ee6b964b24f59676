// Every registered vocabulary, in the order the listing reports them (supplement 16.4).
import { catalogVocabularies } from './catalog.ts';
import type { Vocabulary } from './model.ts';
import { siteVocabularies } from './site.ts';
import { staticVocabularies } from './static.ts';
import { plainTerms } from './terms.ts';

const V = 'cms.app.vocabularies.';

/** Listing order of the reference site. */
const ORDER = [
  'cms.contentrules.events', 'Behaviors', `${V}AvailableContentLanguages`, `${V}SupportedContentLanguages`, `${V}Roles`,
  `${V}Permissions`, `${V}AllowedContentTypes`, `${V}AllowableContentTypes`, `${V}PortalTypes`, `${V}ReallyUserFriendlyTypes`,
  `${V}UserFriendlyTypes`, `${V}Skins`, `${V}Workflows`, `${V}WorkflowStates`, `${V}WorkflowTransitions`, `${V}AvailableEditors`,
  `${V}Keywords`, `${V}SyndicationFeedTypes`, `${V}SyndicatableFeedItems`, `${V}Users`, `${V}Groups`, `${V}Principals`,
  `${V}Actions`, `${V}PortalActionCategories`, `${V}Timezones`, `${V}CommonTimezones`, `${V}AvailableTimezones`, `${V}Weekdays`,
  `${V}WeekdaysAbbr`, `${V}WeekdaysShort`, `${V}Month`, `${V}MonthAbbr`, `${V}ImagesScales`, `${V}MetadataFields`,
  'cms.app.content.ValidAddableTypes', 'Fields', 'cms.schemaeditor.VocabulariesVocabulary', 'cms.formwidget.relations.cmfcontentsearch',
  'cms.app.event.SynchronizationStrategies', `${V}Catalog`, 'cms.app.contenttypes.metadatafields',
  'cms.app.contenttypes.migration.changed_base_classes', 'Interfaces', 'cms.app.users.user_registration_fields', 'cms.app.users.group_ids',
  'cms.app.discussion.vocabularies.CaptchaVocabulary', 'cms.app.discussion.vocabularies.TextTransformVocabulary',
  'cms.app.multilingual.vocabularies.AllContentLanguageVocabulary', 'cms.app.multilingual.vocabularies.AllAvailableLanguageVocabulary',
  'cms.app.multilingual.RootCatalog',
];

const defined = [...staticVocabularies, ...siteVocabularies, ...catalogVocabularies];

/** The vocabulary names usable by the schema editor: every registered one. */
const namesVocabulary: Vocabulary = { name: 'cms.schemaeditor.VocabulariesVocabulary', terms: () => plainTerms(ORDER) };

const BY_NAME = new Map<string, Vocabulary>([...defined, namesVocabulary].map((v) => [v.name, v]));

for (const name of ORDER) if (!BY_NAME.has(name)) throw new Error(`vocabulary ${name} has no definition`);
for (const name of BY_NAME.keys()) if (!ORDER.includes(name)) throw new Error(`vocabulary ${name} is not listed`);

export const VOCABULARY_NAMES: readonly string[] = ORDER;

/**
 * A vocabulary by name. The interface names them `cms.…`; the real frontends also ask for a few
 * by their Plone names (`plone.app.vocabularies.Keywords` in Volto's tag widgets), which are
 * accepted as the same vocabulary.
 */
export const vocabularyNamed = (name: string): Vocabulary | undefined =>
  BY_NAME.get(name) ?? (name.startsWith('plone.') ? BY_NAME.get(`cms.${name.slice('plone.'.length)}`) : undefined);
