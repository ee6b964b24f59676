// The behaviors of the default profile and the fields each one owns.
import type { Behavior, FieldDef } from './model.ts';
import { recordOf } from '../lib/records.ts';

const f = (name: string, kind: FieldDef['kind'], title: string, fieldset: string, more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  kind,
  title,
  description: '',
  fieldset,
  ...more,
});

const keywords = { widgetOptions: { vocabulary: { '@id': '@vocabularies/cms.app.vocabularies.Keywords' } } };
const users = { widgetOptions: { vocabulary: { '@id': '@vocabularies/cms.app.vocabularies.Users' } } };

const title = f('title', 'TextLine', 'Title', 'default', { required: true });
const description = f('description', 'Text', 'Summary', 'default', {
  description: 'Used in item listings and search results.',
  widget: 'textarea',
});
const subjects = f('subjects', 'Tuple', 'Tags', 'categorization', {
  description: 'Tags are commonly used for ad-hoc organization of content.',
  valueKind: 'TextLine',
  extra: keywords,
});
const language = f('language', 'Choice', 'Language', 'categorization', {
  default: 'en',
  vocabulary: 'cms.app.vocabularies.SupportedContentLanguages',
  tokenized: true,
});
const effective = f('effective', 'Datetime', 'Publishing Date', 'dates', {
  description: 'If this date is in the future, the content will not show up in listings and searches until this date.',
  widget: 'datetime',
});
const expires = f('expires', 'Datetime', 'Expiration Date', 'dates', {
  description: 'When this date is reached, the content will no longer be visible in listings and searches.',
  widget: 'datetime',
});
const creators = f('creators', 'Tuple', 'Creators', 'ownership', {
  description:
    'Persons responsible for creating the content of this item. Please enter a list of user names, one per line. The principal creator should come first.',
  valueKind: 'TextLine',
  extra: users,
});
const contributors = f('contributors', 'Tuple', 'Contributors', 'ownership', {
  description:
    'The names of people that have contributed to this item. Each contributor should be on a separate line.',
  valueKind: 'TextLine',
  extra: users,
});
const rights = f('rights', 'Text', 'Rights', 'ownership', {
  description: 'Copyright statement or other rights information on this item.',
  widget: 'textarea',
});

const basic = [title, description];
const categorization = [subjects, language];
const publication = [effective, expires];
const ownership = [creators, contributors, rights];

const b = (name: string, titleText: string, fields: FieldDef[]): Behavior => ({ name, title: titleText, fields });

