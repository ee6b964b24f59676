// The conversation of an object: thread order, ids, and the draft mutators.
import type { CommentEntry, ContentNode } from '../state/model.ts';

export const commentsOf = (node: ContentNode): CommentEntry[] => node.comments ?? [];

export const findComment = (node: ContentNode, id: string): CommentEntry | undefined => commentsOf(node).find((c) => c.id === id);

export const hasReplies = (node: ContentNode, id: string) => commentsOf(node).some((c) => c.inReplyTo === id);

/** All comments, threads flattened depth-first (parents before their replies), oldest first. */
export function threads(node: ContentNode): CommentEntry[] {
  const all = commentsOf(node);
  const byParent = new Map<string | null, CommentEntry[]>();
  for (const c of all) {
    const key = c.inReplyTo !== null && all.some((p) => p.id === c.inReplyTo) ? c.inReplyTo : null;
    const list = byParent.get(key) ?? [];
    list.push(c);
    byParent.set(key, list);
  }
  const out: CommentEntry[] = [];
  const walk = (parent: string | null) => {
    for (const c of byParent.get(parent) ?? []) {
      out.push(c);
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

/** A new comment id: the request time in microseconds, above every id already used here. */
export function newCommentId(node: ContentNode, now: string): string {
  let id = BigInt(Date.parse(now)) * 1000n;
  for (const c of commentsOf(node)) {
    if (/^\d+$/.test(c.id) && BigInt(c.id) >= id) id = BigInt(c.id) + 1n;
  }
  return id.toString();
}

/** The comment and all its replies, recursively (ids). */
export function subtreeIds(node: ContentNode, id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of commentsOf(node)) {
      if (c.inReplyTo !== null && ids.has(c.inReplyTo) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return ids;
}

const NO_COMMENTS: { total: null; commentators: string[] } = Object.freeze({ total: null, commentators: Object.freeze([]) as unknown as string[] });

/** Catalog values of a conversation: number of published comments (null: none) and commentators. */
export function commentStats(node: ContentNode): { total: number | null; commentators: string[] } {
  if (!node.comments?.length) return NO_COMMENTS; // most objects: one shared answer (the catalog asks on every write)
  const published = commentsOf(node).filter((c) => c.reviewState === 'published');
  const names = published.map((c) => c.authorUsername).filter((n): n is string => n !== null);
  return { total: published.length || null, commentators: [...new Set(names)] };
}
