// The conformance checks (src/conform/checks) run against each bundled fixture, one test per
// check so that a failure names its check id; afterwards the site must be as the run found it.
// With SPEC_BASE_URL they run once, against that server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks } from '../src/conform/checks/index.ts';
import type { Fingerprint } from '../src/conform/fingerprint.ts';
import { fingerprintChanges } from '../src/conform/fingerprint.ts';
import { failureText } from '../src/conform/report/text.ts';
import { ConformanceRun, familiesOf } from '../src/conform/runner.ts';
import { connect } from './client.ts';

const FIXTURES = process.env.SPEC_BASE_URL ? ['remote'] : ['demo', 'minimal', 'multilingual'];

for (const fixture of FIXTURES) {
  describe(`conform: ${fixture}`, () => {
    let run: ConformanceRun;
    let before: Fingerprint;

    beforeAll(async () => {
      const api = await connect(fixture === 'remote' ? {} : { fixture });
      run = await ConformanceRun.start({ url: api.base, admin: api.admin, transport: api.transport });
      before = await run.fingerprint();
    });

    for (const family of familiesOf(allChecks)) {
      describe(family, () => {
        beforeAll(() => run.beginFamily(family));
        afterAll(() => run.endFamily(family));
        for (const check of allChecks.filter((c) => c.family === family)) {
          it(check.id, async (ctx) => {
            const result = await run.runCheck(check);
            if (result.status === 'failed' || result.status === 'known') expect.fail(failureText(result));
            if (result.status === 'not_applicable') ctx.skip(result.reason);
          });
        }
      });
    }

    it('leaves content, users, groups, registry, aliases, relations, types, rules and add-ons as it found them', async () => {
      expect(run.warnings).toEqual([]);
      expect(fingerprintChanges(before, await run.fingerprint())).toEqual([]);
    });
  });
}
