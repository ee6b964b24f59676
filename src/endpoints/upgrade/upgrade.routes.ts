// @upgrade (seed: Upgrade information, Site upgrade; supplement 28). A dry run computes the next
// state with the same reducer and throws it away; a real run commits it.
import { produce } from 'immer';
import { isManager } from '../../auth/roles.ts';
import { parseBoolean } from '../../domain/query.ts';
import { json, type ApiRequest, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { upgradeSchema } from './upgrade.schema.ts';
import { readUpgradeSchema } from './upgrade.get.schema.ts';
import { pendingSiteSteps, runUpgrade, versions } from './steps.ts';
import { asObjectBody } from '../../http/body.ts';

const MANAGE = 'Manage portal';

function requireManager(state: SiteState, req: ApiRequest): void {
  if (!isManager(state, req.principal)) throw unauthorized();
}

function dryRunFlag(body: unknown): boolean {
  const raw = asObjectBody(body, { style: 'bad-request-service', absentIsEmpty: true }).dry_run;
  if (raw === undefined) return false;
  const flag = parseBoolean(raw);
  if (flag === undefined) throw badRequest(`Invalid value for dry_run: ${JSON.stringify(raw)}`, 'service');
  return flag;
}

const report = (lines: string[], dryRun: boolean) =>
  (dryRun ? ['Dry run selected.', ...lines, 'Dry run selected, transaction aborted'] : lines).map((l) => l + '\n').join('');

function answer(req: ApiRequest, state: SiteState, lines: string[], dryRun: boolean) {
  return json({ '@id': `${req.url.siteUrl}/@upgrade`, dry_run: dryRun, report: report(lines, dryRun), upgraded: !dryRun, versions: versions(state) });
}

export const upgradeRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@upgrade',
    schema: readUpgradeSchema,
    on: 'site',
    permission: MANAGE,
    handle: (state, req) => {
      requireManager(state, req);
      return json({ '@id': `${req.url.siteUrl}/@upgrade`, upgrade_steps: pendingSiteSteps(state), versions: versions(state) });
    },
  },
  {
    method: 'POST',
    endpoint: '@upgrade',
    schema: upgradeSchema,
    on: 'site',
    permission: MANAGE,
    handle: (state, req) => {
      requireManager(state, req);
      if (dryRunFlag(req.body)) {
        let lines: string[] = [];
        produce(state, (draft) => void (lines = runUpgrade(draft)));
        return answer(req, state, lines, true);
      }
      return { write: (draft) => runUpgrade(draft), respond: (next, lines: string[]) => answer(req, next, lines, false) };
    },
  },
];

export const upgradeFamily: FamilyManifest = { name: 'upgrade', routes: upgradeRoutes };
