// The behaviors the content-types panel offers to switch on and off, with the labels it shows
// (supplement 13.4). Behaviors the site defines beyond these are offered on Volto sites.
import type { SiteState } from '../../state/model.ts';
import { BEHAVIORS } from '../../types/behaviors.ts';

export interface BehaviorChoice {
  name: string;
  title: string;
  description: string;
}

const c = (name: string, title: string, description: string): BehaviorChoice => ({ name, title, description });

const CATALOGUE: BehaviorChoice[] = [
  c('cms.allowdiscussion', 'Allow discussion', 'Allow discussion on this item'),
  c('cms.basic', 'Basic metadata', 'Adds title and description fields.'),
  c('volto.blocks', 'Blocks', 'Enables Volto Blocks support'),
  c('volto.blocks.editable.layout', 'Blocks (Editable Layout)', 'Enables Volto Blocks (editable layout) support'),
  c('cms.categorization', 'Categorization', 'Adds keywords and language fields.'),
  c('cms.collection', 'Collection', 'Adds collection behavior'),
  c('cms.publication', 'Date range', 'Adds effective date and expiration date fields.'),
  c('cms.dublincore', 'Dublin Core metadata', 'Adds standard metadata fields (equals Basic metadata + Categorization + Effective range + Ownership)'),
  c('cms.eventattendees', 'Event Attendees', 'Attendees extension for Events.'),
  c('cms.eventbasic', 'Event Basic', 'Basic Event schema.'),
  c('cms.eventcontact', 'Event Contact', 'Contact extension for Events.'),
  c('cms.eventlocation', 'Event Location', 'Location extension for Events.'),
  c('cms.eventrecurrence', 'Event Recurrence', 'Recurrence extension for Events.'),
  c('cms.excludefromnavigation', 'Exclude From navigation', 'Allow items to be excluded from navigation'),
  c('cms.constraintypes', 'Folder Addable Constrains', 'Restrict the content types that can be added to folderish content'),
  c('cms.textindexer', 'Full-Text Indexing', "Enables the enhanced full-text indexing for a content type ('cms.textindexer'). If a field is marked 'searchable', its content gets added to the 'SearchableText' index in the catalog."),
  c('cms.leadimage', 'Lead Image', 'Adds image and image caption fields'),
  c('cms.locking', 'Locking', 'Locking support for dexterity'),
  c('cms.translatable', 'Multilingual Support', 'Make this content type multilingual aware'),
  c('cms.namefromfilename', 'Name from file name', 'Automatically generate short URL name for content based on its primary field file name'),
  c('cms.namefromtitle', 'Name from title', 'Automatically generate short URL name for content based on its initial title'),
  c('cms.navigationroot', 'Navigation root', 'Make all items of this type a navigation root'),
  c('cms.nextpreviousenabled', 'Next previous navigation', 'Enable next previous navigation for all items of this type'),
  c('cms.nextprevioustoggle', 'Next previous navigation toggle', 'Allow items to have next previous navigation enabled'),
  c('cms.ownership', 'Ownership', 'Adds creator, contributor, and rights fields.'),
  c('cms.relateditems', 'Related items', 'Adds the ability to assign related items'),
  c('cms.richtext', 'RichText', 'Adds richtext behavior'),
  c('cms.shortname', 'Short name', 'Gives the ability to rename an item from its edit form.'),
  c('cms.tableofcontents', 'Table of contents', 'Adds a table of contents'),
  c('cms.thumb_icon', 'Thumbs and icon handling', 'Options to suppress thumbs and/or icons and to override thumb size in listings, tables etc.'),
  c('cms.versioning', 'Versioning', 'Versioning support with CMFEditions'),
];

const byTitle = (a: BehaviorChoice, b: BehaviorChoice) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

/** The switchable behaviors of this site, by title. */
export function behaviorChoices(state: SiteState): BehaviorChoice[] {
  if (!state.settings.volto) return CATALOGUE;
  const listed = new Set(CATALOGUE.map((b) => b.name));
  const more = Object.values(BEHAVIORS)
    .filter((b) => !listed.has(b.name))
    .map((b) => c(b.name, b.title, ''));
  return [...CATALOGUE, ...more].sort(byTitle);
}
