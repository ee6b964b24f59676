// Values as a change line shows them: short, one line, and never a secret. A preview stops
// writing once it is long enough, so a large value (a page of blocks, an upload) costs the
// length of the preview, not its own size.

/** Names whose values are secrets wherever they appear (password hashes, lock and login tokens). */
export const SECRET_NAMES: ReadonlySet<string> = new Set(['passwordHash', 'token', 'tokens', 'resetTokens', 'secret']);

export const HIDDEN = '(hidden)';
/** What an absent value reads as. */
export const NONE = '(none)';

/** Longest preview of one value, in characters. */
export const PREVIEW_LENGTH = 80;

const BARE = /^[^\s"'\\,[\]{}()]{1,60}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A rich-text value ({data, content-type}) or a stored file ({blob, size, filename}), in words. */
function described(v: Record<string, unknown>): string | undefined {
  if (typeof v.data === 'string' && typeof v['content-type'] === 'string') return `${v['content-type']} text (${v.data.length} characters)`;
  if (typeof v.blob === 'string' && typeof v.size === 'number') {
    const name = typeof v.filename === 'string' ? JSON.stringify(v.filename) : 'file';
    return `${name} (${v.size} bytes${typeof v.contentType === 'string' ? `, ${v.contentType}` : ''})`;
  }
  return undefined;
}

class Out {
  text = '';
  constructor(private readonly max: number) {}
  get full(): boolean {
    return this.text.length > this.max;
  }
  add(s: string): void {
    if (!this.full) this.text += s;
  }
}

function write(out: Out, v: unknown, depth: number): void {
  if (out.full) return;
  if (v === undefined) return out.add(NONE);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return out.add(String(v));
  if (typeof v === 'string') return out.add(JSON.stringify(v.length > 200 ? v.slice(0, 200) : v));
  if (typeof v !== 'object') return out.add(String(v));
  if (depth > 6) return out.add('…');
  if (Array.isArray(v)) {
    out.add('[');
    for (let i = 0; i < v.length && !out.full; i++) {
      if (i) out.add(', ');
      write(out, v[i], depth + 1);
    }
    return out.add(']');
  }
  const words = described(v as Record<string, unknown>);
  if (words) return out.add(words);
  out.add('{');
  let first = true;
  for (const key of Object.keys(v)) {
    if (out.full) break;
    if (!first) out.add(', ');
    first = false;
    out.add(`${BARE.test(key) ? key : JSON.stringify(key)}: `);
    if (SECRET_NAMES.has(key)) out.add(HIDDEN);
    else write(out, (v as Record<string, unknown>)[key], depth + 1);
  }
  out.add('}');
}

/**
 * One value in a line: absent reads "(none)", a plain word stays bare (`private`, a date), other
 * strings are quoted, structures are written compactly and cut at `max` characters with "…";
 * values under secret names are "(hidden)" at any depth.
 */
export function preview(value: unknown, max = PREVIEW_LENGTH): string {
  if (typeof value === 'string' && BARE.test(value)) return value;
  if (isRecord(value)) {
    const words = described(value);
    if (words) return words;
  }
  const out = new Out(max);
  write(out, value, 0);
  return out.full ? out.text.slice(0, max) + '…' : out.text;
}

const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * "before → after" for a changed value; lists of plain values read as what was added and
 * removed (`+ Editor, − Reader`), which is what a learner looks for in roles and members.
 */
export function transition(before: unknown, after: unknown): string {
  if (Array.isArray(before) && Array.isArray(after) && before.every(isPrimitive) && after.every(isPrimitive) && (before.length || after.length)) {
    const had = new Set(before);
    const has = new Set(after);
    const added = after.filter((x) => !had.has(x));
    const removed = before.filter((x) => !has.has(x));
    if (added.length || removed.length) {
      const parts = [...added.map((x) => `+ ${preview(x)}`), ...removed.map((x) => `− ${preview(x)}`)];
      const text = parts.join(', ');
      return text.length > PREVIEW_LENGTH * 2 ? `${text.slice(0, PREVIEW_LENGTH * 2)}…` : text;
    }
    return `${preview(before)} → ${preview(after)} (order)`;
  }
  return `${preview(before)} → ${preview(after)}`;
}

/** Equal as data (identity first: unchanged subtrees are shared between states). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameValue(x, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
