// conform against cms-oracle behind a fault-injecting HTTP proxy: each fault makes exactly the
// checks about it fail, in the right families, with differences that say what is wrong.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server.ts';
import type { Report } from './model.ts';
import { ConformanceRun } from './runner.ts';
import { startFaultProxy, type Fault } from './testing/fault-proxy.ts';

const EXPECTED: Record<Fault, string[]> = {
  'drop-items-total': [
    'addons.list.items',
    'aliases.context.list-answers-201',
    'aliases.site.add-and-list',
    'comments.list.batched',
    'comments.list.shape',
    'content.collection.lists-query-results',
    'content.folder.batch-links',
    'content.folder.batches-items',
    'content.folder.default-batch-size-25',
    'content.folder.lists-items',
    'content.read.site-root',
    'groups.create.members-listed',
    'groups.list.plain-array',
    'groups.read.group',
    'querystring.collection.batching-and-limit',
    'querystring.search.get-with-encoded-query',
    'querystring.search.limit-and-batching',
    'querystring.search.selection-any',
    'registry.list.batched-records',
    'relations.query.by-source',
    'search.batching.b-size-and-b-start',
    'search.batching.omitted-when-all-fit',
    'search.index.date-ranges',
    'search.results.items-is-an-array',
    'search.results.shape',
    'users.list.user-fields',
    'users.read.own-record',
    'vocabularies.read.batching',
    'vocabularies.read.on-a-context',
    'vocabularies.read.terms',
  ],
  'created-as-200': [
    'aliases.context.list-answers-201',
    'aliases.site.add-and-list',
    'content-rules.elements.add-condition-and-action',
    'content-rules.panel.create-rule',
    'content.create.answers-201-with-location',
    'controlpanels.dexterity-types.create',
    'groups.create.answers-201-with-location',
    'schemas.field.create-answers-201',
    'schemas.field.kinds-by-token',
    'schemas.field.used-by-content',
    'schemas.fieldset.create-answers-201',
    'tus.create.answers-201-with-location',
    'users.create.answers-201-with-location',
    'workingcopy.cancel.deletes-the-copy',
    'workingcopy.checkout.answers-201',
    'workingcopy.delete.copy-ends-the-checkout',
  ],
  'ignore-b-size': [
    'comments.list.batched',
    'content.folder.batch-links',
    'content.folder.batches-items',
    'querystring.collection.batching-and-limit',
    'search.batching.b-size-and-b-start',
    'vocabularies.read.batching',
  ],
};

const FAULTS = Object.keys(EXPECTED) as Fault[];
const reports = new Map<Fault, Report>();
let close: () => Promise<void>;

beforeAll(async () => {
  // One server per fault: runs at the same time against one server would meet in its global
  // settings (registry, control panels), which a run changes and restores.
  const stops: (() => Promise<void>)[] = [];
  close = async () => {
    for (const stop of stops) await stop();
  };
  await Promise.all(
    FAULTS.map(async (fault) => {
      const server = await createServer({ fixture: 'minimal' });
      const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      const proxy = await startFaultProxy(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, [fault]);
      stops.push(() => proxy.close(), () => new Promise((resolve) => http.close(() => resolve())));
      const run = await ConformanceRun.start({ url: `${proxy.origin}/Plone`, admin: server.admin });
      reports.set(fault, await run.run());
    }),
  );
}, 300_000);

afterAll(() => close?.());

const failed = (fault: Fault) => reports.get(fault)!.checks.filter((c) => c.status === 'failed');

describe('conform behind a fault-injecting proxy', () => {
  for (const fault of FAULTS) {
    it(`${fault}: exactly the affected checks fail`, () => {
      expect(failed(fault).map((c) => c.id).sort()).toEqual([...EXPECTED[fault]].sort());
      expect(reports.get(fault)!.warnings).toEqual([]);
    });
  }

  it('created-as-200: each failure shows status expected 201, actual 200', () => {
    for (const c of failed('created-as-200')) {
      expect(c.failure?.differences[0]).toEqual({ path: 'status', expected: '201', actual: '200' });
      // Creates are POSTs; GET <content>/@aliases and GET /@aliases also answer 201 (seed: Aliases).
      const step = c.steps[c.failure!.step!];
      expect(step.status, c.id).toBe(200);
      expect(step.method === 'POST' || (step.method === 'GET' && step.url.includes('@aliases')), c.id).toBe(true);
    }
  });

  it('drop-items-total: each failure names an items_total that is missing', () => {
    for (const c of failed('drop-items-total')) {
      expect(c.failure?.differences.some((d) => d.path.endsWith('items_total') && d.actual === '(missing)'), c.id).toBe(true);
    }
  });

  it('ignore-b-size: each failure is about the batch (batching object or batch length)', () => {
    for (const c of failed('ignore-b-size')) {
      const text = JSON.stringify(c.failure?.differences);
      expect(text, c.id).toMatch(/batching|items/);
      expect(c.steps[c.failure!.step!].url, c.id).toContain('b_size=');
    }
  });

  it('the families of the failures are the families of the checks', () => {
    const families = (fault: Fault) => [...new Set(failed(fault).map((c) => c.family))].sort();
    expect(families('created-as-200')).toEqual(['aliases', 'content', 'content-rules', 'controlpanels', 'groups', 'schemas', 'tus', 'users', 'workingcopy']);
    expect(families('ignore-b-size')).toEqual(['comments', 'content', 'querystring', 'search', 'vocabularies']);
    expect(families('drop-items-total')).toEqual(['addons', 'aliases', 'comments', 'content', 'groups', 'querystring', 'registry', 'relations', 'search', 'users', 'vocabularies']);
    for (const fault of FAULTS) {
      const report = reports.get(fault)!;
      for (const f of report.families) expect(f.failed).toBe(failed(fault).filter((c) => c.family === f.family).length);
      expect(report.summary.failed).toBe(EXPECTED[fault].length);
    }
  });
});
