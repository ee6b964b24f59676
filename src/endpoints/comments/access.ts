// Permission checks on one comment: the roles on its content object plus Owner for the comment's
// creator (supplement 6.4, 19), and the switches of the discussion settings.
import type { Principal } from '../../auth/principal.ts';
import { hasPermission, permissionRoles, rolesAt } from '../../auth/check.ts';
import type { CommentEntry, ContentNode, SiteState } from '../../state/model.ts';
import { discussionEnabled, discussionSetting } from '../../domain/discussion.ts';
import { hasReplies } from '../../domain/comment-thread.ts';

export function onComment(state: SiteState, principal: Principal, node: ContentNode, comment: CommentEntry, permission: string): boolean {
  const roles = new Set(rolesAt(state, principal, node));
  if (principal.id !== null && comment.creator === principal.id) roles.add('Owner');
  if (roles.has('Manager')) return true;
  return permissionRoles(state, node, permission).some((r) => roles.has(r));
}

/** May the caller see this comment (pending ones only for reviewers)? */
export function canSeeComment(state: SiteState, principal: Principal, node: ContentNode, comment: CommentEntry): boolean {
  if (!hasPermission(state, principal, node, 'View comments')) return false;
  return comment.reviewState === 'published' || onComment(state, principal, node, comment, 'Review comments');
}

/** "Reply to item" (Anonymous has it only while anonymous commenting is on). */
export function mayReply(state: SiteState, principal: Principal, node: ContentNode): boolean {
  if (principal.id === null) return discussionSetting(state, 'anonymous_comments') === true;
  return hasPermission(state, principal, node, 'Reply to item');
}

export const canComment = (state: SiteState, principal: Principal, node: ContentNode) =>
  discussionEnabled(state, node) && mayReply(state, principal, node);

export function canEditComment(state: SiteState, principal: Principal, node: ContentNode, comment: CommentEntry): boolean {
  return discussionSetting(state, 'edit_comment_enabled') === true && onComment(state, principal, node, comment, 'Edit comments');
}

export function canDeleteComment(state: SiteState, principal: Principal, node: ContentNode, comment: CommentEntry): boolean {
  if (onComment(state, principal, node, comment, 'Delete comments')) return true;
  if (discussionSetting(state, 'delete_own_comment_enabled') !== true) return false;
  const own = principal.id !== null && comment.creator === principal.id;
  return own && !hasReplies(node, comment.id) && onComment(state, principal, node, comment, 'Delete own comments');
}
