// Properties of workflow transitions: for any sequence of transitions (with and without
// include_children) by callers with different roles, every object's review_state is a state of
// its workflow (null without one), workflow history only grows, a refused transition changes
// nothing, and the server never answers 500.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from '../../server.ts';
import { caller } from '../../testing/call.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { allNodes } from '../../state/nodes.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import type { SiteState, User } from '../../state/model.ts';

const PASSWORD = 'workflow-property-password';
type Who = 'admin' | 'editor' | 'reviewer' | 'member' | 'anonymous';
const PATHS = ['/f', '/f/doc', '/f/sub', '/f/sub/news', '/f/sub/img', '/f/link'];
const TRANSITIONS = ['submit', 'publish', 'retract', 'reject', 'hide', 'show', 'nonsense', ''];

let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const user = (id: string, roles: string[]): User => ({
  id, username: id, fullname: id, email: `${id}@example.org`, description: '', home_page: '', location: '', passwordHash, roles,
});

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function setup() {
  const server = await createServer({ deterministic: true, admin: { user: 'admin', password: PASSWORD } });
  server.store.commit((draft) => {
    draft.users.editor = user('editor', ['Editor']);
    draft.users.reviewer = user('reviewer', ['Reviewer']);
    draft.users.member = user('member', ['Member']);
  });
  const request = caller(server.app);
  const call = async (method: string, path: string, who: Who, body?: unknown) =>
    (await request(method, path, body, who === 'anonymous' ? null : { user: who, password: PASSWORD })).status;
  const creates: [string, Record<string, unknown>][] = [
    ['', { '@type': 'Folder', id: 'f', title: 'F' }],
    ['/f', { '@type': 'Document', id: 'doc', title: 'Doc' }],
    ['/f', { '@type': 'Folder', id: 'sub', title: 'Sub' }],
    ['/f/sub', { '@type': 'News Item', id: 'news', title: 'News' }],
    ['/f/sub', { '@type': 'Image', id: 'img', title: 'Img', image: { data: PNG_1x1, encoding: 'base64', filename: 'a.png', 'content-type': 'image/png' } }],
    ['/f', { '@type': 'Link', id: 'link', title: 'Link', remoteUrl: 'https://example.org' }],
  ];
  for (const [path, body] of creates) expect(await call('POST', path, 'admin', body)).toBe(201);
  return { server, call };
}

function historyLengths(state: SiteState): Map<string, number> {
  return new Map([...allNodes(state)].map((n) => [n.uid, n.workflowHistory.length]));
}

function checkStates(state: SiteState) {
  for (const node of allNodes(state)) {
    const workflowId = state.types[node.type]?.workflow;
    if (!workflowId) expect(node.reviewState).toBeNull();
    else expect(Object.keys(WORKFLOWS[workflowId].states)).toContain(node.reviewState);
    const last = node.workflowHistory[node.workflowHistory.length - 1];
    if (last) expect(last.review_state).toBe(node.reviewState);
  }
}

const step = fc.record({
  who: fc.constantFrom<Who>('admin', 'editor', 'reviewer', 'member', 'anonymous'),
  path: fc.constantFrom(...PATHS),
  transition: fc.constantFrom(...TRANSITIONS),
  includeChildren: fc.constantFrom<unknown>(undefined, true, false, 'yes', 'maybe'),
  comment: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
});

describe('workflow transitions (property)', () => {
  it('keep review_state inside the workflow, only grow history, and change nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const { server, call } = await setup();
        for (const s of steps) {
          const before = server.store.current;
          const lengths = historyLengths(before);
          const body: Record<string, unknown> = {};
          if (s.includeChildren !== undefined) body.include_children = s.includeChildren;
          if (s.comment !== undefined) body.comment = s.comment;
          const status = await call('POST', `${s.path}/@workflow${s.transition ? `/${s.transition}` : ''}`, s.who, body);
          expect(status).not.toBe(500);
          const after = server.store.current;
          if (status >= 400) expect(after).toBe(before);
          else expect(status).toBe(200);
          checkStates(after);
          for (const [uid, n] of lengths) {
            const node = [...allNodes(after)].find((x) => x.uid === uid);
            expect(node!.workflowHistory.length).toBeGreaterThanOrEqual(n);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
