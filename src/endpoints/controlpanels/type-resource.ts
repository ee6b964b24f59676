// The content-types panel as the API shows it (supplement 13.4): the list of types with their
// object counts, and one type as `{@id, title, description, group, schema, data, items}`.
import type { SiteState } from '../../state/model.ts';
import { allNodes } from '../../state/nodes.ts';
import { indexedCatalog } from '../../catalog/catalog.ts';
import type { TypeDef } from '../../types/model.ts';
import { SITE_ROOT_TYPE } from '../../types/defaults.ts';
import { behaviorChoices } from './behavior-catalogue.ts';

export const TYPES_PANEL = { id: 'dexterity-types', title: 'Content Types', group: 'Content' } as const;

export const typesPanelUrl = (siteUrl: string) => `${siteUrl}/@controlpanels/${TYPES_PANEL.id}`;

/** Install order of the default types; types added later follow in the order they were made. */
const INSTALL_ORDER = [SITE_ROOT_TYPE, 'Collection', 'Document', 'Folder', 'Link', 'File', 'Image', 'News Item', 'Event'];

export function typesInOrder(state: SiteState): TypeDef[] {
  const rank = (t: TypeDef) => {
    const i = INSTALL_ORDER.indexOf(t.id);
    return i === -1 ? INSTALL_ORDER.length : i;
  };
  return Object.values(state.types)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t);
}

/** Objects per type: the catalog's portal_type postings (a walk only without a live catalog). */
function typeCounts(state: SiteState): (type: string) => number {
  const catalog = indexedCatalog(state);
  if (catalog) return (type) => catalog.countOf('portal_type', type);
  const counts = new Map<string, number>();
  for (const node of allNodes(state)) counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
  return (type) => counts.get(type) ?? 0;
}

export function typesPanelJson(state: SiteState, siteUrl: string): Record<string, unknown> {
  const counts = typeCounts(state);
  const base = typesPanelUrl(siteUrl);
  return {
    '@id': base,
    data: {},
    group: TYPES_PANEL.group,
    items: typesInOrder(state).map((t) => ({
      '@id': `${base}/${t.id}`,
      '@type': t.id,
      count: counts(t.id),
      description: t.description,
      id: t.id,
      meta_type: 'Dexterity FTI',
      title: t.title,
    })),
    title: TYPES_PANEL.title,
  };
}

const FILTER_CHOICES = ['none', 'all', 'some'];

function typeSchema(state: SiteState, siteUrl: string): Record<string, unknown> {
  const behaviors = behaviorChoices(state);
  const yesNo = (title: string, description: string) => ({ description, factory: 'Yes/No', title, type: 'boolean' });
  return {
    fieldsets: [
      { behavior: 'plone', fields: ['title', 'description', 'allowed_content_types', 'filter_content_types'], id: 'default', title: 'Default' },
      { behavior: 'plone', fields: behaviors.map((b) => b.name), id: 'behaviors', title: 'Behaviors' },
    ],
    properties: {
      title: { description: '', factory: 'Text line (String)', title: 'Type Name', type: 'string' },
      description: { description: '', factory: 'Text', title: 'Description', type: 'string', widget: 'textarea' },
      allowed_content_types: {
        additionalItems: true,
        description: '',
        factory: 'Multiple Choice',
        items: {
          description: '',
          factory: 'Choice',
          title: '',
          type: 'string',
          vocabulary: { '@id': `${siteUrl}/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes` },
        },
        title: 'Allowed Content Types',
        type: 'array',
        uniqueItems: true,
      },
      filter_content_types: {
        choices: FILTER_CHOICES.map((t) => [t, null]),
        default: 'none',
        description: 'Items of this type can act as a folder containing other  items. What content types should be allowed inside?',
        enum: FILTER_CHOICES,
        enumNames: FILTER_CHOICES.map(() => null),
        factory: 'Choice',
        title: 'Filter Contained Types',
        type: 'string',
        vocabulary: { '@id': `${siteUrl}/@sources/filter_content_types` },
      },
      ...Object.fromEntries(behaviors.map((b) => [b.name, yesNo(b.title, b.description)])),
    },
    required: ['title', 'filter_content_types'],
    type: 'object',
  };
}

export function typeResourceJson(state: SiteState, type: TypeDef, siteUrl: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    allowed_content_types: type.allowedTypes ?? [],
    description: type.description,
    filter_content_types: type.allowedTypes !== null,
    title: type.title,
  };
  for (const b of behaviorChoices(state)) data[b.name] = type.behaviors.includes(b.name);
  return {
    '@id': `${typesPanelUrl(siteUrl)}/${type.id}`,
    data,
    description: type.description,
    group: TYPES_PANEL.group,
    items: [],
    schema: typeSchema(state, siteUrl),
    title: type.title,
  };
}
