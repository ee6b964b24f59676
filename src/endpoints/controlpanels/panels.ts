// The registry-backed control panels (supplement 13.2/13.3): id, title, group and fields; each
// field lives in the registry record `plone.<name>` unless it says otherwise.
import { rootOf } from '../../state/select.ts';
import { DISPLAYED_TYPES } from '../../serialize/nav-items.ts';
import { ALLOWED_SIZES, ROBOTS_TXT } from '../site/defaults.ts';
import { bool, choice, inFieldset, int, json, line, list, text, tuple, type PanelField } from './panel-fields.ts';

import type { PanelGroup } from '../../http/types.ts';
export type { PanelGroup };

export interface RegistryPanel {
  id: string;
  title: string;
  group: PanelGroup;
  fields: PanelField[];
  /** Fieldset titles by id (fields carry the fieldset id). */
  fieldsets: Record<string, string>;
}

const panel = (id: string, title: string, group: PanelGroup, fields: PanelField[], fieldsets: Record<string, string> = { default: 'Default' }): RegistryPanel =>
  ({ id, title, group, fields, fieldsets });

const V = 'cms.app.vocabularies.';
const VISIBILITY: [string, string][] = [['false', 'Never'], ['enabled', 'Always'], ['authenticated', 'For authenticated users only']];
const scale = (name: string, title: string, dflt: string) => choice(name, title, `${V}ImagesScales`, { default: dflt });
const DISCUSSION = 'plone.app.discussion.interfaces.IDiscussionSettings.';
const discussion = (f: PanelField): PanelField => ({ ...f, key: DISCUSSION + f.name });
const variant = (title: string, scaleName: string, additional: string[]) => ({ title, sourceset: [{ scale: scaleName, additionalScales: additional }] });
const ALL_SCALES = ['preview', 'teaser', 'large', 'larger', 'great', 'huge'];

