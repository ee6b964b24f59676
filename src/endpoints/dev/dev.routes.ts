// Endpoints for frontend end-to-end tests (only with --dev-endpoints; Manager only). They live
// under the `++dev++` namespace, which no content id can use (ids may not begin with "++"):
//   POST   [<site>]/++dev++/reset                          site back to its fixture
//   GET    [<site>]/++dev++/checkpoints                    list checkpoints
//   POST   [<site>]/++dev++/checkpoints/<name>             save the current state as <name>
//   GET    [<site>]/++dev++/checkpoints/<name>             one checkpoint
//   POST   [<site>]/++dev++/checkpoints/<name>/restore     put the site back to <name>
//   DELETE [<site>]/++dev++/checkpoints/<name>             forget <name>
//   GET    [<site>]/++dev++/snapshot                       the current state as a snapshot file, without
//                                                          password hashes and token digests unless
//                                                          `?include-password-hashes=true`
//                                                          (for `cms-oracle export-fixture <url>`)
// States are immutable, so a checkpoint is a reference and every operation is instant.
import type { Principal } from '../../auth/principal.ts';
import type { DispatchInput, OutsideRoutes } from '../../http/dispatch.ts';
import type { ApiResponse } from '../../http/types.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { Store } from '../../state/store.ts';
import { CHECKPOINT_NAME, Checkpoints, type Checkpoint } from '../../persistence/checkpoints.ts';
import { snapshotChunks } from '../../persistence/snapshot.ts';
import { withoutSecrets } from '../../persistence/redact.ts';
import { parseBoolean } from '../../http/query.ts';

export const DEV_NAMESPACE = '++dev++';
/** Query parameter of `++dev++/snapshot` that keeps password hashes in the download. */
export const HASHES_FLAG = 'include-password-hashes';

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Segments after `++dev++` when the path is `[/++api++][/<site>][/++api++]/++dev++/...`, else undefined. */
export function devPath(url: URL, sitePath: string[]): string[] | undefined {
  const segments = url.pathname.split('/').filter(Boolean).map(decode);
  const at = segments.indexOf(DEV_NAMESPACE);
  if (at === -1) return undefined;
  const before = segments.slice(0, at).filter((s) => s !== '++api++');
  if (before.length && before.join('/') !== sitePath.join('/')) return undefined;
  return segments.slice(at + 1);
}

export class DevEndpoints {
  readonly checkpoints = new Checkpoints();
  private store: Store | undefined;
  private fixture: SiteState | undefined;

  /** The store to act on and the state `reset` goes back to. */
  bind(store: Store, fixture: SiteState): void {
    this.store = store;
    this.fixture = fixture;
  }

  readonly route: OutsideRoutes = (input, sitePath, principal) => {
    const path = devPath(input.url, sitePath);
    return path ? this.answer(input, sitePath, path, principal) : undefined;
  };

  private async answer(input: DispatchInput, sitePath: string[], path: string[], principal: () => Promise<Principal>): Promise<ApiResponse> {
    const who = await principal();
    if (who.id === null) throw unauthorized('The dev endpoints need a Manager.', 'service');
    if (!who.roles.includes('Manager')) throw forbidden('The dev endpoints need a Manager.');
    const store = this.store;
    if (!store || !this.fixture) throw new ApiError(503, 'ServiceUnavailable', 'The site is not ready yet.', 'service');
    const method = input.method.toUpperCase();
    const base = `${input.url.origin}${sitePath.length ? '/' + sitePath.join('/') : ''}/${DEV_NAMESPACE}`;
    const describe = (c: Checkpoint) => ({
      '@id': `${base}/checkpoints/${encodeURIComponent(c.name)}`,
      name: c.name,
      created: c.created,
      objects: c.state.nodeCount,
    });
    const [head, name, action, ...extra] = path;
    const notAllowed = () => new ApiError(405, 'MethodNotAllowed', `Method ${method} is not allowed here.`, 'service');

    if (head === 'reset' && path.length === 1) {
      if (method !== 'POST') throw notAllowed();
      await this.replace(store, this.fixture);
      return { status: 200, body: { '@id': `${base}/reset`, reset: true, objects: store.current.nodeCount } };
    }
    if (head === 'snapshot' && path.length === 1) {
      if (method !== 'GET') throw notAllowed();
      const flag = input.url.searchParams.get(HASHES_FLAG);
      const withHashes = flag !== null && (flag === '' || parseBoolean(flag) === true);
      const chunks: string[] = [];
      const meta = { seq: 0, created: new Date().toISOString(), lastChange: null, changes: 0 };
      const state = withHashes ? store.current : withoutSecrets(store.current);
      for await (const chunk of snapshotChunks(state, meta)) chunks.push(chunk);
      return { status: 200, bytes: Buffer.from(chunks.join(''), 'utf8'), contentType: 'application/x-cms-oracle-snapshot' };
    }
    if (head !== 'checkpoints' || extra.length) throw notFound('', 'service');
    if (name === undefined) {
      if (method !== 'GET') throw notAllowed();
      const items = this.checkpoints.list().map(describe);
      return { status: 200, body: { '@id': `${base}/checkpoints`, items, items_total: items.length } };
    }
    if (!CHECKPOINT_NAME.test(name)) throw badRequest(`Invalid checkpoint name "${name}": use letters, digits, . _ - (at most 100).`, 'service');
    if (action === 'restore') {
      if (method !== 'POST') throw notAllowed();
      const checkpoint = this.checkpoints.get(name);
      if (!checkpoint) throw notFound(`No checkpoint named "${name}".`, 'service');
      await this.replace(store, checkpoint.state);
      return { status: 200, body: { ...describe(checkpoint), restored: true } };
    }
    if (action !== undefined) throw notFound('', 'service');
    switch (method) {
      case 'POST':
      case 'PUT': {
        const checkpoint = this.checkpoints.save(name, store.current, new Date().toISOString());
        return { status: 201, headers: { Location: describe(checkpoint)['@id'] }, body: describe(checkpoint) };
      }
      case 'GET': {
        const checkpoint = this.checkpoints.get(name);
        if (!checkpoint) throw notFound(`No checkpoint named "${name}".`, 'service');
        return { status: 200, body: describe(checkpoint) };
      }
      case 'DELETE':
        if (!this.checkpoints.delete(name)) throw notFound(`No checkpoint named "${name}".`, 'service');
        return { status: 204 };
      default:
        throw notAllowed();
    }
  }

  /** Swap the whole state; in durable mode, answer only once the change is journaled. */
  private async replace(store: Store, next: SiteState): Promise<void> {
    store.replace(next);
    const durable = store.durability?.();
    if (durable) await durable;
  }
}
