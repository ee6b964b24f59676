// One readable line of a change: what changed (area and target), which property, and how.
// The same lines are shown by the explorer's change panel, sent on the change stream and
// printed by --trace.

export interface ChangeLine {
  /** What kind of thing changed: content, user, group, registry, type, alias, catalog, … */
  area: string;
  /** Which one: a site-relative path ('/' is the site root), a user id, a record name. */
  target: string;
  /** The property that changed; absent when the line is about the whole thing. */
  field?: string;
  op: 'add' | 'remove' | 'replace';
  /** The readable detail: `private → published`, `created Document "News"`. */
  detail: string;
  /** The whole line: `content /news/item-1 review_state: private → published`. */
  text: string;
}

export interface ChangeDescription {
  /** Changes of the site state, in the order the commit made them. */
  changes: ChangeLine[];
  /** Derived indexes the commit touched: catalog entries, aliases. */
  indexes: ChangeLine[];
  /** Lines left out beyond the limit (a commit that copied a big folder, say). */
  omitted: number;
}

/** Most lines one description holds (changes and indexes together). */
export const MAX_LINES = 200;

/** `detail` is a value change (`a → b`): written after a colon even without a field. */
export function makeLine(area: string, target: string, field: string | undefined, op: ChangeLine['op'], detail: string, values = !!field): ChangeLine {
  const head = target ? `${area} ${target}` : area;
  const text = field ? `${head} ${field}: ${detail}` : values ? `${head}: ${detail}` : `${head} ${detail}`;
  return field ? { area, target, field, op, detail, text } : { area, target, op, detail, text };
}

/** Collects lines up to MAX_LINES and counts the rest. */
export class LineSink {
  readonly changes: ChangeLine[] = [];
  readonly indexes: ChangeLine[] = [];
  omitted = 0;

  get full(): boolean {
    return this.changes.length + this.indexes.length >= MAX_LINES;
  }

  change(line: ChangeLine): void {
    if (this.full) this.omitted++;
    else this.changes.push(line);
  }

  index(line: ChangeLine): void {
    if (this.full) this.omitted++;
    else this.indexes.push(line);
  }

  result(): ChangeDescription {
    return { changes: this.changes, indexes: this.indexes, omitted: this.omitted };
  }
}
