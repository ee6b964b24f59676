// A comment as the interface shows it (seed "Comment"), and the conversation list.
import type { ApiRequest } from '../../http/types.ts';
import type { CommentEntry, ContentNode, SiteState } from '../../state/model.ts';
import { hasPermission, canView } from '../../auth/check.ts';
import { batch, listingId } from '../../serialize/batching.ts';
import { formatDate } from '../../serialize/dates.ts';
import { urlOf } from '../../domain/urls.ts';
import { portraitUrl } from '../users/serialize.ts';
import { canDeleteComment, canEditComment, canComment, canSeeComment, mayReply } from './access.ts';
import { threads } from '../../domain/comment-thread.ts';
import { renderText } from './text.ts';
import { own } from '../../lib/records.ts';

export const commentsUrl = (state: SiteState, node: ContentNode, req: ApiRequest) => `${urlOf(state, node, req.url.siteUrl)}/@comments`;

function authorImage(state: SiteState, username: string | null, siteUrl: string): string | null {
  if (username === null) return null;
  return own(state.users, username)?.portrait ? portraitUrl(siteUrl, username) : `${siteUrl}/defaultUser.png`;
}

export function serializeComment(state: SiteState, node: ContentNode, comment: CommentEntry, req: ApiRequest): Record<string, unknown> {
  const base = commentsUrl(state, node, req);
  const text = renderText(state, comment);
  return {
    '@id': `${base}/${comment.id}`,
    '@type': 'Discussion Item',
    '@parent': comment.inReplyTo === null ? null : `${base}/${comment.inReplyTo}`,
    comment_id: comment.id,
    in_reply_to: comment.inReplyTo,
    text,
    user_notification: comment.userNotification,
    author_username: comment.authorUsername,
    author_name: comment.authorName,
    author_image: authorImage(state, comment.authorUsername, req.url.siteUrl),
    creation_date: formatDate(comment.created),
    modification_date: formatDate(comment.modified),
    is_editable: canEditComment(state, req.principal, node, comment),
    is_deletable: canDeleteComment(state, req.principal, node, comment),
    can_reply: mayReply(state, req.principal, node),
  };
}

export function serializeConversation(state: SiteState, node: ContentNode, req: ApiRequest): Record<string, unknown> {
  const viewComments = hasPermission(state, req.principal, node, 'View comments') && canView(state, req.principal, node);
  const visible = viewComments ? threads(node).filter((c) => canSeeComment(state, req.principal, node, c)) : [];
  const result = batch(req, visible.length, (s, e) => visible.slice(s, e).map((c) => serializeComment(state, node, c, req)));
  return {
    '@id': listingId(req, node, '@comments', commentsUrl(state, node, req)),
    items: result.items,
    items_total: result.items_total,
    ...(result.batching ? { batching: result.batching } : {}),
    permissions: { can_reply: canComment(state, req.principal, node), view_comments: viewComments },
  };
}
