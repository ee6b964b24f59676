// @upgrade: the upgrade information, a dry run (changes nothing), a real run (only where
// RobotRemote takes the site back afterwards), and who may do it.
import type { CheckContext } from '../context.ts';
import { anyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const STEPS = satisfies('an object of step lists [{id, title}]', (steps) =>
  typeof steps === 'object' && steps !== null && Object.values(steps).every((list) => Array.isArray(list) && list.every((s: any) => typeof s?.id === 'string' && typeof s?.title === 'string')),
);

async function versions(t: CheckContext): Promise<{ fs?: string; instance?: string }> {
  return t.need(await t.get('/@upgrade'), 'reading @upgrade').body?.versions ?? {};
}

export default family('upgrade', [
  {
    id: 'upgrade.read.information',
    level: 'MUST',
    source: seed('Resources/Upgrade information; Endpoints/Upgrade (GET)'),
    title: 'GET /@upgrade answers {@id, upgrade_steps: {<from>-<to>: [{id, title}]}, versions: {fs, instance}}',
    async run(t) {
      const r = await t.get('/@upgrade');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@upgrade'), upgrade_steps: STEPS, versions: { fs: anyString, instance: anyString } });
      const keys = Object.keys(r.body?.upgrade_steps ?? {});
      t.like(keys, satisfies('keys of the form <from>-<to>', (k) => k.every((key: string) => /^[^-]+-[^-]+$/.test(key))), 'the keys of upgrade_steps');
    },
  },
  {
    id: 'upgrade.dry-run.changes-nothing',
    level: 'MUST',
    source: seed('States/Site upgrade (dry_run: true: unchanged); Endpoints/Upgrade (POST: {@id, dry_run, report, upgraded, versions})'),
    title: 'POST /@upgrade {dry_run: true} answers 200 {@id, dry_run: true, report, upgraded: false, versions}; the instance version stays',
    async run(t) {
      const before = await versions(t);
      const r = await t.post('/@upgrade', { dry_run: true });
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@upgrade'), dry_run: true, report: anyString, upgraded: false, versions: { fs: before.fs, instance: before.instance } });
      t.like(await versions(t), before, 'the versions afterwards');
    },
  },
  {
    id: 'upgrade.run.brings-instance-to-fs',
    level: 'MUST',
    source: seed('States/Site upgrade (dry_run: false: instance equals fs, upgraded true)'),
    title: 'POST /@upgrade {dry_run: false} answers upgraded true and the instance version becomes the fs version (run only where RobotRemote restores the site)',
    needs: ['robot-remote'],
    async run(t) {
      const { fs, instance } = await versions(t);
      const r = await t.post('/@upgrade', { dry_run: false });
      t.status(r, 200);
      t.body(r, { dry_run: false, report: anyString, ...(instance !== fs ? { upgraded: true } : {}), versions: { fs, instance: fs } });
      t.like(await versions(t), { fs, instance: fs }, 'the versions afterwards');
      t.body(await t.get('/@upgrade'), { upgrade_steps: {} }, 'GET /@upgrade afterwards');
    },
  },
  {
    id: 'upgrade.access.managers-only',
    level: 'MUST',
    source: seed('Endpoints/Upgrade (permission cmf.ManagePortal, Manager role)'),
    title: 'Members and Anonymous can neither read nor run the upgrade (401 or 403); the versions stay',
    async run(t) {
      const before = await versions(t);
      const member = await t.token(await t.user());
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.get('/@upgrade', { auth }), [401, 403], 'GET /@upgrade');
        t.status(await t.post('/@upgrade', { dry_run: false }, { auth }), [401, 403], 'POST /@upgrade');
      }
      t.like(await versions(t), before, 'the versions afterwards');
    },
  },
  {
    id: 'upgrade.dry-run.boolean-validated',
    level: 'SHOULD',
    source: supplement('4 (booleans validated strictly since 10.0.0)'),
    title: 'dry_run that is not a boolean answers 400 and changes nothing',
    async run(t) {
      const before = await versions(t);
      t.status(await t.post('/@upgrade', { dry_run: 'maybe' }), 400);
      t.like(await versions(t), before, 'the versions afterwards');
    },
  },
  {
    id: 'upgrade.read.system-flags-a-pending-upgrade',
    level: 'SHOULD',
    source: supplement('28; 31.12 (@system upgrade: true when instance and fs differ)'),
    title: '@system shows upgrade true exactly when the instance version differs from the fs version',
    async run(t) {
      const { fs, instance } = await versions(t);
      t.body(await t.get('/@system'), { upgrade: fs !== instance, plone_gs_metadata_version_installed: anyString }, 'GET /@system');
    },
  },
]);
