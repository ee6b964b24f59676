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

const ADDON = { description: 'Id of the add-on.' };

export const addonsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@addons',
    schema: readAddonsSchema,
    on: 'site',
    permission: MANAGE,
    path: { forms: ['', '/{addon}'], params: { addon: ADDON }, more: 'ignored' },
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
    path: {
      forms: ['/{addon}/{action}', '/{addon}/{action}/{profile}'],
      params: {
        addon: ADDON,
        action: { description: '`install`, `uninstall`, `upgrade`, or `import` (of the profile named after it).' },
        profile: { description: 'Name of the profile to import (with `import`).' },
      },
      more: 'ignored',
    },
    handle: (_state, req, services) => {
      const [id, action, profile] = req.url.params;
      const addon = findAddon(id);
      if (!addon) throw notFound();
      return {
        write: (draft) => runAction(draft, addon, action, profile, services.extensions.addons, req),
        respond: (next) => (/return=representation/.test(req.header('prefer') ?? '') ? json({ items: addonList(next, req).items }) : noContent()),
      };
    },
  },
];

export const addonsFamily: FamilyManifest = { name: 'addons', routes: addonsRoutes };
