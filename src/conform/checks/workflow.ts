// @workflow: state, offered transitions, history, executing transitions (comment, dates,
// include_children), refusals, the component.
import type { CheckContext } from '../context.ts';
import { anyArray, anyString, containing, isoTimestamp, satisfies, sameMembers } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

async function page(t: CheckContext, id = 'page'): Promise<string> {
  const box = await t.sandbox();
  return (await t.create(box, { '@type': 'Document', id, title: 'Workflow page' })).path;
}

export default family('workflow', [
  {
    id: 'workflow.read.information',
    level: 'MUST',
    source: seed('Resources/Workflow information'),
    title: 'GET @workflow answers {@id, history, state: {id, title}, transitions: [{@id, title}]}',
    async run(t) {
      const p = await page(t);
      const r = await t.get(`${p}/@workflow`);
      t.status(r, 200);
      t.body(r, {
        '@id': t.url(`${p}/@workflow`),
        history: [{ action: null, actor: t.admin.user, comments: anyString, review_state: 'private', time: isoTimestamp, title: anyString }],
        state: { id: 'private', title: 'Private' },
        transitions: anyArray,
      });
    },
  },
  {
    id: 'workflow.read.submit-and-publish-offered-from-private',
    level: 'MUST',
    source: seed('States/Workflow (the submit transition is offered from private)'),
    title: 'From private the Manager is offered publish and submit ("Submit for publication")',
    async run(t) {
      const p = await page(t);
      const r = await t.get(`${p}/@workflow`);
      t.body(r, {
        transitions: containing([
          { '@id': t.url(`${p}/@workflow/publish`), title: anyString },
          { '@id': t.url(`${p}/@workflow/submit`), title: 'Submit for publication' },
        ]),
      });
    },
  },
  {
    id: 'workflow.transition.publish',
    level: 'MUST',
    source: seed('States/Workflow; Endpoints/Workflow (transition result)'),
    title: 'POST @workflow/publish answers the transition result; the object is published and the history grows',
    async run(t) {
      const p = await page(t);
      const r = await t.post(`${p}/@workflow/publish`);
      t.status(r, 200);
      t.body(r, { action: 'publish', actor: t.admin.user, comments: anyString, review_state: 'published', time: isoTimestamp, title: anyString });
      t.body(await t.get(p), { review_state: 'published' }, 'the object afterwards');
      t.body(await t.get(`${p}/@workflow`), { state: { id: 'published' }, history: satisfies('two entries, the last one publish', (h) => h.length === 2 && h[1].action === 'publish') }, 'GET @workflow afterwards');
    },
  },
  {
    id: 'workflow.transition.comment-in-history',
    level: 'MUST',
    source: seed('States/Workflow (history entry with comment)'),
    title: 'The comment of a transition is kept in the workflow history',
    async run(t) {
      const p = await page(t);
      await t.post(`${p}/@workflow/publish`, { comment: 'Looks good' });
      t.body(await t.get(`${p}/@workflow`), { history: satisfies('a publish entry with comments "Looks good"', (h) => h.some((e: any) => e.action === 'publish' && e.comments === 'Looks good')) });
    },
  },
  {
    id: 'workflow.transition.sets-effective-and-expires',
    level: 'MUST',
    source: seed('States/Workflow (effective and expires are set when given)'),
    title: 'effective and expires in the transition body are set on the object',
    async run(t) {
      const p = await page(t);
      t.status(await t.post(`${p}/@workflow/publish`, { effective: '2030-01-02T03:04:05+00:00', expires: '2031-01-01T00:00:00+00:00' }), 200);
      t.body(await t.get(p), {
        effective: satisfies('2030-01-02T03:04:05 UTC', (v) => Date.parse(v) === Date.parse('2030-01-02T03:04:05Z')),
        expires: satisfies('2031-01-01T00:00:00 UTC', (v) => Date.parse(v) === Date.parse('2031-01-01T00:00:00Z')),
      });
    },
  },
  {
    id: 'workflow.transition.include-children',
    level: 'MUST',
    source: seed('States/Workflow (include_children: applied recursively)'),
    title: 'include_children applies the transition to contained objects, recursively',
    async run(t) {
      const box = await t.sandbox();
      const tree = await t.folder(box, 'tree', 'Tree');
      await t.create(tree.path, { '@type': 'Document', id: 'child', title: 'Child' });
      await t.folder(tree.path, 'inner', 'Inner');
      await t.create(`${tree.path}/inner`, { '@type': 'Document', id: 'grandchild', title: 'Grandchild' });
      t.status(await t.post(`${tree.path}/@workflow/publish`, { include_children: true }), 200);
      for (const p of ['', '/child', '/inner', '/inner/grandchild']) t.body(await t.get(`${tree.path}${p}`), { review_state: 'published' }, `tree${p}`);
    },
  },
  {
    id: 'workflow.transition.publication-date',
    level: 'SHOULD',
    source: supplement('27.4'),
    title: 'A transition sets effective to now when the object had none',
    async run(t) {
      const p = await page(t);
      await t.post(`${p}/@workflow/publish`);
      t.body(await t.get(p), { effective: isoTimestamp });
    },
  },
  {
    id: 'workflow.transition.submit-and-retract',
    level: 'SHOULD',
    source: supplement('27.2'),
    title: 'submit leads to pending ("Pending review"); retract back to private',
    async run(t) {
      const p = await page(t);
      t.body(await t.post(`${p}/@workflow/submit`), { action: 'submit', review_state: 'pending', title: 'Pending review' }, 'submit');
      t.body(await t.post(`${p}/@workflow/retract`), { action: 'retract', review_state: 'private', title: 'Private' }, 'retract');
    },
  },
  {
    id: 'workflow.transition.published-is-public',
    level: 'SHOULD',
    source: supplement('27.2'),
    title: 'A published object is visible to Anonymous; a private one is not',
    async run(t) {
      const p = await page(t);
      t.status(await t.get(p, { auth: 'anonymous' }), 401, 'the private page');
      await t.transition(p, 'publish');
      t.status(await t.get(p, { auth: 'anonymous' }), 200, 'the published page');
    },
  },
  {
    id: 'workflow.transition.missing-answers-400',
    level: 'SHOULD',
    source: supplement('27.4'),
    title: 'POST @workflow without a transition answers 400 "Missing transition"',
    async run(t) {
      const p = await page(t);
      const r = await t.post(`${p}/@workflow`);
      t.status(r, 400);
      t.body(r, { error: { type: 'BadRequest', message: 'Missing transition' } });
    },
  },
  {
    id: 'workflow.transition.unavailable-answers-400',
    level: 'SHOULD',
    source: supplement('27.4'),
    title: 'An unknown or unavailable transition answers 400 WorkflowException and changes nothing',
    async run(t) {
      const p = await page(t);
      const unknown = await t.post(`${p}/@workflow/fly`);
      t.status(unknown, 400);
      t.body(unknown, { error: { type: 'WorkflowException', message: "No workflow provides the 'fly' action." } });
      t.status(await t.post(`${p}/@workflow/retract`), 400, 'retract from private');
      t.body(await t.get(p), { review_state: 'private' }, 'the object afterwards');
    },
  },
  {
    id: 'workflow.transition.guarded',
    level: 'SHOULD',
    source: supplement('27.2; 27.4'),
    title: 'Anonymous callers and plain members cannot run transitions; the state stays',
    async run(t) {
      const p = await page(t);
      await t.transition(p, 'publish');
      const member = await t.user();
      t.status(await t.post(`${p}/@workflow/retract`, undefined, { auth: 'anonymous' }), [400, 401], 'Anonymous');
      t.status(await t.post(`${p}/@workflow/retract`, undefined, { auth: member }), [400, 401, 403], 'a member');
      t.body(await t.get(p), { review_state: 'published' }, 'the object afterwards');
    },
  },
  {
    id: 'workflow.read.site-root',
    level: 'SHOULD',
    source: supplement('27.4'),
    title: 'GET @workflow on the site root answers {@id, history: [], transitions: []}',
    async run(t) {
      const r = await t.get('/@workflow');
      t.status(r, 200);
      t.equal(r.body, { '@id': t.url('/@workflow'), history: [], transitions: [] }, 'the answer');
    },
  },
  {
    id: 'workflow.read.anonymous-sees-no-history',
    level: 'SHOULD',
    source: supplement('27.4'),
    title: 'Anonymous callers see the state but neither history nor transitions',
    async run(t) {
      const p = await page(t);
      await t.transition(p, 'publish');
      const r = await t.get(`${p}/@workflow`, { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { state: { id: 'published', title: 'Published' }, history: [], transitions: [] });
    },
  },
  {
    id: 'workflow.read.transitions-after-publish',
    level: 'SHOULD',
    source: supplement('27.2'),
    title: 'From published the Manager is offered reject ("Send back") and retract',
    async run(t) {
      const p = await page(t);
      await t.transition(p, 'publish');
      const titles = (await t.get(`${p}/@workflow`)).body?.transitions?.map((x: { title: string }) => x.title);
      t.like(titles, sameMembers(['Send back', 'Retract']), 'transition titles');
    },
  },
  {
    id: 'workflow.expand.component',
    level: 'MUST',
    source: seed('Resources/Content object (@components workflow); conventions 8'),
    title: 'expand=workflow embeds the same answer as GET @workflow',
    async run(t) {
      const p = await page(t);
      const expanded = await t.get(`${p}?expand=workflow`);
      const standalone = await t.get(`${p}/@workflow`);
      t.like(expanded.body?.['@components']?.workflow, standalone.body, 'the embedded workflow component');
    },
  },
]);
