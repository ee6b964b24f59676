// @transactions (supplement 31.13): recent commits, newest first, and undo.
import { json, type ApiRequest, type Route, type Services } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import type { TransactionEntry } from '../../stores/transaction-log.ts';
import { listTransactionsSchema, undoSchema } from './transactions.schema.ts';
import { applyPatch } from '../../state/patches.ts';

const naive = (iso: string) => iso.replace(/Z$|[+-]\d\d:\d\d$/, '').replace(/\.\d+$/, '');

/** `"<tid> <time> <first word> <rest, cut>"`, as the interface builds it. */
function publicId(e: TransactionEntry): string {
  if (!e.description) return e.id;
  const [first, ...rest] = e.description.split(' ');
  return [e.id, naive(e.time), first, rest.join(' ').slice(0, 60)].filter(Boolean).join(' ');
}

function item(e: TransactionEntry) {
  return { id: publicId(e), description: e.description, size: e.size, time: naive(e.time), username: e.user ? ` ${e.user}` : '' };
}

const failed = () => new ApiError(400, 'BadRequest', JSON.stringify({ errors: 'Failed in undoing transactions' }));

function entriesToUndo(services: Services, req: ApiRequest): TransactionEntry[] {
  const log = services.transactions;
  // undoSchema checked the body: a non-empty list of strings
  const ids = (req.body as { transaction_ids: string[] }).transaction_ids;
  const entries = ids.map((id) => log?.entries.find((e) => publicId(e) === id || e.id === id.split(' ')[0]));
  if (!log || entries.some((e) => !e || log.conflicts(e))) throw failed();
  return (entries as TransactionEntry[]).sort((a, b) => log.entries.indexOf(b) - log.entries.indexOf(a));
}

export const transactionsRoutes: Route[] = [
  {
    method: 'GET',
    schema: listTransactionsSchema,
    endpoint: '@transactions',
    on: 'site',
    permission: 'List undoable changes',
    handle: (_state, _req, services) => json([...(services.transactions?.entries ?? [])].reverse().map(item)),
  },
  {
    method: 'PATCH',
    schema: undoSchema,
    endpoint: '@transactions',
    on: 'site',
    permission: 'Undo changes',
    handle: (_state, req, services) => {
      const entries = entriesToUndo(services, req);
      return {
        write: (draft) => {
          for (const e of entries) for (const patch of e.inverse) applyPatch(draft, patch);
        },
        respond: () => json({ message: 'Transactions have been reverted successfully.' }),
      };
    },
  },
];

export const transactionsFamily: FamilyManifest = { name: 'transactions', routes: transactionsRoutes };
