// The default content types of a site (classic profile), and the Volto variant of them.
import type { FieldDef, TypeDef } from './model.ts';

const LISTING_VIEWS = ['listing_view', 'album_view', 'event_listing', 'full_view', 'summary_view', 'tabular_view'];

const t = (id: string, title: string, more: Partial<TypeDef>): TypeDef => ({
  id,
  title,
  description: '',
  behaviors: [],
  schema: [],
  folderish: false,
  allowedTypes: null,
  globalAllow: true,
  defaultView: 'view',
  views: [],
  workflow: 'simple_publication_workflow',
  addPermission: `cms.app.contenttypes: Add ${id}`,
  fieldsets: [],
  ...more,
});

const ownTitle = (required: boolean): FieldDef => ({
  name: 'title',
  kind: 'TextLine',
  title: 'Title',
  description: '',
  fieldset: 'default',
  required,
});
const ownDescription: FieldDef = {
  name: 'description',
  kind: 'Text',
  title: 'Summary',
  description: 'Used in item listings and search results.',
  fieldset: 'default',
  widget: 'textarea',
};
const metadataBehaviors = [
  'cms.categorization',
  'cms.publication',
  'cms.ownership',
  'cms.namefromfilename',
  'cms.shortname',
  'cms.excludefromnavigation',
  'cms.relateditems',
];

export const SITE_ROOT_TYPE = 'Plone Site';

export function defaultTypes(volto: boolean): Record<string, TypeDef> {
  const pageExtras = volto ? ['volto.blocks', 'volto.navtitle', 'volto.preview_image_link'] : [];
  const list: TypeDef[] = [
    t('Document', 'Page', {
      behaviors: [
        'cms.namefromtitle',
        'cms.excludefromnavigation',
        'cms.shortname',
        'cms.dublincore',
        'cms.richtext',
        'cms.relateditems',
        'cms.versioning',
        'cms.tableofcontents',
        'cms.locking',
        'cms.allowdiscussion',
        ...(volto ? ['cms.constraintypes', ...pageExtras] : []),
      ],
      folderish: volto,
      defaultView: 'document_view',
      views: ['document_view'],
    }),
    t('Folder', 'Folder', {
      behaviors: [
        'cms.dublincore',
        'cms.namefromtitle',
        'cms.allowdiscussion',
        'cms.excludefromnavigation',
        'cms.shortname',
        'cms.constraintypes',
        'cms.relateditems',
        'cms.nextprevioustoggle',
      ],
      folderish: true,
      defaultView: 'listing_view',
      views: LISTING_VIEWS,
    }),
    t('News Item', 'News Item', {
      behaviors: [
        'cms.dublincore',
        'cms.richtext',
        'cms.allowdiscussion',
        'cms.namefromtitle',
        'cms.shortname',
        'cms.excludefromnavigation',
        'cms.relateditems',
        'cms.leadimage',
        'cms.versioning',
        'cms.locking',
        ...pageExtras,
      ],
      folderish: volto,
      defaultView: 'newsitem_view',
      views: ['newsitem_view'],
    }),
    t('Event', 'Event', {
      behaviors: [
        'cms.eventbasic',
        'cms.eventrecurrence',
        'cms.eventlocation',
        'cms.eventattendees',
        'cms.eventcontact',
        'cms.textindexer',
        'cms.dublincore',
        'cms.namefromtitle',
        'cms.richtext',
        'cms.allowdiscussion',
        'cms.excludefromnavigation',
        'cms.shortname',
        'cms.relateditems',
        'cms.versioning',
        'cms.locking',
        ...pageExtras,
      ],
      folderish: volto,
      defaultView: 'event_view',
      views: ['event_view'],
    }),
    t('File', 'File', {
      behaviors: metadataBehaviors,
      schema: [
        ownTitle(false),
        ownDescription,
        { name: 'file', kind: 'NamedBlobFile', title: 'File', description: '', fieldset: 'default', required: true, widget: 'file' },
      ],
      defaultView: 'file_view',
      views: ['file_view'],
      workflow: null,
    }),
    t('Image', 'Image', {
      behaviors: metadataBehaviors,
      schema: [
        ownTitle(false),
        ownDescription,
        { name: 'image', kind: 'NamedBlobImage', title: 'Image', description: '', fieldset: 'default', required: true, widget: 'image' },
      ],
      defaultView: 'image_view',
      views: ['image_view'],
      workflow: null,
    }),
    t('Link', 'Link', {
      behaviors: ['cms.shortname', 'cms.dublincore', 'cms.namefromtitle', 'cms.excludefromnavigation', 'cms.versioning', 'cms.allowdiscussion'],
      schema: [
        { name: 'remoteUrl', kind: 'TextLine', title: 'URL', description: '', fieldset: 'default', required: true, widget: 'url', default: 'http://' },
      ],
      defaultView: 'link_redirect_view',
      views: ['link_redirect_view'],
    }),
    t('Collection', 'Collection', {
      behaviors: [
        'cms.namefromtitle',
        'cms.collection',
        'cms.shortname',
        'cms.excludefromnavigation',
        'cms.dublincore',
        'cms.richtext',
        'cms.relateditems',
        'cms.locking',
        'cms.allowdiscussion',
      ],
      defaultView: 'listing_view',
      views: LISTING_VIEWS,
    }),
    t(SITE_ROOT_TYPE, 'Plone Site', {
      behaviors: [
        'cms.dublincore',
        'cms.relateditems',
        'cms.excludefromnavigation',
        'cms.tableofcontents',
        'cms.richtext',
        'cms.locking',
        ...(volto ? ['volto.blocks'] : []),
      ],
      folderish: true,
      globalAllow: false,
      defaultView: volto ? 'document_view' : 'document_view',
      views: ['document_view', ...LISTING_VIEWS],
      workflow: null,
      addPermission: 'cmf.ManagePortal',
    }),
  ];
  return Object.fromEntries(list.map((x) => [x.id, x]));
}
