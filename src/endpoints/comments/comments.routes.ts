// @comments: GET list / single, POST comment or reply, PATCH (edit), DELETE (with replies).
// Supplement 19; the conversation lives in the content node (node.comments).
import type { ApiRequest, Outcome, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { canDeleteComment, canEditComment, canSeeComment, mayReply } from './access.ts';
import { commentsUrl, serializeComment, serializeConversation } from './serialize.ts';
import { discussionEnabled } from '../../domain/discussion.ts';
import { findComment } from '../../domain/comment-thread.ts';
import { judgeBody, type RouteSchema } from '../../http/schema.ts';
import type { RoutePath } from '../../http/route-path.ts';
import { deleteCommentSchema, editCommentSchema, postCommentSchema, readCommentsSchema } from './comments.schema.ts';
import { addComment, buildComment, deleteComment, editComment, formText, requestedReply } from './write.ts';

const ENDPOINT = '@comments';
const missing = () => notFound('', 'null');

const COMMENT_ID = { comment_id: { description: 'Id of the comment.' } };
/** The conversation, or one comment (to read, or to reply to). */
const anyPath: RoutePath = { forms: ['', '/{comment_id}'], params: COMMENT_ID };
/** One comment (to edit or delete). */
const onePath: RoutePath = {
  forms: ['/{comment_id}'],
  params: COMMENT_ID,
  refuse: (segments) => (segments.length ? notFound() : badRequest('Comment id is a required part of the url')),
};

/** The comment the URL names (the route's path declares how many segments it takes). */
const commentId = (req: ApiRequest): string | undefined => req.url.params[0];
const requireId = (req: ApiRequest): string => req.url.params[0];

const located = (state: SiteState, node: ContentNode, req: ApiRequest, id: string) => ({
  status: 204,
  headers: { Location: `${commentsUrl(state, node, req)}/${id}` },
});

function getComments(state: SiteState, req: ApiRequest): Outcome {
  const node = req.context;
  const id = commentId(req);
  if (id === undefined) return json(serializeConversation(state, node, req));
  const comment = findComment(node, id);
  if (!comment || !canSeeComment(state, req.principal, node, comment)) throw missing();
  return json(serializeComment(state, node, comment, req));
}

function postComment(state: SiteState, req: ApiRequest): Outcome {
  const node = req.context;
  const inReplyTo = commentId(req) ?? requestedReply(req);
  if (inReplyTo !== null && !findComment(node, inReplyTo)) throw missing();
  judgeBody(postCommentSchema, req.body);
  const text = formText(req);
  if (!discussionEnabled(state, node)) throw unauthorized('Discussion is not enabled for this content object.');
  if (req.principal.id === null && !mayReply(state, req.principal, node)) {
    throw unauthorized('Anonymous user tries to post a comment, but anonymous commenting is disabled.');
  }
  if (!mayReply(state, req.principal, node)) throw unauthorized();
  const uid = node.uid;
  return {
    write: (draft) => addComment(draft, uid, (id) => buildComment(state, req, text, inReplyTo, id), req.now),
    respond: (next, id: string) => located(next, getNode(next, uid)!, req, id),
  };
}

function patchComment(state: SiteState, req: ApiRequest): Outcome {
  const node = req.context;
  const id = requireId(req);
  const comment = findComment(node, id);
  if (!comment) throw missing();
  if (!canEditComment(state, req.principal, node, comment)) throw unauthorized();
  judgeBody(editCommentSchema, req.body);
  const text = formText(req);
  const uid = node.uid;
  return {
    write: (draft) => editComment(draft, uid, id, text, req.now),
    respond: (next) => located(next, getNode(next, uid)!, req, id),
  };
}

function deleteOne(state: SiteState, req: ApiRequest): Outcome {
  const node = req.context;
  const id = requireId(req);
  const comment = findComment(node, id);
  if (!comment) throw missing();
  if (!canDeleteComment(state, req.principal, node, comment)) throw unauthorized();
  const uid = node.uid;
  return { write: (draft) => deleteComment(draft, uid, id), respond: () => ({ status: 204 }) };
}

const route = (method: Route['method'], schema: RouteSchema, path: RoutePath, handle: (state: SiteState, req: ApiRequest) => Outcome): Route => ({
  method,
  path,
  schema,
  endpoint: ENDPOINT,
  on: 'content',
  permission: 'View',
  handle,
});

export const commentsRoutes: Route[] = [
  route('GET', readCommentsSchema, anyPath, getComments),
  route('POST', postCommentSchema, anyPath, postComment),
  route('PATCH', editCommentSchema, onePath, patchComment),
  route('DELETE', deleteCommentSchema, onePath, deleteOne),
];

export const commentsFamily: FamilyManifest = { name: 'comments', routes: commentsRoutes };
