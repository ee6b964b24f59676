// Reading a registry record with the default it has on a fresh site (supplement 13.3).
import type { SiteState } from '../state/model.ts';
import { own } from '../lib/records.ts';

export function registryValue<T>(state: SiteState, key: string, fallback: T): T {
  return Object.hasOwn(state.registry, key) && own(state.registry, key) !== undefined ? (own(state.registry, key) as T) : fallback;
}
