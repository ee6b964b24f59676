// Vocabularies whose terms do not depend on the site: calendar, time zones, editors, scales,
// field kinds, behaviors, mime types and a few admin lists.
import { SCALES } from '../../blobs/scales.ts';
import { BEHAVIORS } from '../../types/behaviors.ts';
import { FIELD_KIND_TERMS } from '../../types/field-kinds.ts';
import { LANGUAGES } from '../../types/vocabularies.ts';
import { fixed, type Vocabulary } from './model.ts';
import { plainTerms, term, termsOf } from './terms.ts';
import { EVENTS } from '../content-rules/elements.ts';

const V = 'cms.app.vocabularies.';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const indexed = (titles: string[], cut?: number) => titles.map((t, i) => term(String(i), cut ? t.slice(0, cut) : t));

/** IANA zone names of the runtime (a fixed fallback where Intl cannot list them). */
function zoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
export const TIMEZONES = plainTerms(zoneNames());

export const MIME_TYPES = termsOf([
  ['text/html', 'HTML'],
  ['text/plain', 'Plain Text'],
  ['text/restructured', 'reStructured Text'],
  ['text/structured', 'Structured Text'],
  ['text/x-rst', 'reStructured Text'],
  ['text/x-web-intelligent', 'Intelligent text'],
  ['text/x-web-markdown', 'Markdown'],
  ['text/x-web-textile', 'Textile'],
]);

export const staticVocabularies: Vocabulary[] = [
  // The triggers the content-rules family accepts, so a client offers exactly those.
  fixed('cms.contentrules.events', termsOf(EVENTS.map((e): [string, string] => [`cms.contentrules.events.${e.iface}`, e.title]))),
  fixed('Behaviors', Object.values(BEHAVIORS).map((b) => term(b.name, b.title))),
  fixed(`${V}AvailableContentLanguages`, termsOf(Object.entries(LANGUAGES))),
  fixed(`${V}AllowableContentTypes`, MIME_TYPES),
  fixed(`${V}Skins`, plainTerms(['Plone Default'])),
  fixed(`${V}SyndicationFeedTypes`, termsOf([
    ['RSS', 'RSS 1.0'],
    ['rss.xml', 'RSS 2.0'],
    ['atom.xml', 'Atom'],
    ['itunes.xml', 'iTunes'],
  ])),
  fixed(`${V}Timezones`, TIMEZONES),
  fixed(`${V}CommonTimezones`, TIMEZONES),
  fixed(`${V}Weekdays`, indexed(WEEKDAYS)),
  fixed(`${V}WeekdaysAbbr`, indexed(WEEKDAYS, 3)),
  fixed(`${V}WeekdaysShort`, indexed(WEEKDAYS, 2)),
  fixed(`${V}Month`, indexed(MONTHS)),
  fixed(`${V}MonthAbbr`, indexed(MONTHS, 3)),
  fixed(`${V}ImagesScales`, Object.entries(SCALES).map(([name, [w, h]]) => term(name, `${name} (${w}x${h})`))),
  fixed('Fields', FIELD_KIND_TERMS.map((k) => term(k.token, k.title))),
  fixed('cms.app.event.SynchronizationStrategies', termsOf([
    ['sync_keep_newer', 'Keep newer events'],
    ['sync_keep_mine', 'Keep my events'],
    ['sync_keep_theirs', 'Keep imported events'],
    ['sync_none', 'No synchronization'],
  ])),
  fixed('cms.app.contenttypes.migration.changed_base_classes', []),
  fixed('Interfaces', plainTerms([
    'cms.app.contenttypes.interfaces.ICollection',
    'cms.app.contenttypes.interfaces.IDocument',
    'cms.app.contenttypes.interfaces.IEvent',
    'cms.app.contenttypes.interfaces.IFile',
    'cms.app.contenttypes.interfaces.IFolder',
    'cms.app.contenttypes.interfaces.IImage',
    'cms.app.contenttypes.interfaces.ILink',
    'cms.app.contenttypes.interfaces.INewsItem',
  ])),
  fixed('cms.app.users.user_registration_fields', termsOf([
    ['fullname', 'Full Name'],
    ['email', 'Email'],
    ['username', 'User Name'],
    ['password', 'Password'],
    ['home_page', 'Home page'],
    ['description', 'Biography'],
    ['location', 'Location'],
    ['portrait', 'Portrait'],
  ])),
  fixed('cms.app.discussion.vocabularies.CaptchaVocabulary', termsOf([['disabled', 'Disabled']])),
  fixed('cms.app.discussion.vocabularies.TextTransformVocabulary', termsOf([
    ['text/plain', 'Plain text'],
    ['text/x-web-intelligent', 'Intelligent text'],
    ['text/x-web-markdown', 'Markdown'],
  ])),
  fixed('cms.app.multilingual.vocabularies.AllContentLanguageVocabulary', termsOf(Object.entries(LANGUAGES))),
  fixed('cms.app.multilingual.vocabularies.AllAvailableLanguageVocabulary', termsOf(Object.entries(LANGUAGES))),
];
