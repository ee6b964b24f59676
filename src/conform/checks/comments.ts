// @comments: the list, adding, replying, editing and deleting comments, the comment fields, and
// commenting switched off (globally or for the object). Each check switches commenting on in the
// discussion control panel for itself and puts the panel back afterwards.
import type { Account, CheckContext } from '../context.ts';
import { anyBoolean, anyString, isoTimestamp, nullable, satisfies, urlBelow } from '../expect.ts';
import type { Reply } from '../http.ts';
import { family, seed, supplement } from './define.ts';

/** The discussion settings the checks rely on (supplement 19), whatever the site had. */
const ON = { globally_enabled: true, moderation_enabled: false, anonymous_comments: false, edit_comment_enabled: true, delete_own_comment_enabled: true };

/** Commenting on, and a published page that allows discussion; returns the page's path. */
async function commented(t: CheckContext, settings: Partial<typeof ON> = {}, allow: boolean | null = true): Promise<string> {
  await t.setPanel('discussion', { ...ON, ...settings });
  const box = await t.sandbox();
  const page = await t.create(box, { '@type': 'Document', id: 'page', title: 'Commented page', ...(allow === null ? {} : { allow_discussion: allow }) });
  await t.transition(page.path, 'publish');
  return page.path;
}

/** The new comment's id: the last segment of the Location of a 204. */
const idOf = (r: Reply) => r.headers.get('location')?.split('/').pop() ?? '';

/** Adds a comment (any 2xx will do); returns its id. */
async function add(t: CheckContext, path: string, text: string, auth?: Account, parent = ''): Promise<string> {
  const r = t.need(await t.post(`${path}/@comments/${parent}`, { text }, auth ? { auth } : {}), `commenting on ${path}`);
  return idOf(r);
}

const ids = (r: Reply): unknown => (Array.isArray(r.body?.items) ? r.body.items.map((c: { comment_id?: unknown }) => c.comment_id) : r.body?.items);

