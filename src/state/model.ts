// The whole site as plain, serializable data. Nodes refer to each other by UID only.
import type { TypeDef } from '../types/model.ts';
import type { Children } from './children.ts';

/** Stored form of a file or image field: the bytes live in the blob store, addressed by hash. */
export interface BlobRef {
  blob: string; // sha256 hex of the bytes
  size: number;
  contentType: string;
  filename: string;
  width?: number;
  height?: number;
}

export interface WorkflowEntry {
  action: string | null;
  actor: string;
  comments: string;
  review_state: string;
  time: string;
}

export interface ContentNode {
  uid: string;
  intid: number;
  id: string;
  type: string;
  parent: string | null;
  /** The children in order, and by short id (absent: none); read and changed through children.ts. */
  children?: Children;
  /** Values of schema fields, by field name. */
  fields: Record<string, unknown>;
  created: string;
  modified: string;
  layout: string;
  reviewState: string | null;
  workflowHistory: WorkflowEntry[];
  /** principal id -> local roles */
  localRoles: Record<string, string[]>;
  blockLocalRoles: boolean;
  /** Current lock, if any (expiry is judged against the request clock). */
  lock?: LockInfo;
  /** Saved versions of a versioned type, oldest first (index = version number). */
  versions?: VersionEntry[];
  /** The object's comments (its conversation), in creation order. */
  comments?: CommentEntry[];
  /** Addable-type restrictions of a folderish object (behavior `cms.constraintypes`); absent: acquire. */
  constrainTypes?: ConstrainTypes;
}

/**
 * Plone's "restrict addable types" (plone.app.dexterity ConstrainTypesBehavior): mode -1 acquires
 * from the parent, 0 uses the types' own rules, 1 uses the lists below (an absent list: no restriction).
 */
export interface ConstrainTypes {
  mode: -1 | 0 | 1;
  locallyAllowed?: string[];
  immediatelyAddable?: string[];
}

/** One comment ("Discussion Item") of a content object; replies name their parent comment. */
export interface CommentEntry {
  id: string;
  inReplyTo: string | null;
  text: string;
  mimeType: string;
  /** Principal who posted it (local Owner of the comment); null for Anonymous. */
  creator: string | null;
  authorUsername: string | null;
  authorName: string | null;
  authorEmail: string | null;
  userNotification: boolean | null;
  created: string;
  modified: string;
  /** Comment workflow state: 'published', or 'pending' under moderation. */
  reviewState: string;
}

/** One saved version: the field values then (shared, immutable), who saved it, when and why. */
export interface VersionEntry {
  fields: Record<string, unknown>;
  actor: string;
  time: string;
  comment: string;
}

/** A redirect from an old site-relative path to an object (followed by UID, so moves need no update). */
export interface AliasEntry {
  uid: string;
  /** Path of the target when the alias was stored (reported when the target is gone). */
  path: string;
  /** Naive ISO date-time, or null. */
  datetime: string | null;
  manual: boolean;
}

/** Aliases by old path, sharded like the nodes (shardKeys of the path). */
export type AliasShards = Record<string, Record<string, Record<string, AliasEntry>>>;

/** A relation that is not the value of a schema field of its source (made through @relations). */
export interface RelationEntry {
  relation: string;
  target: string;
}

export interface LockInfo {
  token: string;
  creator: string;
  created: string;
  timeout: number;
  stealable: boolean;
  /**
   * Absent: the ordinary (stealable) lock of @lock. 'iterate.lock': the lock a check-out puts on its
   * baseline; nobody may steal it, only check-in, cancel or a forced unlock remove it.
   */
  type?: 'iterate.lock';
}

/** One bucket of the UID index: [hash, node, hash, node, ...] of the nodes whose UIDs hash to it, in no particular order (state/nodes.ts). */
export type NodeBucket = (number | ContentNode)[];
/** A level of the UID index: 16 slots, each the next level (or, on the last, a bucket) or null. */
export type NodeLevel = (NodeLevel | NodeBucket | null)[];
/** The UID index (state/nodes.ts): 16^4 buckets by a hash of the UID, four levels of arrays. */
export type NodeShards = NodeLevel;

export interface User {
  id: string;
  username: string;
  fullname: string;
  email: string;
  description: string;
  home_page: string;
  location: string;
  passwordHash: string;
  roles: string[];
  /** Portrait image in the blob store, if one was uploaded. */
  portrait?: BlobRef;
}

export interface Group {
  id: string;
  title: string;
  description: string;
  email: string;
  roles: string[];
  members: string[];
}

export interface SiteSettings {
  /** Short id of the site (the last segment of the site path). */
  siteId: string;
  /** Volto integration: blocks on the root and on pages, folderish pages. */
  volto: boolean;
  defaultLanguage: string;
  availableLanguages: string[];
  timezone: string;
  /** Multilingual support installed: language root folders, translatable content (supplement 20). */
  multilingual?: boolean;
}

export interface SiteState {
  rootUid: string;
  nodes: NodeShards;
  nodeCount: number;
  types: Record<string, TypeDef>;
  settings: SiteSettings;
  users: Record<string, User>;
  groups: Record<string, Group>;
  registry: Record<string, unknown>;
  nextIntid: number;
  /** Redirects of old paths (renamed/moved objects, manual aliases). */
  aliases: AliasShards;
  /** Relations not stored in schema fields, by source UID. */
  relations: Record<string, RelationEntry[]>;
  /** Translation group of each linked object (UID -> group id); unlinked objects have no entry. */
  translationGroups?: Record<string, string>;
  /** Login-token and password-reset bookkeeping (hashes only, never raw tokens). */
  auth?: AuthState;
  /** Checked-out objects: baseline UID -> its working copy (supplement 31.21). */
  workingCopies?: Record<string, WorkingCopyLink>;
  /** Installed add-ons: id -> installed profile version (absent: the default installation). */
  addons?: Record<string, string>;
  /** Content rules (definitions and their assignment to folders); absent: none. */
  contentRules?: ContentRulesState;
  /** RobotRemote's autologin (enable_autologin_as): requests without credentials run as this user. */
  robotAutologin?: { username: string; roles: string[] };
}

export interface RuleElement {
  /** Condition or action id, e.g. `cms.conditions.PortalType`. */
  type: string;
  values: Record<string, unknown>;
}

export interface ContentRule {
  id: string;
  title: string;
  description: string;
  /** Event title, e.g. "Comment added". */
  event: string;
  enabled: boolean;
  stop: boolean;
  cascading: boolean;
  conditions: RuleElement[];
  actions: RuleElement[];
}

export interface RuleAssignment {
  id: string;
  enabled: boolean;
  bubbles: boolean;
}

export interface ContentRulesState {
  /** Rules in creation order. */
  rules: ContentRule[];
  /** Folder UID -> assigned rules, in order. */
  assignments: Record<string, RuleAssignment[]>;
  /** Last number used in a `rule-<n>` id. */
  counter: number;
}

export interface WorkingCopyLink {
  /** UID of the working copy. */
  uid: string;
  /** Who checked out, and when. */
  creator: string;
  created: string;
}

export interface AuthState {
  /** Login tokens issued while token storage is on: sha256 of the token -> owner and expiry (s). */
  tokens: Record<string, { user: string; exp: number | null }>;
  /** Pending password resets: sha256 of the reset token -> user id and expiry. */
  resetTokens: Record<string, { user: string; expires: string }>;
}
