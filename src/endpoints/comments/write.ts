// Reading a comment form (POST/PATCH body) and the draft mutators of a conversation.
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { CommentEntry, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { discussionSetting } from '../../domain/discussion.ts';
import { newCommentId, subtreeIds } from '../../domain/comment-thread.ts';
import { own } from '../../lib/records.ts';
import { bodyFields } from '../../http/body.ts';

const bodyOf = (req: ApiRequest): Record<string, unknown> =>
  bodyFields(req.body);

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Form validation: 400 Shape A naming the errors as the form reports them. */
/** The text of the form, once the route's `later` schema judged it (judgeBody): given, not blank. */
export const formText = (req: ApiRequest): string => bodyOf(req).text as string;

export const requestedReply = (req: ApiRequest): string | null => {
  const v = bodyOf(req).in_reply_to;
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
};

/** A new comment from the form, authored by the caller (site users by their record). */
export function buildComment(state: SiteState, req: ApiRequest, text: string, inReplyTo: string | null, id: string): CommentEntry {
  const body = bodyOf(req);
  const user = req.principal.id === null ? undefined : own(state.users, req.principal.id);
  const anonymous = req.principal.id === null;
  const notify = discussionSetting(state, 'user_notification_enabled') === true && !anonymous ? body.user_notification === true : null;
  return {
    id,
    inReplyTo,
    text,
    mimeType: discussionSetting(state, 'text_transform'),
    creator: req.principal.id,
    authorUsername: user ? user.id : null,
    authorName: user ? user.fullname || user.username : anonymous ? str(body.author_name) : null,
    authorEmail: user ? user.email || null : anonymous ? str(body.author_email) : null,
    userNotification: notify,
    created: req.now,
    modified: req.now,
    reviewState: discussionSetting(state, 'moderation_enabled') === true ? 'pending' : 'published',
  };
}

export function addComment(draft: Draft<SiteState>, uid: string, make: (id: string) => CommentEntry, now: string): string {
  const node = getNode(draft, uid)!;
  const id = newCommentId(node, now);
  (node.comments ??= []).push(make(id));
  return id;
}

export function editComment(draft: Draft<SiteState>, uid: string, id: string, text: string, now: string): void {
  const comment = getNode(draft, uid)!.comments?.find((c) => c.id === id);
  if (!comment) return;
  comment.text = text;
  comment.modified = now;
}

/** Delete a comment and its replies. */
export function deleteComment(draft: Draft<SiteState>, uid: string, id: string): void {
  const node = getNode(draft, uid)!;
  const gone = subtreeIds(node, id);
  const rest = (node.comments ?? []).filter((c) => !gone.has(c.id));
  if (rest.length) node.comments = rest;
  else delete node.comments;
}
