// Routes of the content object itself: GET, POST (create in a container), PATCH, DELETE.
import type { Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { getNode } from '../../state/nodes.ts';
import { contentListingInTurns, serializeContent } from '../../serialize/content.ts';
import { jsonListing } from '../../http/listing.ts';
import { urlOf } from '../../domain/urls.ts';
import { checkCreate, createContent } from './content.create.ts';
import { checkLock, deleteContent, updateContent } from './content.update.ts';
import { prepareUploads } from './uploads.ts';
import { collectionResults } from './collection.ts';
import { first } from '../../domain/query.ts';
import { serializeVersion } from '../history/history.ts';
import { own } from '../../lib/records.ts';
import { createContentSchema, deleteContentSchema, getContentSchema, updateContentSchema } from './content.schema.ts';

export const contentRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: null,
    on: 'content',
    permission: 'View',
    schema: getContentSchema,
    expandsComponents: true,
    handle: (state, req, services) => {
      const version = first(req.query, 'version');
      if (version !== undefined && version !== 'current') return json(serializeVersion(state, req.context, req, services, version));
      const parts = contentListingInTurns(state, req.context, req, services);
      return parts instanceof Promise ? parts.then(jsonListing) : jsonListing(parts);
    },
  },
  {
    method: 'POST',
    endpoint: null,
    on: 'folderish',
    permission: 'Add portal content',
    bigBody: true,
    schema: createContentSchema,
    // checkCreate reads the types, the container and its ancestors (constraints, roles, workflow)
    decidedOnPath: true,
    prepare: (state, req, services) => {
      const body = req.body as Record<string, unknown>;
      const typeId = body['@type'] as string;
      return Object.hasOwn(state.types, typeId) ? prepareUploads(services.blobs, own(state.types, typeId), body) : undefined;
    },
    handle: (state, req, services) => {
      const body = checkCreate(state, req, req.context, req.body as Record<string, unknown>);
      return {
        write: (draft) => createContent(draft, req, { parentUid: req.context.uid, body, hooks: services.extensions.create }),
        respond: (next, uid: string) => {
          const node = getNode(next, uid)!;
          const url = urlOf(next, node, req.url.siteUrl);
          return json(serializeContent(next, node, { ...req, context: node }, services), 201, { Location: url });
        },
      };
    },
  },
  {
    method: 'PATCH',
    endpoint: null,
    on: 'content',
    permission: 'Modify portal content',
    bigBody: true,
    schema: updateContentSchema,
    prepare: (state, req, services) => prepareUploads(services.blobs, own(state.types, req.context.type), req.body),
    handle: (state, req, services) => {
      const body = req.body as Record<string, unknown>;
      checkLock(req.context, req);
      return {
        write: (draft) => updateContent(draft, req, req.context.uid, body),
        respond: (next, uid: string) => {
          if (req.header('prefer') !== 'return=representation') return noContent();
          const node = getNode(next, uid)!;
          return json(serializeContent(next, node, { ...req, context: node }, services));
        },
      };
    },
  },
  {
    method: 'DELETE',
    endpoint: null,
    on: 'content',
    permission: 'Delete objects',
    schema: deleteContentSchema,
    handle: (_state, req) => {
      if (req.context.parent === null) throw notFound();
      return { write: (draft) => deleteContent(draft, req.context.uid), respond: () => noContent() };
    },
  },
];

export const contentFamily: FamilyManifest = { name: 'content', routes: contentRoutes, hooks: { collectionResults } };
