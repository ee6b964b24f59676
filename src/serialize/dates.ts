// Timestamps as the interface writes them (supplement 1.3): UTC with +00:00, no fractions.

/** Normalise any accepted ISO 8601 input to the stored form (UTC, seconds); undefined if invalid. */
export function toStoredDate(value: string): string | undefined {
  const s = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return undefined;
  const hasZone = /([+-]\d{2}:?\d{2}|Z)$/.test(s);
  const withTime = s.length === 10 ? `${s}T00:00:00` : s;
  const d = new Date(hasZone ? withTime : `${withTime}Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function formatDate(stored: unknown): string | null {
  if (typeof stored !== 'string') return null;
  return stored.replace(/\.\d+/, '').replace(/Z$/, '+00:00');
}
