// Small static vocabularies the serializers need (token -> title).
import { recordOf } from '../lib/records.ts';

export const LANGUAGES: Record<string, string> = recordOf({
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ca: 'Català',
  eu: 'Euskara',
  ja: '日本語',
});

export const METADATA_FIELD_TITLES: Record<string, string> = recordOf({
  Title: 'Title',
  Creator: 'Creator',
  Type: 'Type',
  ModificationDate: 'Last modified',
  CreationDate: 'Created on',
  EffectiveDate: 'Publication date',
  ExpirationDate: 'Expiration date',
  Description: 'Description',
  Subject: 'Tags',
  getId: 'Short name',
  review_state: 'Review state',
  getObjSize: 'Size',
  start: 'Start Date',
  end: 'End Date',
  location: 'Location',
});
