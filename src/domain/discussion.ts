// Discussion settings (registry records of the commenting add-on) and whether an object takes
// comments (supplement 7.1, 19): globally enabled AND (object field, else the type's setting).
import type { ContentNode, SiteState } from '../state/model.ts';
import type { TypeDef } from '../types/model.ts';
import { registryValue } from './registry-value.ts';
import { own } from '../lib/records.ts';

// The registry stores the real `plone.` names (the exchanges write `cms.`; both are read).
const PREFIX = 'plone.app.discussion.interfaces.IDiscussionSettings.';
const CMS_PREFIX = 'cms.app.discussion.interfaces.IDiscussionSettings.';

export type DiscussionKey =
  | 'globally_enabled'
  | 'anonymous_comments'
  | 'anonymous_email_enabled'
  | 'moderation_enabled'
  | 'edit_comment_enabled'
  | 'delete_own_comment_enabled'
  | 'user_notification_enabled'
  | 'text_transform';

/** Registry records read by the comments endpoints, with their defaults on a fresh site. */
export const DISCUSSION_DEFAULTS: Record<Exclude<DiscussionKey, 'text_transform'>, boolean> & { text_transform: string } = {
  globally_enabled: true, // the record's default (the discussion panel); objects still opt in
  anonymous_comments: false,
  anonymous_email_enabled: false,
  moderation_enabled: false,
  edit_comment_enabled: false,
  delete_own_comment_enabled: false,
  user_notification_enabled: false,
  text_transform: 'text/plain',
};
export const discussionKey = (name: DiscussionKey) => PREFIX + name;

export function discussionSetting<K extends DiscussionKey>(state: SiteState, name: K): (typeof DISCUSSION_DEFAULTS)[K] {
  return registryValue(state, discussionKey(name), registryValue(state, CMS_PREFIX + name, DISCUSSION_DEFAULTS[name]));
}

/** The type-level "allow discussion" setting (false for every default type). */
const typeAllows = (type: TypeDef | undefined) => (type as (TypeDef & { allowDiscussion?: boolean }) | undefined)?.allowDiscussion === true;

/** The effective allow_discussion of an object. */
export function discussionEnabled(state: SiteState, node: ContentNode): boolean {
  if (discussionSetting(state, 'globally_enabled') !== true) return false;
  const set = node.fields.allow_discussion;
  if (typeof set === 'boolean') return set;
  return typeAllows(own(state.types, node.type));
}

/** Stored form of a sent `allow_discussion` (true/false/null, or the tokens "True"/"False"). */
export function parseAllowDiscussion(value: unknown): { value?: boolean | null; error?: string } {
  const token = value && typeof value === 'object' && 'token' in value ? (value as { token: unknown }).token : value;
  if (token === null || typeof token === 'boolean') return { value: token };
  if (token === 'True' || token === 'False') return { value: token === 'True' };
  return { error: 'Constraint not satisfied' };
}