export default family('comments', [
  {
    id: 'comments.add.answers-204-with-location',
    level: 'MUST',
    source: seed('Endpoints/Comments (POST <content>/@comments/: 204, Location)'),
    title: 'POST <content>/@comments/ {text} answers 204 with the Location of the new comment',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const r = await t.post(`${p}/@comments/`, { text: 'A first comment' });
      t.status(r, 204);
      t.header(r, 'Location', urlBelow(t.url(`${p}/@comments/`)));
      t.body(await t.get(`${p}/@comments`), { items: [{ comment_id: idOf(r), text: { data: 'A first comment' } }] }, 'the comments afterwards');
    },
  },
  {
    id: 'comments.list.shape',
    level: 'MUST',
    source: seed('Resources/Comment (list result)'),
    title: 'GET @comments answers {@id, items, items_total, permissions: {can_reply, view_comments}}',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const first = await add(t, p, 'One');
      const second = await add(t, p, 'Two');
      const r = await t.get(`${p}/@comments`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${p}/@comments`), items_total: 2, permissions: { can_reply: true, view_comments: true } });
      t.like(ids(r), [first, second], 'the comment ids');
    },
  },
  {
    id: 'comments.list.batched',
    level: 'MUST',
    source: seed('Conventions 7 (comments are batched with b_start, b_size); Resources/Comment (list result: batching)'),
    title: 'b_size and b_start batch the comments; the list then carries batching links',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const all = [await add(t, p, 'One'), await add(t, p, 'Two'), await add(t, p, 'Three')];
      const first = await t.get(`${p}/@comments?b_size=2`);
      t.body(first, { items_total: 3, batching: { '@id': anyString, first: anyString, last: anyString, next: anyString } });
      t.like(ids(first), all.slice(0, 2), 'the first batch');
      t.like(ids(await t.get(`${p}/@comments?b_size=2&b_start=2`)), all.slice(2), 'the second batch');
    },
  },
  {
    id: 'comments.read.comment-fields',
    level: 'MUST',
    source: seed('Resources/Comment'),
    title: 'A comment has @id, @parent, @type Discussion Item, comment_id, in_reply_to, authors, dates, text {data, mime-type} and the can_/is_ flags',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const id = await add(t, p, 'Plain words');
      const r = await t.get(`${p}/@comments`);
      t.like(r.body?.items?.[0], {
        '@id': t.url(`${p}/@comments/${id}`),
        '@parent': null,
        '@type': 'Discussion Item',
        comment_id: id,
        in_reply_to: null,
        author_name: nullable(anyString),
        author_username: nullable(anyString),
        author_image: nullable(anyString),
        creation_date: isoTimestamp,
        modification_date: isoTimestamp,
        text: { data: 'Plain words', 'mime-type': 'text/plain' },
        user_notification: nullable(anyBoolean),
        can_reply: anyBoolean,
        is_deletable: anyBoolean,
        is_editable: anyBoolean,
      }, 'the comment');
    },
  },
  {
    id: 'comments.reply.links-the-parent',
    level: 'MUST',
    source: seed('Endpoints/Comments (POST <content>/@comments/<comment_id>: reply); Resources/Comment (@parent, in_reply_to)'),
    title: 'POST @comments/<id> answers 204 with a Location; the reply has @parent and in_reply_to of its parent',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const parent = await add(t, p, 'Question');
      const r = await t.post(`${p}/@comments/${parent}`, { text: 'Answer' });
      t.status(r, 204);
      t.header(r, 'Location', urlBelow(t.url(`${p}/@comments/`)));
      const reply = (await t.get(`${p}/@comments`)).body?.items?.find((c: { comment_id?: string }) => c.comment_id === idOf(r));
      t.like(reply, { '@parent': t.url(`${p}/@comments/${parent}`), in_reply_to: parent, text: { data: 'Answer' } }, 'the reply');
    },
  },
  {
    id: 'comments.list.threads-flattened',
    level: 'SHOULD',
    source: supplement('19 (threads flattened, parents before replies)'),
    title: 'The list holds every comment, each reply right after its thread’s earlier comments',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const a = await add(t, p, 'A');
      const b = await add(t, p, 'B');
      const a1 = await add(t, p, 'A.1', undefined, a);
      t.like(ids(await t.get(`${p}/@comments`)), [a, a1, b], 'the comment ids in list order');
    },
  },
  {
    id: 'comments.read.one-comment',
    level: 'SHOULD',
    source: supplement('19 (GET single)'),
    title: 'GET @comments/<id> answers that comment',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      await add(t, p, 'Other');
      const id = await add(t, p, 'This one');
      const r = await t.get(`${p}/@comments/${id}`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${p}/@comments/${id}`), comment_id: id, text: { data: 'This one' } });
    },
  },
  {
    id: 'comments.update.by-the-creator',
    level: 'MUST',
    source: seed('Endpoints/Comments (PATCH: 204, Location; by default only the creator)'),
    title: 'The creator edits a comment (PATCH 204 with Location); another member may not',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const alice = await t.token(await t.user());
      const bob = await t.token(await t.user());
      const other = await add(t, p, 'The admin’s comment');
      const mine = idOf(t.need(await t.post(`${p}/@comments/`, { text: 'Alice speaking' }, { auth: alice }), 'alice comments'));
      const refused = await t.patch(`${p}/@comments/${mine}`, { text: 'Bob was here' }, { auth: bob });
      t.ok(refused.status === 401 || refused.status === 403, 'another member’s PATCH is refused (401 or 403)', refused.status, '401 or 403');
      const r = await t.patch(`${p}/@comments/${mine}`, { text: 'Alice, edited' }, { auth: alice });
      t.status(r, 204);
      t.header(r, 'Location', t.url(`${p}/@comments/${mine}`));
      t.body(await t.get(`${p}/@comments/${mine}`), { text: { data: 'Alice, edited' } }, 'the comment afterwards');
      t.body(await t.get(`${p}/@comments/${other}`), { text: { data: 'The admin’s comment' } }, 'the other comment is unchanged');
    },
  },
  {
    id: 'comments.update.flags-for-others',
    level: 'SHOULD',
    source: supplement('19 (Edit comments: Manager, Site Administrator, Reviewer, Owner of the comment)'),
    title: 'Another member sees is_editable and is_deletable false on a comment that is not theirs',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const member = await t.token(await t.user());
      const id = await add(t, p, 'The admin’s comment');
      t.body(await t.get(`${p}/@comments/${id}`, { auth: member }), { is_editable: false, is_deletable: false, can_reply: true });
    },
  },
  {
    id: 'comments.delete.with-the-replies',
    level: 'MUST',
    source: seed('Endpoints/Comments (DELETE: 204; deletes the replies by default)'),
    title: 'DELETE @comments/<id> answers 204 and removes the comment with its replies',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const root = await add(t, p, 'Root');
      const reply = await add(t, p, 'Reply', undefined, root);
      await add(t, p, 'Reply to the reply', undefined, reply);
      const other = await add(t, p, 'Stays');
      const r = await t.del(`${p}/@comments/${root}`);
      t.status(r, 204);
      const after = await t.get(`${p}/@comments`);
      t.like(ids(after), [other], 'the comment ids afterwards');
    },
  },
  {
    id: 'comments.delete.own-comment-without-replies',
    level: 'SHOULD',
    source: supplement('19 (Delete own comments when enabled and the comment has no replies)'),
    title: 'With delete_own_comment_enabled a member deletes their own comment without replies, not one with replies',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      const alice = await t.token(await t.user());
      const answered = idOf(t.need(await t.post(`${p}/@comments/`, { text: 'Answered' }, { auth: alice }), 'alice comments'));
      await add(t, p, 'An answer', undefined, answered);
      const lone = idOf(t.need(await t.post(`${p}/@comments/`, { text: 'Lone' }, { auth: alice }), 'alice comments again'));
      t.status(await t.del(`${p}/@comments/${answered}`, undefined, { auth: alice }), 401, 'deleting her comment that has a reply');
      t.status(await t.del(`${p}/@comments/${lone}`, undefined, { auth: alice }), 204, 'deleting her comment without replies');
      t.like(ids(await t.get(`${p}/@comments`)), satisfies(`${answered} and its reply, not ${lone}`, (x) => Array.isArray(x) && x.length === 2 && x[0] === answered), 'the comment ids afterwards');
    },
  },
  {
    id: 'comments.enabled.needs-the-object-to-allow-it',
    level: 'MUST',
    source: seed('Endpoints/Comments (commenting must be enabled globally and for the content type or object)'),
    title: 'An object with allow_discussion false, or a site with commenting off, takes no comments (refused, nothing added)',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t, {}, false);
      t.body(await t.get(p), { allow_discussion: false }, 'the page');
      const r = await t.post(`${p}/@comments/`, { text: 'Not here' });
      t.ok(r.status >= 400 && r.status < 500, 'the comment is refused (4xx)', r.status, 'a 4xx status');
      t.need(await t.patch(p, { allow_discussion: true }), 'allowing discussion on the page');
      t.need(await t.patch('/@controlpanels/discussion', { globally_enabled: false }), 'switching commenting off for the site');
      t.body(await t.get(p), { allow_discussion: false }, 'the page while commenting is off for the site');
      const off = await t.post(`${p}/@comments/`, { text: 'Not now' });
      t.ok(off.status >= 400 && off.status < 500, 'the comment is refused while commenting is off (4xx)', off.status, 'a 4xx status');
      t.body(await t.get(`${p}/@comments`), { items: [] }, 'the comments afterwards');
    },
  },
  {
    id: 'comments.enabled.refusal-is-401',
    level: 'SHOULD',
    source: supplement('19 (401 "Discussion is not enabled for this content object.")'),
    title: 'A comment on an object that does not allow discussion answers 401 "Discussion is not enabled for this content object."',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t, {}, false);
      const r = await t.post(`${p}/@comments/`, { text: 'Not here' });
      t.status(r, 401);
      t.body(r, { message: 'Discussion is not enabled for this content object.' });
    },
  },
  {
    id: 'comments.enabled.allow-discussion-field',
    level: 'SHOULD',
    source: supplement('19; 7.1 (allow_discussion: the effective setting)'),
    title: 'allow_discussion reads true on an object that allows discussion while commenting is on',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      t.body(await t.get(p), { allow_discussion: true });
    },
  },
  {
    id: 'comments.add.empty-text-400',
    level: 'SHOULD',
    source: supplement('19 (400 for form errors, e.g. empty text)'),
    title: 'A comment with empty text answers 400 and is not added',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      t.status(await t.post(`${p}/@comments/`, { text: '' }), 400);
      t.body(await t.get(`${p}/@comments`), { items: [] }, 'the comments afterwards');
    },
  },
  {
    id: 'comments.reply.unknown-parent-404',
    level: 'SHOULD',
    source: supplement('19 (404 when replying to an unknown comment)'),
    title: 'A reply to an unknown comment answers 404; an edit of one too',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      t.status(await t.post(`${p}/@comments/999999`, { text: 'To nobody' }), 404);
      t.status(await t.patch(`${p}/@comments/999999`, { text: 'Nobody' }), 404, 'PATCH of an unknown comment');
      t.body(await t.get(`${p}/@comments`), { items: [] }, 'the comments afterwards');
    },
  },
  {
    id: 'comments.add.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('19 (Reply to item: Authenticated; Anonymous only with anonymous_comments)'),
    title: 'Anonymous callers cannot comment (401) unless anonymous commenting is on; they see can_reply false',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t);
      t.status(await t.post(`${p}/@comments/`, { text: 'Hi' }, { auth: 'anonymous' }), 401);
      const list = await t.get(`${p}/@comments`, { auth: 'anonymous' });
      t.status(list, 200, 'GET @comments by Anonymous');
      t.body(list, { items: [], permissions: { can_reply: false, view_comments: true } });
    },
  },
  {
    id: 'comments.add.anonymous-when-enabled',
    level: 'SHOULD',
    source: supplement('19 (anonymous_comments)'),
    title: 'With anonymous_comments on, Anonymous comments; the comment has no author user name and is not editable',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t, { anonymous_comments: true });
      const r = await t.post(`${p}/@comments/`, { text: 'Anonymous hello' }, { auth: 'anonymous' });
      t.status(r, 204);
      t.body(await t.get(`${p}/@comments/${idOf(r)}`, { auth: 'anonymous' }), { author_username: null, is_editable: false, text: { data: 'Anonymous hello' } });
    },
  },
  {
    id: 'comments.moderation.pending-until-published',
    level: 'SHOULD',
    source: supplement('19 (moderation: new comments pending, seen by reviewers only)'),
    title: 'With moderation on, a member’s new comment is seen by the Manager, not by other callers',
    needs: ['comments'],
    async run(t) {
      const p = await commented(t, { moderation_enabled: true });
      const alice = await t.token(await t.user());
      t.need(await t.post(`${p}/@comments/`, { text: 'Moderated' }, { auth: alice }), 'alice comments');
      t.body(await t.get(`${p}/@comments`, { auth: 'anonymous' }), { items: [] }, 'the comments Anonymous sees');
      t.like((await t.get(`${p}/@comments`)).body?.items?.length, 1, 'the number of comments the Manager sees');
    },
  },
]);
