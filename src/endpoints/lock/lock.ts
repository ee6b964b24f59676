// Lock rules (seed "Lock" state table, supplement 17) as pure decisions plus draft mutators.
// Expiry is lazy: a lock whose time + timeout has passed (by the request clock) counts as absent.
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, LockInfo, SiteState } from '../../state/model.ts';
import { mustGetNode } from '../../state/nodes.ts';
import { activeLock } from '../../serialize/lock.ts';
import { parseBoolean } from '../../domain/query.ts';
import { bodyFields } from '../../http/body.ts';
import type { LockBody } from './lock.schema.ts';

export const DEFAULT_LOCK_TIMEOUT = 600;
/** Timeout of a check-out's lock (plone.locking's maximum: it lasts until check-in or cancel). */
export const ITERATE_LOCK_TIMEOUT = 2 ** 32 - 1;

export interface LockOptions {
  stealable: boolean;
  timeout: number;
}

/** The options of POST @lock, from a body the route's schema has checked (`lockBody`). */
export function lockOptions(body: LockBody = {}): LockOptions {
  const stealable = body.stealable === undefined || parseBoolean(body.stealable) !== false;
  const timeout = body.timeout === undefined || body.timeout === null ? DEFAULT_LOCK_TIMEOUT : Number(body.timeout);
  return { stealable, timeout };
}

export const wantsForce = (body: unknown): boolean => parseBoolean(bodyFields(body).force) === true;

const who = (req: ApiRequest) => req.principal.id ?? 'Anonymous User';

/** What a request would do to the node's lock; 'none' answers with the current info and writes nothing. */
export type LockChange = 'lock' | 'refresh' | 'unlock' | 'none';

export function lockChange(node: ContentNode, req: ApiRequest, action: 'lock' | 'refresh' | 'unlock', force = false): LockChange {
  const lock = activeLock(node, req.now);
  const expired = !!node.lock && !lock;
  switch (action) {
    case 'lock':
      return lock ? 'none' : 'lock';
    case 'refresh':
      return lock && !lock.type && lock.creator === who(req) ? 'refresh' : expired ? 'unlock' : 'none';
    case 'unlock':
      if (!lock) return expired ? 'unlock' : 'none';
      if (lock.type) return force ? 'unlock' : 'none';
      return force || lock.stealable || lock.creator === who(req) ? 'unlock' : 'none';
  }
}

/** Draft mutator applying a decided change. */
export function applyLockChange(draft: Draft<SiteState>, uid: string, req: ApiRequest, change: LockChange, options?: LockOptions): void {
  const node = mustGetNode(draft as SiteState, uid);
  if (change === 'lock') {
    const opts = options ?? { stealable: true, timeout: DEFAULT_LOCK_TIMEOUT };
    const lock: LockInfo = { token: req.newUid(), creator: who(req), created: req.now, timeout: opts.timeout, stealable: opts.stealable };
    node.lock = lock;
  } else if (change === 'refresh' && node.lock) {
    node.lock.created = req.now;
  } else if (change === 'unlock') {
    delete node.lock;
  }
}