export const REGISTRY_PANELS: RegistryPanel[] = [
  panel('date-and-time', 'Date and Time', 'General', [
    choice('portal_timezone', 'Portal default timezone', `${V}CommonTimezones`, { required: true, initial: (s) => s.settings.timezone }),
    list('available_timezones', 'Available timezones', `${V}Timezones`, { default: [], initial: () => ['UTC'] }),
    choice('first_weekday', 'First weekday', `${V}Weekdays`, { required: true, initial: () => 0 }),
  ]),
  panel('language', 'Language', 'General', [
    ...inFieldset('general', [
      choice('default_language', 'Site language', `${V}AvailableContentLanguages`, { required: true, default: 'en', initial: (s) => s.settings.defaultLanguage }),
      list('available_languages', 'Available languages', `${V}AvailableContentLanguages`, { required: true, default: ['en'], initial: (s) => s.settings.availableLanguages }),
      bool('use_combined_language_codes', 'Show country-specific language variants', true),
      bool('display_flags', 'Show language flags', false),
      bool('always_show_selector', 'Always show language selector', false),
    ]),
    ...inFieldset('negotiation_scheme', [
      bool('use_content_negotiation', 'Use the language of the content item', false),
      bool('use_path_negotiation', 'Use language codes in URL path for manual override', false),
      bool('use_cookie_negotiation', 'Use cookie for manual override', false),
      bool('authenticated_users_only', 'Authenticated users only', false),
      bool('set_cookie_always', 'Set the language cookie always', false),
      bool('use_subdomain_negotiation', 'Use subdomain', false),
      bool('use_cctld_negotiation', 'Use top-level domain', false),
      bool('use_request_negotiation', 'Use browser language request negotiation', false),
    ]),
  ], { general: 'General', negotiation_scheme: 'Negotiation scheme' }),
  panel('mail', 'Mail', 'General', [
    line('smtp_host', 'SMTP server', { required: true, default: 'localhost' }),
    int('smtp_port', 'SMTP port', 25, { required: true }),
    line('smtp_userid', 'ESMTP username'),
    line('smtp_pass', 'ESMTP password', { widget: 'password', extra: { factory: 'Password' } }),
    line('email_from_name', "Site 'From' name", { required: true }),
    line('email_from_address', "Site 'From' address", { required: true }),
    line('email_charset', 'E-mail characterset', { required: true, default: 'utf-8' }),
  ]),
  panel('navigation', 'Navigation', 'General', [
    int('navigation_depth', 'Navigation depth', 3, { required: true }),
    bool('generate_tabs', 'Automatically generate tabs', true),
    bool('nonfolderish_tabs', 'Generate tabs for items other than folders.', true),
    choice('sort_tabs_on', 'Sort tabs on', [['getObjPositionInParent', 'Position in Parent'], ['sortable_title', 'Title'], ['getId', 'Short Name']], { default: 'getObjPositionInParent' }),
    bool('sort_tabs_reversed', 'Reversed sort order for tabs.', false),
    tuple('displayed_types', 'Displayed content types', `${V}ReallyUserFriendlyTypes`, { default: DISPLAYED_TYPES }),
    bool('filter_on_workflow', 'Filter on workflow state', false),
    tuple('workflow_states_to_show', '', `${V}WorkflowStates`, { default: [] }),
    bool('show_excluded_items', 'Show items normally excluded from navigation if viewing their children.', false),
    line('root', 'Root', { required: true, default: '/' }),
    int('sitemap_depth', 'Sitemap depth', 3, { required: true }),
    list('parent_types_not_to_query', 'Hide children of these types', null, { default: ['TempFolder'] }),
  ]),
  panel('search', 'Search', 'General', [
    bool('enable_livesearch', 'Enable LiveSearch', true),
    tuple('types_not_searched', 'Select content types which should be excluded from search results', `${V}PortalTypes`, {
      default: ['Plone Site', 'TempFolder'],
      initial: (s) => (s.settings.volto ? [] : ['Plone Site', 'TempFolder']),
    }),
    int('search_results_description_length', 'Crop the item description in search result listings after a number of characters.', 160),
    choice('sort_on', 'Sort on', [['relevance', 'relevance'], ['Date', 'date (newest first)'], ['sortable_title', 'alphabetically']], { required: true, default: 'relevance' }),
    bool('search_show_images', 'Show images in results', true),
    scale('search_image_scale', 'Image scale for results', 'mini'),
  ]),
  panel('site', 'Site', 'General', [
    line('site_title', 'Site title', { initial: (s) => rootOf(s).fields.title ?? '' }),
    line('site_logo', 'Site Logo', { widget: 'file' }),
    line('site_favicon_mimetype', 'MIME type of the site favicon', { default: 'image/vnd.microsoft.icon' }),
    line('site_favicon', 'Site Favicon', { widget: 'file' }),
    bool('exposeDCMetaTags', 'Expose Dublin Core metadata', false),
    bool('enable_sitemap', 'Expose sitemap.xml.gz', false),
    text('webstats_head_js', 'JavaScript integrations included in head section', { default: '' }),
    text('webstats_js', 'JavaScript integrations included after the footer', { default: '' }),
    bool('display_publication_date_in_byline', 'Display publication date', false),
    choice('icon_visibility', 'Icon visibility', VISIBILITY, { default: 'enabled' }),
    choice('thumb_visibility', 'Thumb visibility', VISIBILITY, { default: 'enabled' }),
    bool('no_thumbs_portlet', 'No Thumbs in portlets', false),
    bool('no_thumbs_lists', 'No thumbs in list views', false),
    bool('no_thumbs_summary', 'No thumbs in summary views', false),
    bool('no_thumbs_tables', 'No thumbs in table views', false),
    scale('thumb_scale_portlet', 'Thumb scale for portlets', 'icon'),
    scale('thumb_scale_listing', 'Thumb scale for listings', 'thumb'),
    scale('thumb_scale_table', 'Thumb scale for tables', 'tile'),
    scale('thumb_scale_summary', 'Thumb scale for summary view', 'mini'),
    choice('toolbar_position', 'Toolbar position', [['side', 'Side'], ['top', 'Top']], { default: 'side' }),
    line('toolbar_logo', 'Relative URL for the toolbar logo', { default: '/++plone++static/plone-toolbarlogo.svg' }),
    text('robots_txt', 'robots.txt', { default: ROBOTS_TXT }),
    list('default_page', 'Default page IDs', null, { default: ['index_html', 'index.html', 'index.htm', 'FrontPage'] }),
    list('roles_allowed_to_add_keywords', 'Roles that can add keywords', `${V}Roles`, { default: ['Manager', 'Site Administrator', 'Reviewer'] }),
  ]),
  panel('socialmedia', 'Social Media', 'General', [
    bool('share_social_data', 'Share social data', true),
    line('twitter_username', 'Twitter username', {
      default: '',
      check: (v) => (typeof v === 'string' && v.startsWith('@') ? "Twitter username should not include the '@' prefix character." : undefined),
    }),
    line('facebook_app_id', 'Facebook App ID', { default: '' }),
    line('facebook_username', 'Facebook username', { default: '' }),
  ]),
  panel('discussion', 'Discussion', 'Content', [
    bool('globally_enabled', 'Globally enable comments', true),
    bool('anonymous_comments', 'Enable anonymous comments', false),
    bool('anonymous_email_enabled', 'Enable anonymous email field', false),
    bool('moderation_enabled', 'Enable comment moderation', false),
    bool('edit_comment_enabled', 'Enable editing of comments', false),
    bool('delete_own_comment_enabled', 'Enable deleting own comments', false),
    choice('text_transform', 'Comment text transform', [['text/plain', 'Plain text'], ['text/x-web-intelligent', 'Intelligent text']], { required: true, default: 'text/plain' }),
    choice('captcha', 'Captcha', [['disabled', 'Disabled']], { required: true, default: 'disabled' }),
    bool('show_commenter_image', 'Show commenter image', true),
    bool('moderator_notification_enabled', 'Enable moderator email notification', false),
    line('moderator_email', 'Moderator Email Address'),
    bool('user_notification_enabled', 'Enable user email notification', false),
  ].map(discussion)),
  panel('editing', 'Editing', 'Content', [
    list('available_editors', 'Available editors', null, { required: true, default: ['TinyMCE', 'None'], description: 'Available editors in the portal.' }),
    choice('default_editor', 'Default editor', `${V}AvailableEditors`, {
      required: true,
      default: 'TinyMCE',
      description: 'Select the default wysiwyg editor. Users will be able to choose their own or select to use the site default.',
    }),
    bool('ext_editor', 'Enable External Editor feature', false, {
      description: 'Determines if the external editor feature is enabled. This feature requires a special client-side application installed. The users also have to enable this in their preferences.',
    }),
    bool('enable_link_integrity_checks', 'Enable link integrity checks', true, {
      description: 'Determines if the users should get warnings when they delete or move content that is linked from inside the site.',
    }),
    bool('lock_on_ttw_edit', 'Enable locking for through-the-web edits', true, {
      description: 'Disabling locking here will only affect users editing content through the Plone web UI.  Content edited via WebDAV clients will still be subject to locking.',
    }),
    bool('subjects_of_navigation_root', 'Limit tags/keywords to the current navigation root', false, {
      description: "Limit tags aka keywords vocabulary used for Tags field and in searches to the terms used inside the subtree of the current navigation root. This can be used together with Plone's multilingual extension cms.app.multilingual to only offer keywords of the current selected language. Other addons may utilize this feature for its specific purposes.",
    }),
  ]),
  panel('imaging', 'Image Handling', 'Content', [
    // The sizes the image views actually produce (src/blobs/scales.ts), on every site.
    list('allowed_sizes', 'Allowed image sizes', null, { default: ALLOWED_SIZES }),
    int('quality', 'Scaled image quality', 88, { minimum: 0, extra: { maximum: 95 } }),
    choice('highpixeldensity_scales', 'High pixel density mode', [['disabled', 'Disabled'], ['2x', 'Enabled (2x)'], ['3x', 'Enabled (2x, 3x)']], { default: 'disabled' }),
    int('quality_2x', 'Image quality at 2x', 62, { minimum: 0, extra: { maximum: 95 } }),
    int('quality_3x', 'Image quality at 3x', 51, { minimum: 0, extra: { maximum: 95 } }),
    json('picture_variants', 'Picture variants', {
      required: true,
      widget: 'json',
      default: {
        large: variant('Large', 'larger', ALL_SCALES),
        medium: variant('Medium', 'teaser', ['preview', 'large', 'larger', 'great']),
        small: variant('Small', 'preview', ['large', 'larger']),
      },
    }),
    bool('image_captioning', 'Enable image captioning', true),
  ]),
  panel('markup', 'Markup', 'Content', [
    choice('default_type', 'Default format', `${V}AllowableContentTypes`, { required: true, default: 'text/html' }),
    tuple('allowed_types', 'Alternative formats', `${V}AllowableContentTypes`, { required: true, default: ['text/html', 'text/x-web-textile'] }),
    list('markdown_extensions', 'Enabled markdown extensions', null, { default: ['markdown.extensions.fenced_code', 'markdown.extensions.nl2br'] }),
  ]),
  panel('usergroup', 'User and Group Settings', 'Users', [bool('many_groups', 'Many groups?', false), bool('many_users', 'Many users?', false)]),
  panel('security', 'Security', 'Security', [
    bool('enable_self_reg', 'Enable self-registration', false),
    bool('enable_user_pwd_choice', 'Let users select their own passwords', false),
    bool('enable_user_folders', 'Enable User Folders', false),
    bool('allow_anon_views_about', "Allow anyone to view 'about' information", false),
    bool('use_email_as_login', 'Use email address as login name', false),
    bool('use_uuid_as_userid', 'Use UUID user ids', false),
    bool('autologin_after_password_reset', 'Login user after password reset', true),
  ]),
];

export const registryPanel = (id: string) => REGISTRY_PANELS.find((p) => p.id === id);
