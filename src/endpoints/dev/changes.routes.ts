// The change stream: committed changes in readable form, for Managers (and, on a server started
// with --dev-endpoints, for any authenticated user). Always served, on the server root or below
// the site path, like the other `++dev++` endpoints:
//   GET [<site>]/++dev++/changes          Server-Sent Events, one `change` event per commit
//                                         (id = its seq; `Last-Event-ID` or `?since=<seq>` replays
//                                         recent ones); with Accept: application/json, the recent
//                                         changes as a list
//   GET [<site>]/++dev++/changes/<seq>    one recent change (the explorer's change panel)
import type { ChangeEvent, ChangeFeed } from '../../changes/feed.ts';
import type { OutsideRoutes } from '../../http/dispatch.ts';
import type { ApiResponse } from '../../http/types.ts';
import { ApiError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Store } from '../../state/store.ts';
import { devPath, DEV_NAMESPACE } from './dev.routes.ts';

/** Events a slow reader may leave unread before the server ends its stream. */
export const MAX_UNREAD = 1000;
/** Seconds between comment lines that keep idle connections open. */
const PING_SECONDS = 15;

const frame = (e: ChangeEvent) => `id: ${e.seq}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`;

function openStream(feed: ChangeFeed, since: number | undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        send(`: cms-oracle change stream; last change ${feed.lastSeq}\nretry: 3000\n\n`);
        if (since !== undefined) for (const e of feed.since(since)) send(frame(e));
        const unlisten = feed.listen((e) => {
          if ((controller.desiredSize ?? 0) < -MAX_UNREAD) {
            stop();
            controller.close();
            return;
          }
          send(frame(e));
        });
        const ping = setInterval(() => send(': ping\n\n'), PING_SECONDS * 1000);
        ping.unref();
        stop = () => {
          unlisten();
          clearInterval(ping);
        };
      },
      cancel() {
        stop();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 16 }),
  );
}

const seqOf = (text: string | null | undefined): number | undefined => (text && /^\d{1,15}$/.test(text) ? Number(text) : undefined);

export function changesRoute(site: () => { store: Store; feed: ChangeFeed } | undefined): OutsideRoutes {
  return (input, sitePath, principal) => {
    const path = devPath(input.url, sitePath);
    if (!path || path[0] !== 'changes' || path.length > 2) return undefined;
    return (async (): Promise<ApiResponse> => {
      const who = await principal();
      const bound = site();
      if (!bound) throw new ApiError(503, 'ServiceUnavailable', 'The site is not ready yet.', 'service');
      if (who.id === null) throw unauthorized('The change stream needs a Manager (or an authenticated user on a server started with --dev-endpoints).', 'service');
      if (!bound.feed.allows(bound.store.current, who)) throw forbidden('The change stream needs a Manager (or a server started with --dev-endpoints).');
      if (input.method.toUpperCase() !== 'GET') throw new ApiError(405, 'MethodNotAllowed', `Method ${input.method} is not allowed here.`, 'service');
      const base = `${input.url.origin}${sitePath.length ? '/' + sitePath.join('/') : ''}/${DEV_NAMESPACE}/changes`;
      if (path.length === 2) {
        const seq = seqOf(path[1]);
        const event = seq === undefined ? undefined : bound.feed.get(seq);
        if (!event) throw notFound(`No recent change numbered "${path[1]}" (only described changes are kept, the last ones first).`, 'service');
        return { status: 200, body: { '@id': `${base}/${event.seq}`, ...event } };
      }
      const since = seqOf(input.url.searchParams.get('since')) ?? seqOf(input.headers.get('last-event-id'));
      const accept = input.headers.get('accept') ?? '';
      if (accept.includes('application/json') && !accept.includes('text/event-stream')) {
        const items = bound.feed.since(since ?? 0);
        return { status: 200, body: { '@id': base, items, items_total: items.length, last: bound.feed.lastSeq } };
      }
      return { status: 200, stream: openStream(bound.feed, since), headers: { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' } };
    })();
  };
}