export const BEHAVIORS: Record<string, Behavior> = recordOf(
  [
    b('cms.dublincore', 'Dublin Core metadata', [...basic, ...categorization, ...publication, ...ownership]),
    b('cms.basic', 'Basic metadata', basic),
    b('cms.categorization', 'Categorization', categorization),
    b('cms.publication', 'Date range', publication),
    b('cms.ownership', 'Ownership', ownership),
    b('cms.namefromtitle', 'Name from title', []),
    b('cms.namefromfilename', 'Name from file name', []),
    b('cms.shortname', 'Short name', [
      f('id', 'TextLine', 'Short name', 'settings', { description: 'This name will be displayed in the URL.' }),
    ]),
    b('cms.excludefromnavigation', 'Exclude From navigation', [
      f('exclude_from_nav', 'Bool', 'Exclude from navigation', 'settings', {
        default: false,
        description: 'If selected, this item will not appear in the navigation tree',
      }),
    ]),
    b('cms.richtext', 'RichText', [f('text', 'RichText', 'Text', 'default', { widget: 'richtext' })]),
    b('cms.relateditems', 'Related items', [
      f('relatedItems', 'RelationList', 'Related Items', 'categorization', {
        default: [],
        vocabulary: 'cms.app.vocabularies.Catalog',
        extra: {
          widgetOptions: { pattern_options: { recentlyUsed: true }, vocabulary: { '@id': '@vocabularies/cms.app.vocabularies.Catalog' } },
          items: { title: 'Related' },
        },
      }),
    ]),
    b('cms.versioning', 'Versioning', [
      f('changeNote', 'TextLine', 'Change Note', 'default', {
        description: 'Enter a comment that describes the changes you made.',
      }),
      f('versioning_enabled', 'Bool', 'Versioning enabled', 'settings', {
        default: true,
        description: 'Enable/disable versioning for this document.',
      }),
    ]),
    b('cms.tableofcontents', 'Table of contents', [
      f('table_of_contents', 'Bool', 'Table of contents', 'settings', {
        description: 'If selected, this will show a table of contents at the top of the page.',
      }),
    ]),
    b('cms.allowdiscussion', 'Allow discussion', [
      f('allow_discussion', 'Choice', 'Allow discussion', 'settings', {
        description: 'Allow discussion for this content object.',
        choices: [
          ['True', 'Yes'],
          ['False', 'No'],
        ],
        extra: { behavior: 'cms.app.discussion.behavior.IAllowDiscussion' },
      }),
    ]),
    b('cms.locking', 'Locking', []),
    b('cms.constraintypes', 'Folder Addable Constrains', []),
    b('cms.nextprevioustoggle', 'Next previous navigation toggle', [
      f('nextPreviousEnabled', 'Bool', 'Enable next previous navigation', 'settings', {
        default: false,
        description: 'This enables next/previous widget on content items contained in this folder.',
      }),
    ]),
    b('cms.leadimage', 'Lead Image', [
      f('image', 'NamedBlobImage', 'Lead Image', 'default', { widget: 'image' }),
      f('image_caption', 'TextLine', 'Lead Image Caption', 'default'),
    ]),
    b('cms.eventbasic', 'Event basic', [
      f('start', 'Datetime', 'Event Starts', 'default', { required: true, widget: 'datetime', description: 'Date and Time, when the event begins.' }),
      f('end', 'Datetime', 'Event Ends', 'default', { required: true, widget: 'datetime', description: 'Date and Time, when the event ends.' }),
      f('whole_day', 'Bool', 'Whole Day', 'default', { default: false, description: 'Event lasts whole day.' }),
      f('open_end', 'Bool', 'Open End', 'default', { default: false, description: "This event is open ended." }),
      f('sync_uid', 'TextLine', 'Sync UID', 'default', { description: 'Unique identifier of the event, kept when the event is exchanged with calendars (iCalendar UID).' }),
    ]),
    b('cms.eventrecurrence', 'Event Recurrence', [
      f('recurrence', 'Text', 'Recurrence', 'default', { widget: 'recurrence' }),
    ]),
    b('cms.eventlocation', 'Event Location', [f('location', 'TextLine', 'Location', 'default')]),
    b('cms.eventattendees', 'Event Attendees', [
      f('attendees', 'Tuple', 'Attendees', 'default', { valueKind: 'TextLine', default: [] }),
    ]),
    b('cms.eventcontact', 'Event Contact', [
      f('contact_name', 'TextLine', 'Contact Name', 'default'),
      f('contact_email', 'TextLine', 'Contact E-mail', 'default'),
      f('contact_phone', 'TextLine', 'Contact Phone', 'default'),
      f('event_url', 'TextLine', 'Event URL', 'default', { description: 'Web address with more info about the event.' }),
    ]),
    b('cms.textindexer', 'Full-Text indexing', []),
    b('cms.collection', 'Collection', [
      f('query', 'List', 'Search terms', 'default', { widget: 'querystring', valueKind: 'JSONField' }),
      f('sort_on', 'TextLine', 'Sort on', 'default'),
      f('sort_reversed', 'Bool', 'Reversed order', 'default'),
      f('limit', 'Int', 'Limit', 'default', { default: 1000 }),
      f('item_count', 'Int', 'Item count', 'default', { default: 30 }),
      f('customViewFields', 'List', 'Table Columns', 'default', {
        valueKind: 'Choice',
        vocabulary: 'cms.app.contenttypes.metadatafields',
        tokenized: true,
        default: ['Title', 'Creator', 'Type', 'ModificationDate'],
      }),
    ]),
    b('volto.blocks', 'Blocks', [
      f('blocks', 'JSONField', 'Blocks', 'layout', { widget: 'json', default: {} }),
      f('blocks_layout', 'JSONField', 'Blocks Layout', 'layout', { widget: 'json', default: { items: [] } }),
    ]),
    b('volto.navtitle', 'Navigation title', [f('nav_title', 'TextLine', 'Navigation title', 'default')]),
    b('volto.preview_image_link', 'Preview Image Link', [
      f('preview_image_link', 'RelationChoice', 'Preview image', 'default', { vocabulary: 'cms.app.vocabularies.Catalog' }),
    ]),
  ].map((x) => [x.name, x] as const),
);

/** Titles of the fieldsets the behaviors use, in the order a schema lists them. */
export const FIELDSET_ORDER: [string, string][] = [
  ['default', 'Default'],
  ['settings', 'Settings'],
  ['categorization', 'Categorization'],
  ['dates', 'Dates'],
  ['ownership', 'Ownership'],
  ['layout', 'Layout'],
];
