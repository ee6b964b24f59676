// Undo conflicts: a later commit conflicts with an earlier one when it touched one of its paths,
// a member of one, or a path holding one, compared by whole segments.
import type { Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import type { Commit, Store } from '../state/store.ts';
import { TransactionLog } from './transaction-log.ts';

function logOf(...commits: Patch[][]): TransactionLog {
  let listener: ((c: Commit) => void) | undefined;
  const store = { subscribe: (fn: (c: Commit) => void) => void (listener = fn) } as unknown as Store;
  const log = new TransactionLog(store);
  for (const patches of commits) listener!({ patches, inverse: [], meta: { user: 'admin', time: 't', description: 'd' } } as unknown as Commit);
  return log;
}

const add = (...path: (string | number)[]): Patch => ({ op: 'add', path, value: 1 });

describe('TransactionLog.conflicts', () => {
  it('does not count another place of the same bucket (place 1 and place 12)', () => {
    const log = logOf([add('nodes', 1, 2, 3, 4, 0), add('nodes', 1, 2, 3, 4, 1)], [add('nodes', 1, 2, 3, 4, 12, 'fields', 'title')]);
    expect(log.conflicts(log.entries[0])).toBe(false);
  });

  it('counts the same path, a member of it, and a path holding it', () => {
    const same = logOf([add('nodes', 1, 2, 3, 4, 1)], [add('nodes', 1, 2, 3, 4, 1)]);
    expect(same.conflicts(same.entries[0])).toBe(true);
    const member = logOf([add('nodes', 1, 2, 3, 4, 1)], [add('nodes', 1, 2, 3, 4, 1, 'fields', 'title')]);
    expect(member.conflicts(member.entries[0])).toBe(true);
    const holder = logOf([add('nodes', 1, 2, 3, 4, 1, 'fields')], [add('nodes', 1, 2, 3, 4, 1)]);
    expect(holder.conflicts(holder.entries[0])).toBe(true);
    const earlier = logOf([add('nodes', 1, 2, 3, 4, 1)], [add('nodes', 1, 2, 3, 4, 1)]);
    expect(earlier.conflicts(earlier.entries[1])).toBe(false);
  });
});
