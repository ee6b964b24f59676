// @translations (GET/POST/DELETE), @translation-locator and the `translations` component
// (supplement 20). Only a multilingual site has them.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { Component, FamilyManifest } from '../../http/types.ts';
import { bodyFields } from '../../http/body.ts';
import { json, noContent } from '../../http/types.ts';
import { first } from '../../domain/query.ts';
import { badRequest, notFound, shown } from '../../lib/errors.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { canView } from '../../auth/check.ts';
import { urlOf } from '../../domain/urls.ts';
import { resolveReference } from '../content/references.ts';
import { languageOf, linkTranslation, translationsOf, unlinkTranslation } from './groups.ts';
import { isMultilingual, isTranslatable, languageRootOf, languageRoots, LRF } from './multilingual.ts';
import { translationLocation } from './locator.ts';
import { linkSchema, locatorSchema, readTranslationsSchema, unlinkSchema } from './translations.schema.ts';
import { afterCreate } from './on-create.ts';
import { multilingualAddon } from './addon.ts';

const fail = (message: string) => badRequest(message, 'service');

function requireMultilingual(state: SiteState): void {
  if (!isMultilingual(state)) throw notFound();
}

export function translationInfo(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const node = req.context;
  const url = urlOf(state, node, req.url.siteUrl);
  const out: Record<string, unknown> = { '@id': `${url}/@translations` };
  if (!languageRootOf(state, node)) return out;
  const own = languageOf(node);
  const items = [...translationsOf(state, node)]
    .filter(([lang, member]) => lang !== own && canView(state, req.principal, member))
    .map(([lang, member]) => ({ '@id': urlOf(state, member, req.url.siteUrl), language: lang }));
  const root = Object.fromEntries([...languageRoots(state)].map(([lang, lrf]) => [lang, urlOf(state, lrf, req.url.siteUrl)]));
  return { ...out, items, root };
}

/** The link target named by `id` (URL, path or UID), checked against the rules of supplement 20. */
export function checkLink(state: SiteState, source: ContentNode, id: unknown): ContentNode {
  if (id === undefined || id === null || id === '') throw fail('Missing content id to link to');
  const uid = resolveReference(state, id);
  const target = uid ? getNode(state, uid) : undefined;
  if (!target || target.parent === null) throw fail('Content does not exist');
  if ((target.type === LRF) !== (source.type === LRF)) throw fail('Language Root Folders can only be linked between each other');
  const targetLanguage = languageOf(target);
  if (translationsOf(state, source).has(targetLanguage)) throw fail(`Source already translated into language ${targetLanguage}`);
  const sourceLanguage = languageOf(source);
  if (translationsOf(state, target).has(sourceLanguage)) throw fail(`Target already translated into language ${sourceLanguage}`);
  return target;
}

function link(state: SiteState, req: ApiRequest) {
  requireMultilingual(state);
  const body = bodyFields(req.body);
  const target = checkLink(state, req.context, body.id);
  return {
    write: (draft: SiteState) => linkTranslation(draft, getNode(draft, req.context.uid)!, getNode(draft, target.uid)!),
    respond: (next: SiteState) => json({}, 201, { Location: urlOf(next, req.context, req.url.siteUrl) }),
  };
}

function unlink(state: SiteState, req: ApiRequest) {
  requireMultilingual(state);
  const body = bodyFields(req.body);
  const language = body.language;
  if (language === undefined || language === null) throw fail('You need to provide the language to unlink');
  const member = translationsOf(state, req.context).get(String(language));
  if (!member) throw fail(`This objects is not translated into ${shown(language)}`);
  if (req.context.type === LRF) throw fail('Language Root Folders cannot be unlinked');
  return {
    write: (draft: SiteState) => unlinkTranslation(draft, getNode(draft, member.uid)!),
    respond: () => noContent(),
  };
}

function locate(state: SiteState, req: ApiRequest) {
  requireMultilingual(state);
  const language = first(req.query, 'target_language');
  if (!language) throw fail('You need to provide the target_language');
  return json({ '@id': urlOf(state, translationLocation(state, req.context, language), req.url.siteUrl) });
}

const translationsComponent: Component = {
  name: 'translations',
  present: isTranslatable,
  expand: translationInfo,
};

export const translationsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@translations',
    schema: readTranslationsSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req) => {
      requireMultilingual(state);
      return json(translationInfo(state, req));
    },
  },
  { method: 'POST', endpoint: '@translations', on: 'content', permission: 'Manage Translations', schema: linkSchema, handle: link },
  { method: 'DELETE', endpoint: '@translations', on: 'content', permission: 'Manage Translations', schema: unlinkSchema, handle: unlink },
  { method: 'GET', endpoint: '@translation-locator', on: 'content', permission: 'Manage Translations', schema: locatorSchema, handle: locate },
];

export const translationsFamily: FamilyManifest = { name: 'translations', routes: translationsRoutes, components: [translationsComponent], hooks: { create: afterCreate, addons: { 'cms.app.multilingual': multilingualAddon } } };
