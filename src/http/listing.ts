// Answers that list many objects (`b_size=100000000`, `fullobjects`) without holding up other
// callers: the items are rendered to JSON text in slices of TURN_BUDGET_MS with a turn of the
// event loop between them, and the answer is sent as those texts, a socket-sized piece at a time
// (src/http/text-stream.ts), never joined into one string of megabytes. Rendering reads the
// request's state, which no commit changes (states are immutable), so the answer is the same as
// if it were made in one go.
import { randomUUID } from 'node:crypto';
import { jsonPieces, joinPieces, type JsonPiece } from '../lib/json-pieces.ts';
import { untilReady } from '../lib/pending.ts';
import { FEW_ITEMS, mapInTurns, nextTurn } from '../lib/turn.ts';
import { json, type ApiResponse } from './types.ts';

/** A listing answer in parts: the batch of objects, how one is shown, and the body around the shown batch. */
export interface ListingParts<T> {
  page: readonly T[];
  render: (item: T) => unknown;
  /** The whole body given the rendered page; the page goes under its key `items`. */
  shape: (rendered: unknown[]) => Record<string, unknown>;
}

/** Stands for the items in the JSON text of the body around them (never a caller's value: random). */
const MARK = `@@items-${randomUUID()}`;

/** The 200 JSON answer of a listing: at once for a few items, else made in turns. */
export function jsonListing<T>(parts: ListingParts<T>): ApiResponse | Promise<ApiResponse> {
  if (parts.page.length <= FEW_ITEMS) return json(parts.shape(parts.page.map(parts.render)));
  return inTurns(parts);
}

async function inTurns<T>(parts: ListingParts<T>): Promise<ApiResponse> {
  // Finding the page was work of its own: rendering starts in a turn of its own.
  await nextTurn();
  // Each item goes to text as soon as it is rendered (with the comma before it): only the text
  // is kept, not a second, object copy of megabytes (which would cost long garbage-collection pauses).
  // An item holding a long string (a rich text of megabytes) stays in pieces, escaped as it is sent.
  const texts = await mapInTurns(parts.page, (item, i): JsonPiece[] => {
    const rendered = parts.render(item);
    const comma = i === 0 ? '' : ',';
    const pieces = jsonPieces(rendered);
    return pieces ? [comma, ...pieces] : [comma + (JSON.stringify(rendered) ?? 'null')];
  });
  const around = JSON.stringify({ ...(await untilReady(() => parts.shape(texts.map(() => null)))), items: MARK });
  const at = around.indexOf(JSON.stringify(MARK));
  const jsonParts: JsonPiece[] = [around.slice(0, at) + '[', ...texts.flat(), ']' + around.slice(at + MARK.length + 2)];
  // In-process readers of the answer (rare for such listings) get the body read back from the text.
  let parsed: unknown;
  return {
    status: 200,
    jsonParts,
    get body() {
      return (parsed ??= JSON.parse(joinPieces(jsonParts)));
    },
  };
}
