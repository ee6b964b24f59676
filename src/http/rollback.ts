// Remembering the whole site and going back to it — the one mechanism behind RobotRemote's
// remote_zodb_setup/teardown and the ++dev++ reset and checkpoints. The site state is immutable,
// so remembering it is keeping a reference (O(1)); the store's history lets restore() hand the
// catalog and the journal only the inverse patches of what changed since (cost: those changes,
// not the size of the site). What lives beside the state comes back too: uploads in progress,
// the mail outbox, the transaction log, failed-login counts, the token keyring, and file bytes
// stored since. The response cache needs nothing: it hangs off the state object.
import type { BlobMark } from '../blobs/store.ts';
import type { SiteState } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import type { Services } from './types.ts';

export interface SitePoint {
  readonly state: SiteState;
  /** Stop keeping what a later restore to this point needs (history, blob notes). */
  release(): void;
  /** @internal what lives beside the state */
  readonly beside: {
    tus: ReturnType<Services['tus']['mark']>;
    outbox: ReturnType<Services['auth']['outbox']['mark']>;
    transactions: ReturnType<NonNullable<Services['transactions']>['mark']> | undefined;
    throttle: ReturnType<Services['auth']['throttle']['mark']>;
    secrets: object;
    blobs: BlobMark;
  };
}

/** Remember the site as it is now. */
export function rememberSite(store: Store, services: Services): SitePoint {
  const releaseHistory = store.retain();
  const blobs = services.blobs.mark();
  let released = false;
  return {
    state: store.current,
    release: () => {
      if (released) return;
      released = true;
      releaseHistory();
      blobs.release();
    },
    beside: {
      tus: services.tus.mark(),
      outbox: services.auth.outbox.mark(),
      transactions: services.transactions?.mark(),
      throttle: services.auth.throttle.mark(),
      secrets: services.auth.tokens.mark(),
      blobs,
    },
  };
}

/** Put the site back to `point` (the point stays usable); durable mode: resolves once journaled. */
export async function restoreSite(store: Store, services: Services, point: SitePoint): Promise<void> {
  const { beside } = point;
  store.restore(point.state);
  services.tus.rollback(beside.tus);
  services.auth.outbox.rollback(beside.outbox);
  if (beside.transactions) services.transactions?.rollback(beside.transactions);
  services.auth.throttle.rollback(beside.throttle);
  services.auth.tokens.rollback(beside.secrets);
  services.blobs.rollback(beside.blobs);
  const durable = store.durability?.();
  if (durable) await durable;
}
