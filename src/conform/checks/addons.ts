// @addons: the list and its upgradeable filter, the detail, install and uninstall (an add-on
// that is not installed is installed and uninstalled again), upgrade (only where RobotRemote
// takes the site back afterwards) and who may do it.
import type { CheckContext } from '../context.ts';
import { anyArray, anyBoolean, anyObject, anyString, anything, nullable, oneOf, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

interface Addon {
  id: string;
  is_installed?: unknown;
  has_uninstall_profile?: unknown;
  uninstall_profile_id?: unknown;
  upgrade_info?: { available?: unknown };
}

/** Add-ons whose installing and uninstalling changes little else (tried first). */
const QUIET = ['cms.app.caching', 'plone.app.caching', 'cms.session', 'plone.session'];

async function list(t: CheckContext, query = ''): Promise<Addon[]> {
  const r = t.need(await t.get(`/@addons${query}`), `listing the add-ons${query}`);
  return Array.isArray(r.body?.items) ? r.body.items : [];
}

/**
 * An add-on to install and uninstall: not installed, with an uninstall profile, not the
 * multilingual one (installing it makes content); the quiet ones first.
 */
async function spare(t: CheckContext): Promise<string> {
  const candidates = (await list(t)).filter(
    (a) => a.is_installed !== true && a.is_installed !== 'True' && (a.has_uninstall_profile === true || !!a.uninstall_profile_id) && !/multilingual/i.test(a.id),
  );
  const pick = candidates.find((a) => QUIET.includes(a.id)) ?? candidates[0];
  if (!pick) t.fail('setup: no add-on is both uninstalled and uninstallable', [{ path: 'items', expected: 'an add-on with is_installed false and an uninstall profile', actual: '(none)' }]);
  return pick.id;
}

const installed = async (t: CheckContext, id: string) => (await list(t)).find((a) => a.id === id)?.is_installed;

const PROFILE = { id: anyString, product: nullable(anyString), title: anyString, description: nullable(anyString), for: anything, type: anything, version: anything, pre_handler: anything, post_handler: anything };

export default family('addons', [
  {
    id: 'addons.list.items',
    level: 'MUST',
    source: seed('Endpoints/Add-ons (GET /@addons: {@id, items, items_total}); Resources/Add-on (list item fields)'),
    title: 'GET /@addons answers {@id, items, items_total}; each item has @id, id, title, description, version, is_installed, has_uninstall_profile',
    async run(t) {
      const r = await t.get('/@addons');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@addons'), items: anyArray, items_total: (r.body?.items ?? []).length });
      const item = { '@id': anyString, id: anyString, title: anyString, description: anything, version: anything, is_installed: anything, has_uninstall_profile: anything };
      t.like(r.body?.items, satisfies('a list of add-ons', (items) => items.length > 0), 'the items');
      for (const [n, a] of (r.body.items as Addon[]).entries()) t.like(a, { ...item, '@id': t.url(`/@addons/${a.id}`) }, `items[${n}]`);
    },
  },
  {
    id: 'addons.list.real-booleans',
    level: 'SHOULD',
    source: supplement('30 (C12: is_installed a real boolean, upgrade_info for Volto)'),
    title: 'is_installed is a JSON boolean; installed add-ons have upgrade_info {available, installedVersion, newVersion}',
    async run(t) {
      for (const a of await list(t)) {
        t.like(a, { is_installed: anyBoolean, upgrade_info: anyObject }, `the add-on ${a.id}`);
        if (a.is_installed === true && Object.keys(a.upgrade_info ?? {}).length) {
          t.like(a.upgrade_info, { available: anyBoolean, installedVersion: anyString, newVersion: anyString }, `the upgrade_info of ${a.id}`);
        }
      }
    },
  },
  {
    id: 'addons.read.detail',
    level: 'MUST',
    source: seed('Resources/Add-on (detail fields); Endpoints/Add-ons (GET /@addons/<id>)'),
    title: 'GET /@addons/<id> answers the add-on with profile_type, upgrade_profiles, upgrade_info, the profile ids and install/uninstall profiles',
    async run(t) {
      const id = (await list(t))[0]?.id ?? 'cms.restapi';
      const r = await t.get(`/@addons/${encodeURIComponent(id)}`);
      t.status(r, 200);
      t.body(r, {
        id,
        profile_type: anything,
        upgrade_profiles: anything,
        upgrade_info: anyObject,
        install_profile_id: anyString,
        uninstall_profile_id: anything,
        other_profiles: anything,
        install_profile: PROFILE,
        uninstall_profile: oneOf(null, PROFILE),
      });
    },
  },
  {
    id: 'addons.install.and-uninstall',
    level: 'MUST',
    source: seed('States/Add-on (install, uninstall); Endpoints/Add-ons (204)'),
    title: 'POST @addons/<id>/install answers 204 and the add-on is installed; POST …/uninstall answers 204 and it is not',
    async run(t) {
      const id = await spare(t);
      t.later(`uninstall the add-on ${id}`, async () => {
        if ((await installed(t, id)) === true) return t.post(`/@addons/${encodeURIComponent(id)}/uninstall`);
      });
      t.status(await t.post(`/@addons/${encodeURIComponent(id)}/install`), 204, `POST @addons/${id}/install`);
      t.like(await installed(t, id), true, `is_installed of ${id} after the install`);
      t.status(await t.post(`/@addons/${encodeURIComponent(id)}/uninstall`), 204, `POST @addons/${id}/uninstall`);
      t.like(await installed(t, id), false, `is_installed of ${id} after the uninstall`);
    },
  },
  {
    id: 'addons.list.upgradeable-filter',
    level: 'MUST',
    source: seed('Endpoints/Add-ons (upgradeable: only add-ons with a pending upgrade); supplement 24 (upgrade_info.available)'),
    title: 'GET /@addons?upgradeable=1 lists exactly the installed add-ons with a pending upgrade',
    async run(t) {
      const all = await list(t);
      const pending = all.filter((a) => a.is_installed === true && a.upgrade_info?.available === true).map((a) => a.id);
      const r = await t.get('/@addons?upgradeable=1');
      t.status(r, 200);
      t.like(r.body?.items?.map((a: Addon) => a.id), pending, 'the ids of the upgradeable add-ons');
    },
  },
  {
    id: 'addons.upgrade.runs-the-pending-steps',
    level: 'MUST',
    source: seed('States/Add-on (installed with pending upgrade steps -> upgrade -> upgraded)'),
    title: 'POST @addons/<id>/upgrade answers 204; the add-on is no longer upgradeable (run only where RobotRemote restores the site)',
    needs: ['robot-remote'],
    async run(t) {
      const id = (await list(t, '?upgradeable=1'))[0]?.id;
      if (!id) t.fail('setup: no add-on has a pending upgrade', [{ path: 'GET /@addons?upgradeable=1', expected: 'an add-on', actual: '(none)' }]);
      t.status(await t.post(`/@addons/${encodeURIComponent(id)}/upgrade`), 204);
      t.like((await list(t, '?upgradeable=1')).map((a) => a.id), satisfies(`a list without ${id}`, (ids) => !ids.includes(id)), 'the upgradeable add-ons afterwards');
    },
  },
  {
    id: 'addons.access.managers-only',
    level: 'MUST',
    source: seed('Endpoints/Add-ons (permission cmf.ManagePortal); Authentication 7'),
    title: 'Members and Anonymous can neither list nor install add-ons (401 or 403); nothing is installed',
    async run(t) {
      const id = await spare(t);
      const member = await t.token(await t.user());
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.get('/@addons', { auth }), [401, 403], 'GET /@addons');
        t.status(await t.post(`/@addons/${encodeURIComponent(id)}/install`, undefined, { auth }), [401, 403], `POST @addons/${id}/install`);
      }
      t.like(await installed(t, id), false, `is_installed of ${id} afterwards`);
    },
  },
]);
