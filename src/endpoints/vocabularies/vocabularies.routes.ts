// GET <ctx>/@vocabularies, <ctx>/@vocabularies/<name>, <content>/@sources/<field> and
// <ctx>/@querysources/<field>?query= (seed "Vocabularies and sources", supplement 16).
import type { RoutePath } from '../../http/route-path.ts';
import { hasPermission } from '../../auth/check.ts';
import { first, has } from '../../domain/query.ts';
import type { ApiRequest, Route, Services } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { ApiError, unauthorized } from '../../lib/errors.ts';
import { urlOf } from '../../domain/urls.ts';
import type { SiteState } from '../../state/model.ts';
import type { Vocabulary } from './model.ts';
import { VOCABULARY_NAMES, vocabularyNamed } from './registry.ts';
import { badRequest, FIELD, fieldSource, notIterable, notQuerySource, searchTerms } from './sources.ts';
import { termsSchema, vocabulariesSchema } from './vocabularies.schema.ts';
import { filterTerms, termsBody } from './terms.ts';

const ACCESS_VOCABULARIES = 'cms.restapi: Access Plone vocabularies';

function listing(state: SiteState, req: ApiRequest) {
  if (!hasPermission(state, req.principal, req.context, 'View')) throw unauthorized();
  const base = `${urlOf(state, req.context, req.url.siteUrl)}/@vocabularies`;
  return json(VOCABULARY_NAMES.map((name) => ({ '@id': `${base}/${name}`, title: name })));
}

/** 401 for Anonymous, 403 for others, when the vocabulary's permission is missing (supplement 16.3). */
function checkAccess(state: SiteState, req: ApiRequest, name: string, vocabulary: Vocabulary | undefined): void {
  if (hasPermission(state, req.principal, req.context, vocabulary?.permission ?? 'View')) return;
  if (req.principal.id === null) {
    throw new ApiError(401, 'Not authenticated', `You need to be authenticated to access the vocabulary '${name}'.`, 'service');
  }
  throw new ApiError(403, 'Not authorized', `You are not authorized to access the vocabulary '${name}'.`, 'service');
}

function getVocabulary(state: SiteState, req: ApiRequest, services: Services) {
  const [name] = req.url.params;
  if (name === undefined) return listing(state, req);
  const vocabulary = vocabularyNamed(name);
  checkAccess(state, req, name, vocabulary);
  if (!vocabulary) throw new ApiError(404, 'Not Found', `The vocabulary '${name}' does not exist`, 'service');
  return json(termsBody(req, filterTerms(req, vocabulary.terms({ state, req, services }))));
}

function getSource(state: SiteState, req: ApiRequest, services: Services) {
  const { name, source } = fieldSource(state, req);
  if (!source.iterable) throw notIterable(name);
  return json(termsBody(req, filterTerms(req, source.terms({ state, req, services }))));
}

function getQuerySource(state: SiteState, req: ApiRequest, services: Services) {
  const { name, source } = fieldSource(state, req);
  if (!has(req.query, 'query')) {
    throw badRequest('Enumerating querysources is not supported. Please search the source using the ?query= QS parameter');
  }
  if (source.iterable) throw notQuerySource(name);
  return json(termsBody(req, searchTerms(source.terms({ state, req, services }), first(req.query, 'query') ?? '')));
}

/** One vocabulary by name (further segments are not looked at), or the list. */
const VOCABULARY: RoutePath = {
  forms: ['', '/{vocabulary}'],
  params: { vocabulary: { description: 'Name of the vocabulary, e.g. `plone.app.vocabularies.ReviewStates`.' } },
  more: 'ignored',
};

export const vocabulariesRoutes: Route[] = [
  { method: 'GET', endpoint: '@vocabularies', on: 'content', permission: null, path: VOCABULARY, schema: vocabulariesSchema, handle: getVocabulary },
  { method: 'GET', endpoint: '@sources', on: 'item', permission: ACCESS_VOCABULARIES, path: FIELD, schema: termsSchema, handle: getSource },
  { method: 'GET', endpoint: '@querysources', on: 'content', permission: ACCESS_VOCABULARIES, path: FIELD, schema: termsSchema, handle: getQuerySource },
];

export const vocabulariesFamily: FamilyManifest = { name: 'vocabularies', routes: vocabulariesRoutes };
