// @addons (seed: Add-ons; supplement 24): list, detail, install/uninstall/upgrade/import.
import { json, noContent, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { has } from '../../domain/query.ts';
import { notFound } from '../../lib/errors.ts';
import { findAddon } from './catalog.ts';
import { runAction } from './actions.ts';
import { changeAddonsSchema, readAddonsSchema } from './addons.schema.ts';
import { addonDetail, addonList } from './serialize.ts';

const MANAGE = 'Manage portal';

export const addonsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@addons',
    schema: readAddonsSchema,
    on: 'site',
    permission: MANAGE,
    handle: (state, req) => {
      const [id] = req.url.params;
      if (id === undefined) return json(addonList(state, req, has(req.query, 'upgradeable')));
      const addon = findAddon(id);
      if (!addon) throw notFound(); // an unknown name is a 404 (Plone answers 200 [])
      return json(addonDetail(state, req, addon));
    },
  },
  {
    method: 'POST',
    endpoint: '@addons',
    schema: changeAddonsSchema,
    on: 'site',
    permission: MANAGE,
    handle: (_state, req, services) => {
      const [id, action, profile] = req.url.params;
      const addon = id === undefined ? undefined : findAddon(id);
      if (!addon || action === undefined) throw notFound();
      return {
        write: (draft) => runAction(draft, addon, action, profile, services.extensions.addons, req),
        respond: (next) => (/return=representation/.test(req.header('prefer') ?? '') ? json({ items: addonList(next, req).items }) : noContent()),
      };
    },
  },
];

export const addonsFamily: FamilyManifest = { name: 'addons', routes: addonsRoutes };
