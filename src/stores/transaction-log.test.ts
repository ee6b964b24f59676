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

describe('TransactionLog entries', () => {
  it('are numbered from 1 in the order of their commits (ids made when asked), with the metadata they were committed with', () => {
    const log = logOf([add('a')], [add('b')], [add('c')]);
    expect(log.entries.map((e) => atob(e.id))).toEqual(['tx00000001', 'tx00000002', 'tx00000003']);
    // the id made at the first ask is the one given at every ask after it
    const first = log.entries[1].id;
    expect([log.entries[1].id, log.entries[1].id]).toEqual([first, first]);
    expect(atob(first)).toBe('tx00000002');
    expect(log.entries.map((e) => [e.user, e.time, e.description])).toEqual([['admin', 't', 'd'], ['admin', 't', 'd'], ['admin', 't', 'd']]);
    expect(log.entries[2].size).toBe(1 + 1);
  });
});
