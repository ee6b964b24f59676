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
// States are immutable, so a checkpoint is a reference and every operation is instant; reset and
// restore go through the same mechanism as RobotRemote's teardown (src/http/rollback.ts).
import type { Principal } from '../../auth/principal.ts';
import type { DispatchInput, OutsideRoutes } from '../../http/dispatch.ts';
import { rememberSite, restoreSite, type SitePoint } from '../../http/rollback.ts';
import type { ApiResponse, Services } from '../../http/types.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Store } from '../../state/store.ts';
import { CHECKPOINT_NAME, Checkpoints, type Checkpoint } from '../../persistence/checkpoints.ts';
import { snapshotChunks } from '../../persistence/snapshot.ts';
import { withoutSecrets } from '../../persistence/redact.ts';
import { parseBoolean } from '../../domain/query.ts';

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
  // Every request asks, and most are not for ++dev++: a path without it or any escape is not.
  if (!url.pathname.includes(DEV_NAMESPACE) && !url.pathname.includes('%')) return undefined;
  const segments = url.pathname.split('/').filter(Boolean).map(decode);
  const at = segments.indexOf(DEV_NAMESPACE);
  if (at === -1) return undefined;
  const before = segments.slice(0, at).filter((s) => s !== '++api++');
  if (before.length && before.join('/') !== sitePath.join('/')) return undefined;
  return segments.slice(at + 1);
}

export class DevEndpoints {
  readonly checkpoints = new Checkpoints();
  private site: { store: Store; services: Services } | undefined;
  private fixture: SitePoint | undefined;

  /** The site to act on; its current state is what `reset` goes back to. */
  bind(store: Store, services: Services): void {
    this.site = { store, services };
    this.fixture = rememberSite(store, services);
  }

  readonly route: OutsideRoutes = (input, sitePath, principal) => {
    const path = devPath(input.url, sitePath);
    return path ? this.answer(input, sitePath, path, principal) : undefined;
  };

  private async answer(input: DispatchInput, sitePath: string[], path: string[], principal: () => Promise<Principal>): Promise<ApiResponse> {
    const who = await principal();
    if (who.id === null) throw unauthorized('The dev endpoints need a Manager.', 'service');
    if (!who.roles.includes('Manager')) throw forbidden('The dev endpoints need a Manager.');
    const site = this.site;
    if (!site || !this.fixture) throw new ApiError(503, 'ServiceUnavailable', 'The site is not ready yet.', 'service');
    const method = input.method.toUpperCase();
    const base = `${input.url.origin}${sitePath.length ? '/' + sitePath.join('/') : ''}/${DEV_NAMESPACE}`;
    const describe = (c: Checkpoint) => ({
      '@id': `${base}/checkpoints/${encodeURIComponent(c.name)}`,
      name: c.name,
      created: c.created,
      objects: c.point.state.nodeCount,
    });
    const [head, name, action, ...extra] = path;
    const notAllowed = () => new ApiError(405, 'MethodNotAllowed', `Method ${method} is not allowed here.`, 'service');

    if (head === 'reset' && path.length === 1) {
      if (method !== 'POST') throw notAllowed();
      await restoreSite(site.store, site.services, this.fixture);
      return { status: 200, body: { '@id': `${base}/reset`, reset: true, objects: site.store.current.nodeCount } };
    }
    if (head === 'snapshot' && path.length === 1) {
      if (method !== 'GET') throw notAllowed();
      const flag = input.url.searchParams.get(HASHES_FLAG);
      const withHashes = flag !== null && (flag === '' || parseBoolean(flag) === true);
      const chunks: string[] = [];
      const meta = { seq: 0, created: new Date().toISOString(), lastChange: null, changes: 0 };
      const state = withHashes ? site.store.current : withoutSecrets(site.store.current);
      for await (const chunk of snapshotChunks(state, meta, { seeds: withHashes })) chunks.push(chunk);
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
      await restoreSite(site.store, site.services, checkpoint.point);
      return { status: 200, body: { ...describe(checkpoint), restored: true } };
    }
    if (action !== undefined) throw notFound('', 'service');
    switch (method) {
      case 'POST':
      case 'PUT': {
        const checkpoint = this.checkpoints.save(name, rememberSite(site.store, site.services), new Date().toISOString());
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
}
